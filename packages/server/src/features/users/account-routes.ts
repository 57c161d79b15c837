/** The spec's /Account calls for user administration, and the signed-in user's own profile. */
import { adminUser, currentOwnerQuery, idParam, registerUserBody, setPasswordBody, userChipParams, userInfo } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { manageUsers, userErrors } from './policy.ts';
import { registerUser, setUserPassword } from './registration.ts';
import { getUserInfo, removeUserChip, setCurrentOwner, setUserChip } from './service.ts';

const tags = ['Account'];

export async function accountUserRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/Account/Register',
    {
      config: { access: manageUsers },
      schema: {
        tags,
        summary: 'Add an internal user (level None) by email; they get a mail with a single-use link to set a password',
        body: registerUserBody,
        response: { 201: adminUser, ...userErrors },
      },
    },
    async (request, reply) => {
      const user = await registerUser({ db, config, log: request.log }, { actor: currentUser(request), email: request.body.email });
      return reply.status(201).send(user);
    },
  );

  r.post(
    '/Account/SetPassword',
    {
      config: { access: manageUsers },
      schema: {
        tags,
        summary: "Set another user's password (minimum 8 characters, retyped); their sessions end",
        body: setPasswordBody,
        response: { 204: z.null(), ...userErrors },
      },
    },
    async (request, reply) => {
      await setUserPassword(db, { actor: currentUser(request), body: request.body });
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/Account/SetUserChip/:userId/:chipId',
    {
      config: { access: manageUsers },
      schema: {
        tags,
        summary: 'Give user {userId} the 16-character chip {chipId}, replacing their chip; refused when equipment or another user has it',
        params: userChipParams,
        response: { 200: adminUser, ...userErrors },
      },
    },
    (request) => setUserChip(db, { actor: currentUser(request), ...request.params }),
  );

  r.post(
    '/Account/:id/RemoveChip',
    {
      config: { access: manageUsers },
      schema: { tags, summary: "Remove the user's chip; their sessions end", params: idParam, response: { 200: adminUser, ...userErrors } },
    },
    (request) => removeUserChip(db, { actor: currentUser(request), userId: request.params.id }),
  );

  r.get(
    '/Account/UserInfo',
    {
      config: { access: { level: 'None' } },
      schema: {
        tags,
        summary: "The signed-in user's profile: owners with short codes, chip, level name, type label and current owner",
        response: { 200: userInfo, 401: userErrors[401] },
      },
    },
    (request) => getUserInfo(db, currentUser(request).id),
  );

  r.put(
    '/Account/:id/currentOwner',
    {
      config: { access: { level: 'None' } },
      schema: {
        tags,
        summary: "Set the signed-in user's current owner (one of their owners); {id} must be the signed-in user",
        params: idParam,
        querystring: currentOwnerQuery,
        response: { 200: userInfo, ...userErrors },
      },
    },
    (request) => setCurrentOwner(db, { actor: currentUser(request), userId: request.params.id, ownerId: request.query.ownerId }),
  );
}
