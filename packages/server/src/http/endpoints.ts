/**
 * Registers a handler against an endpoint definition of the contract: the definition gives the path,
 * the schemas (validation, serialisation, OpenAPI), the success status, the error responses its access
 * implies, and the access the guard applies. Handlers receive parsed inputs, the signed-in user and,
 * on owner-scoped routes, the caller's owner scope.
 */
import {
  type EndpointDefinition,
  type EndpointOutput,
  type EndpointParsed,
  errorBody,
  IDEMPOTENT_REPLAY_HEADER,
  isPublicAccess,
} from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { OwnerScope } from '../auth/scope.ts';
import type { AuthUser } from '../auth/users.ts';
import type { AppContext } from '../context.ts';
import { asCaller } from '../db/fair-turns.ts';
import type { FairUse } from './fair-use.ts';
import { type IdempotentAnswers, idempotencyKey } from './idempotency.ts';
import { multipartRoute } from './uploads.ts';

type Access<E extends EndpointDefinition> = E['access'];
type UserPart<E extends EndpointDefinition> = Access<E> extends { public: true } ? unknown : { user: AuthUser };
type ScopePart<E extends EndpointDefinition> = Access<E> extends { ownerScoped: true } ? { scope: OwnerScope } : unknown;

export type HandlerInput<E extends EndpointDefinition> = EndpointParsed<E> &
  UserPart<E> &
  ScopePart<E> & {
    request: FastifyRequest;
    reply: FastifyReply;
  };

/** A handler answers the endpoint's success body, or the reply it has sent itself (a file). */
export type EndpointHandler<E extends EndpointDefinition> = (
  input: HandlerInput<E>,
) => EndpointOutput<E> | FastifyReply | Promise<EndpointOutput<E> | FastifyReply>;

/** Server-only route options (rate limits). */
export type RouteExtras = Pick<RouteShorthandOptions, 'config'>;

export type Register = <E extends EndpointDefinition>(endpoint: E, handler: EndpointHandler<E>, extras?: RouteExtras) => void;

/** A feature's routes: one `register(endpoint, handler)` call per endpoint. */
export type FeatureRoutes = (register: Register, context: AppContext) => void;

const fileResponse = { description: 'The file, as an attachment', content: { 'application/octet-stream': { schema: z.any() } } };

/** The error statuses an endpoint can answer, from its inputs and access. */
function errorStatuses(endpoint: EndpointDefinition): number[] {
  const statuses = new Set<number>([400, ...(endpoint.errors ?? [])]);
  if (endpoint.fairUse) statuses.add(429);
  // Idempotency-Key on a signed-in write: another request with the key (422), its first call still running (409).
  if (endpoint.method !== 'GET' && !isPublicAccess(endpoint.access)) {
    statuses.add(409);
    statuses.add(422);
  }
  if (!isPublicAccess(endpoint.access)) {
    statuses.add(401);
    statuses.add(403);
  }
  if (endpoint.params || (!isPublicAccess(endpoint.access) && endpoint.access.ownerScoped)) statuses.add(404);
  return [...statuses].sort();
}

function schemaOf(endpoint: EndpointDefinition, upload: ReturnType<typeof multipartRoute> | undefined): FastifySchema {
  const success = endpoint.status ?? 200;
  const download = !isPublicAccess(endpoint.access) && endpoint.access.download;
  const response: Record<number, unknown> = {
    [success]: success === 204 ? z.null() : download ? fileResponse : (endpoint.response ?? z.null()),
  };
  for (const status of errorStatuses(endpoint)) response[status] = errorBody;
  return {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...upload?.schema,
    response,
  };
}

/** What the registration enforces around every handler: fair use and Idempotency-Key. */
export interface Registration {
  fairUse: FairUse;
  idempotent: IdempotentAnswers;
}

export function registrarFor(app: FastifyInstance, { fairUse, idempotent }: Registration): Register {
  return (endpoint, handler, extras) => {
    const download = !isPublicAccess(endpoint.access) && endpoint.access.download;
    const status = endpoint.status ?? 200;
    // Multipart bodies are read by the handler (content-checked), not by the schema validator.
    const upload = endpoint.upload ? multipartRoute(endpoint.summary) : undefined;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: schemaOf(endpoint, upload),
      config: { ...extras?.config, access: endpoint.access },
      ...(upload && { validatorCompiler: upload.validatorCompiler }),
      // A HEAD request would spend a single-use download token without delivering the file.
      ...(download && { exposeHeadRoute: false }),
      // A signed-in request waits for the database in turn with other users' (db/fair-turns.ts).
      handler: (request, reply) =>
        request.user ? asCaller(String(request.user.id), () => handle(request, reply)) : handle(request, reply),
    });
    async function handle(request: FastifyRequest, reply: FastifyReply) {
      // Signed-in writes honour Idempotency-Key (public ones, the sign-in among them, have no user to key it to).
      const user = request.user;
      const key = user && endpoint.method !== 'GET' ? idempotencyKey(request) : undefined;
      if (user && key) {
        const kept = await idempotent.claim(user.id, key, request);
        if (kept) {
          reply.status(kept.status).header(IDEMPOTENT_REPLAY_HEADER, 'true');
          return kept.body === null ? reply.send(null) : reply.type('application/json; charset=utf-8').send(kept.body);
        }
      }
      try {
        if (endpoint.fairUse && user) {
          // Held until the answer has ended or the client has gone ('close' comes in both cases).
          const release = fairUse.acquire(user.id, endpoint.fairUse);
          reply.raw.once('close', release);
        }
        const input = {
          params: request.params,
          query: request.query,
          body: request.body,
          user,
          scope: request.scope,
          request,
          reply,
        } as unknown as HandlerInput<typeof endpoint>;
        const result = await handler(input);
        // A handler that streams returns the reply; awaiting it unwraps it (a Reply is a thenable that
        // resolves when the answer has ended), so `result` is then undefined and the reply already sent.
        if (result === reply || reply.sent) {
          if (user && key) await idempotent.free(user.id, key);
          return reply;
        }
        reply.status(status);
        if (!(user && key)) return reply.send(status === 204 ? null : result);
        // Kept as sent: the serialised body, replayed byte for byte.
        const body = status === 204 ? null : String(reply.serialize(result));
        await idempotent.keep(user.id, key, { status, body });
        return body === null ? reply.send(null) : reply.type('application/json; charset=utf-8').send(body);
      } catch (error) {
        if (user && key) await idempotent.free(user.id, key);
        throw error;
      }
    }
  };
}
