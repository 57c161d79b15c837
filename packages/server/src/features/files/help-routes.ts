import { addHelpBody, errorBody, helpDeleteQuery, helpFile, type RouteAccess } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { addHelpFile, deleteHelpFile, listHelpFiles } from './help.ts';

const tags = ['Help'];
/** Section 6: help is for internal staff (Report users never see it); Admin level uploads and deletes. */
const readHelp: RouteAccess = { level: 'Read', internal: true };
const manageHelp: RouteAccess = { level: 'Admin', internal: true };
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

export async function helpRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/Help',
    { config: { access: readHelp }, schema: { tags, summary: 'The help files, by name', response: { 200: z.array(helpFile), ...errors } } },
    () => listHelpFiles(db),
  );

  r.post(
    '/Help',
    {
      config: { access: manageHelp },
      schema: {
        tags,
        summary: 'Add an uploaded file (POST /Files?purpose=help) to the help list',
        body: addHelpBody,
        response: { 201: helpFile, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await addHelpFile(db, { fileId: request.body.fileId, user: currentUser(request) })),
  );

  r.delete(
    '/Help',
    {
      config: { access: manageHelp },
      schema: {
        tags,
        summary: 'Remove a help file (by its help list id) and delete its file',
        querystring: helpDeleteQuery,
        response: { 204: z.null(), ...errors, 404: errorBody },
      },
    },
    async (request, reply) => {
      await deleteHelpFile(db, { id: request.query.id });
      return reply.status(204).send(null);
    },
  );
}
