import { useMediaQuery } from '@mantine/hooks';

/** Below 768 px (spec section 2's first breakpoint): phone layout (UI.md "Under 768 px"). */
export const NARROW_QUERY = '(max-width: 48em)';

export function useNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY) ?? false;
}
