/**
 * One definition per API endpoint: method, path, inputs, success response and access. The server
 * registers its handler against it (routes, validation, OpenAPI); the web calls it through one typed
 * client (`callEndpoint` / `useEndpoint`), so a path, a schema or a level is written once.
 */
import type { z } from 'zod';
import type { CacheTarget } from './cache.ts';
import type { FairUseKind } from './fair-use.ts';
import type { RouteAccess } from './permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointDefinition {
  method: HttpMethod;
  /** The path under `/api`, in the spec's casing, with `:name` parameters. */
  path: string;
  summary: string;
  tags: readonly string[];
  access: RouteAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** The body is multipart/form-data with one file in the field `File` (checked by content on the server). */
  upload?: true;
  /** The success body; a file download answers the file instead (`download: true` in `access`). */
  response?: z.ZodType;
  /** Success status: 200 unless said (201 for creates, 204 without body). */
  status?: 200 | 201 | 204;
  /** Error statuses this endpoint answers beyond the ones its access implies (400, 401, 403, 404). */
  errors?: readonly (401 | 409 | 413 | 429 | 503)[];
  /** Heavy work: at most `FAIR_USE_LIMITS[kind]` such calls of one user at once per instance, beyond that 429 (fair-use.ts). */
  fairUse?: FairUseKind;
  /**
   * A write (every method but GET) declares what its success may change in the web's cache: areas or
   * GET paths (cache.ts); `[]` when it changes nothing cached (a read sent as POST, a password). The
   * web refreshes these once the call settles, so no screen lists them (decision 070).
   */
  invalidates?: readonly CacheTarget[];
  /** The query flag (`dryRun`, `validate`) whose 'true' makes the call write nothing: it refreshes nothing then. */
  dryRun?: string;
}

/** Keeps the literal types of a definition (for typed handlers and the typed client). */
export const defineEndpoint = <const E extends EndpointDefinition>(endpoint: E): E => endpoint;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type Field<K extends string, S> = [S] extends [z.ZodType]
  ? undefined extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : Record<never, never> extends z.input<S>
      ? { [P in K]?: z.input<S> }
      : { [P in K]: z.input<S> }
  : Record<never, never>;

/** What a client sends: path parameters, query and body, each only where the endpoint has it. */
export type EndpointInput<E extends EndpointDefinition> = Field<'params', E['params']> &
  Field<'query', E['query']> &
  (E['upload'] extends true ? { body: FormData } : Field<'body', E['body']>);

/** What the server answers on success. */
// biome-ignore lint/suspicious/noConfusingVoidType: a 204 answers nothing, and handlers return nothing for it.
export type EndpointOutput<E extends EndpointDefinition> = E['status'] extends 204 ? void : OutputOf<E['response']>;

/** Parsed inputs as a handler receives them. */
export interface EndpointParsed<E extends EndpointDefinition> {
  params: OutputOf<E['params']>;
  query: OutputOf<E['query']>;
  body: OutputOf<E['body']>;
}
export type { InputOf as EndpointSchemaInput };

/** `/Owners/:id/types/:t` with `{ id: 3, t: 7 }` -> `/Owners/3/types/7` (each value URI-encoded). */
export function endpointPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
