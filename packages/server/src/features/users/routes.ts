import { idParam, userDetail, userEditBody, userList, userListQuery } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { accountUserRoutes } from './account-routes.ts';
import { manageUsers, userErrors } from './policy.ts';
import { ownerExists, selectAdminUsers } from './queries.ts';
import { deleteUser, getUserDetail, saveUser } from './service.ts';

export async function userRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Account/GetUsers',
    {
      config: { access: manageUsers },
      schema: {
        tags: ['Account'],
        summary: 'All users by email; `search` keeps those whose email or alias contains it (case-insensitive)',
        querystring: userListQuery,
        response: { 200: userList, ...userErrors },
      },
    },
    (request) => selectAdminUsers(db, { search: request.query.search }),
  );

  r.get(
    '/Account/Users/External/:id',
    {
      config: { access: manageUsers },
      schema: {
        tags: ['Account'],
        summary: 'The external (Report) users who have owner {id} among their owners',
        params: idParam,
        response: { 200: userList, ...userErrors },
      },
    },
    async (request) => {
      if (!(await ownerExists(db, request.params.id))) throw notFound('The owner');
      return selectAdminUsers(db, { externalOfOwner: request.params.id });
    },
  );

  const tags = ['Users'];
  r.get(
    '/Users/:id',
    {
      config: { access: manageUsers },
      schema: {
        tags,
        summary: 'One user, with every owner that can be granted (availableOwners)',
        params: idParam,
        response: { 200: userDetail, ...userErrors },
      },
    },
    (request) => getUserDetail(db, request.params.id),
  );

  r.put(
    '/Users/:id',
    {
      config: { access: manageUsers },
      schema: {
        tags,
        summary: "Save a user's level, type, owners (or all owners) and alias; access changes end the user's sessions",
        params: idParam,
        body: userEditBody,
        response: { 200: userDetail, ...userErrors },
      },
    },
    (request) => saveUser(db, { actor: currentUser(request), userId: request.params.id, edit: request.body }),
  );

  r.delete(
    '/Users/:id',
    {
      config: { access: manageUsers },
      schema: {
        tags,
        summary: 'Delete a user (not yourself); their sessions end',
        params: idParam,
        response: { 204: z.null(), ...userErrors },
      },
    },
    async (request, reply) => {
      await deleteUser(db, { actor: currentUser(request), userId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  await accountUserRoutes(app, context);
}
