import { currentUser as currentUserSchema, errorBody, loginBody, loginResponse } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { getCurrentUser, login } from './service.ts';
import { revokeSession } from './sessions.ts';

const tags = ['Account'];

export async function accountRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/Account/Login',
    {
      config: { access: { public: true }, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sign in with email or alias and password',
        body: loginBody,
        response: { 200: loginResponse, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    (request) => login(db, { ...request.body, ip: request.ip }),
  );

  r.post(
    '/Account/Logout',
    {
      config: { access: { level: 'None' } },
      schema: { tags, summary: 'End this session: its token stops working', response: { 204: z.null(), 401: errorBody } },
    },
    async (request, reply) => {
      await revokeSession(db, currentUser(request).sessionId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/Account/CurrentUser',
    {
      config: { access: { level: 'None' } },
      schema: { tags, summary: 'The signed-in user', response: { 200: currentUserSchema, 401: errorBody } },
    },
    (request) => getCurrentUser(db, currentUser(request).id),
  );
}
