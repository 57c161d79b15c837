import { useParams } from 'react-router';

/** The largest id the server hands out (a PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/**
 * An id from the address (a route segment or `?edit=12`): a positive 32-bit integer written plainly
 * (no sign, no leading zero, no spaces). Anything else is null, which the page shows as page not found.
 */
export function parseId(text: string | null | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/**
 * The route's ids by parameter name (`useRouteIds('ownerId', 'typeId')`), or null when any of them is
 * missing or malformed: then the page renders <NotFoundPage />.
 */
export function useRouteIds<Name extends string>(...names: Name[]): Record<Name, number> | null {
  const params = useParams();
  const ids = {} as Record<Name, number>;
  for (const name of names) {
    const id = parseId(params[name]);
    if (id === null) return null;
    ids[name] = id;
  }
  return ids;
}
