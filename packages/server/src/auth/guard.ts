/**
 * The access guard. Every API route declares `config.access` (a RouteAccess from the contract):
 * registering an /api route without one fails at start-up. The guard runs on request, before the body
 * is parsed or validated, so anonymous callers learn nothing from 400s. It puts the signed-in user and
 * their owner scope on the request.
 */
import { type GuardedAccess, isPublicAccess, meetsAccess, messages, type RouteAccess } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Database } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { redeemDownloadToken } from './download-links.ts';
import { type OwnerScope, scopeOf } from './scope.ts';
import type { SessionCache } from './session-cache.ts';
import { findSessionUser } from './sessions.ts';
import type { AuthUser } from './users.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    scope: OwnerScope | null;
  }
}

/** The registered routes and what each declared, for the access snapshot and matrix tests. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

/** Routes that plugins register for the API documentation are public. */
const DOCS_PREFIX = '/api/docs';

export function registerAccessControl(app: FastifyInstance, db: Database, declared: DeclaredRoute[], sessions?: SessionCache) {
  app.decorateRequest('user', null);
  app.decorateRequest('scope', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, access: { public: true } };
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, access });
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    if (isPublicAccess(access)) return;
    const guard = async (request: FastifyRequest) => {
      const user = await authenticate(db, request, access, sessions);
      if (!meetsAccess(user, access)) throw new AppError(403, messages.forbidden);
      request.user = user;
      request.scope = scopeOf(user);
    };
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** A download link's token, from `?access_token=` (only download routes look at it). */
function linkToken(request: FastifyRequest): string | undefined {
  const value = (request.query as { access_token?: unknown } | undefined)?.access_token;
  return typeof value === 'string' && value ? value : undefined;
}

async function authenticate(db: Database, request: FastifyRequest, access: GuardedAccess, sessions?: SessionCache): Promise<AuthUser> {
  const bearer = bearerToken(request);
  const link = access.download && !bearer ? linkToken(request) : undefined;
  const user = bearer ? await findSessionUser(db, bearer, sessions) : link ? await redeemDownloadToken(db, link) : null;
  if (!user) throw new AppError(401, messages.notSignedIn);
  return user;
}
