/**
 * Authentication and authorisation. Every API route declares `config.access` (a RouteAccess from the
 * contract): registering an /api route without one fails at start-up, and a test walks all routes.
 */
import { messages, type RouteAccess, UserLevel, UserType } from '@portal/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Database } from '../db/client.ts';
import { findSessionUser } from '../features/account/sessions.ts';
import { AppError } from './errors.ts';

export interface AuthUser {
  id: number;
  email: string;
  userType: number;
  userLevel: number;
  allOwners: boolean;
  ownerIds: number[];
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The registered routes and what each declared, for the permission walker test and the docs. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

/** Routes that plugins register for the API documentation are public. */
const DOCS_PREFIX = '/api/docs';

export function registerAccessControl(app: FastifyInstance, db: Database, declared: DeclaredRoute[]) {
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, access: { public: true } };
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, access });
    if (!access) throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    if ('public' in access) return;
    const guard = async (request: FastifyRequest) => {
      request.user = await authenticate(db, request);
      authorise(request.user, access);
    };
    // onRequest: before the body is parsed or validated, so anonymous callers learn nothing from 400s.
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

async function authenticate(db: Database, request: FastifyRequest): Promise<AuthUser> {
  const token = bearerToken(request);
  const user = token ? await findSessionUser(db, token) : null;
  if (!user) throw new AppError(401, messages.notSignedIn);
  return user;
}

export function authorise(user: AuthUser, access: Exclude<RouteAccess, { public: true }>) {
  if (user.userLevel < UserLevel[access.level]) throw new AppError(403, messages.forbidden);
  if (access.internal && user.userType !== UserType.Admin) throw new AppError(403, messages.forbidden);
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(401, messages.notSignedIn);
  return request.user;
}

/**
 * The owners whose data the user may see: null means all owners. Owner-scoped queries put this in
 * their WHERE clause (`owner_id = ANY(scope)`), never filter results afterwards.
 */
export function ownerScope(user: AuthUser): number[] | null {
  return user.allOwners ? null : user.ownerIds;
}
