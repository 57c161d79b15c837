import {
  createFolderBody,
  createRigBody,
  errorBody,
  folder,
  folderEnabledParams,
  folderList,
  folderOrRootParam,
  folderTree,
  idParam,
  isEnabledFlag,
  type RouteAccess,
  updateFolderBody,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { createFolder, deleteFolder, getFolder, getFolderTree, listFolderChildren, setFolderEnabled, updateFolder } from './service.ts';

/** Folders are read by internal staff with Read level (they name events' types, rigs and statuses). */
const readFolders: RouteAccess = { level: 'Read', internal: true };
/**
 * Writes need Events level (rigs, projects); the service also demands Admin for event types and
 * statuses (section 6), which it can only tell once it knows the folder's kind.
 */
const writeFolders: RouteAccess = { level: 'Events', internal: true };
const readErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const writeErrors = { ...readErrors, 409: errorBody };
const levelNote = 'Event types and statuses need Admin level; rigs and projects need Events level.';

export async function folderRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Folders'];

  r.get(
    '/Folders/aggregated',
    {
      config: { access: readFolders },
      schema: {
        tags,
        summary: 'The whole tree: event types with their statuses, rigs with their projects',
        response: { 200: folderTree, ...readErrors },
      },
    },
    () => getFolderTree(db),
  );

  r.get(
    '/Folders/:id/eventTypes',
    {
      config: { access: readFolders },
      schema: {
        tags,
        summary: 'The statuses of event type {id}; id 0 gives the event types',
        params: folderOrRootParam,
        response: { 200: folderList, ...readErrors },
      },
    },
    (request) => listFolderChildren(db, { id: request.params.id, kind: 'eventType' }),
  );

  r.get(
    '/Folders/:id/oneLevel',
    {
      config: { access: readFolders },
      schema: {
        tags,
        summary: "A folder's direct children; id 0 gives the roots (event types and rigs)",
        params: folderOrRootParam,
        response: { 200: folderList, ...readErrors },
      },
    },
    (request) => listFolderChildren(db, { id: request.params.id }),
  );

  r.get(
    '/Folders/:id',
    { config: { access: readFolders }, schema: { tags, summary: 'One folder', params: idParam, response: { 200: folder, ...readErrors } } },
    (request) => getFolder(db, { id: request.params.id }),
  );

  r.post(
    '/Folders',
    {
      config: { access: writeFolders },
      schema: {
        tags,
        summary: 'Add a folder',
        description: `A status under an event type or a project under a rig (parentId); a root needs kind 'eventType' or 'rig'. Setting default clears the previous default of the same parent. ${levelNote}`,
        body: createFolderBody,
        response: { 201: folder, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createFolder(db, { user: currentUser(request), body: request.body })),
  );

  r.put(
    '/Folders/:id',
    {
      config: { access: writeFolders },
      schema: {
        tags,
        summary: 'Rename a folder, change its colour or make it the default',
        description: levelNote,
        params: idParam,
        body: updateFolderBody,
        response: { 200: folder, ...writeErrors },
      },
    },
    (request) => updateFolder(db, { user: currentUser(request), id: request.params.id, body: request.body }),
  );

  r.put(
    '/Folders/:id/enabled/:flag',
    {
      config: { access: writeFolders },
      schema: {
        tags,
        summary: 'Enable or disable a folder: disabled ones leave the pick lists and stay on history',
        description: levelNote,
        params: folderEnabledParams,
        response: { 200: folder, ...writeErrors },
      },
    },
    (request) => setFolderEnabled(db, { user: currentUser(request), id: request.params.id, enabled: isEnabledFlag(request.params.flag) }),
  );

  r.delete(
    '/Folders/:id',
    {
      config: { access: writeFolders },
      schema: {
        tags,
        summary: 'Delete a folder that nothing uses',
        description: `Refused with 409 while event items, events or child folders refer to it; disable it instead. ${levelNote}`,
        params: idParam,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await deleteFolder(db, { user: currentUser(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}

export async function rigRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Rigs'];

  r.get(
    '/Rigs',
    {
      config: { access: readFolders },
      schema: { tags, summary: 'All rigs, disabled ones included', response: { 200: folderList, ...readErrors } },
    },
    () => listFolderChildren(db, { id: 0, kind: 'rig' }),
  );

  r.get(
    '/Rigs/:id',
    { config: { access: readFolders }, schema: { tags, summary: 'One rig', params: idParam, response: { 200: folder, ...readErrors } } },
    (request) => getFolder(db, { id: request.params.id, kind: 'rig' }),
  );

  r.get(
    '/Rigs/:id/projects',
    {
      config: { access: readFolders },
      schema: {
        tags,
        summary: 'The projects of a rig, disabled ones included',
        params: idParam,
        response: { 200: folderList, ...readErrors },
      },
    },
    (request) => listFolderChildren(db, { id: request.params.id, kind: 'rig' }),
  );

  r.post(
    '/Rigs',
    {
      config: { access: writeFolders },
      schema: { tags, summary: 'Add a rig (Events level)', body: createRigBody, response: { 201: folder, ...writeErrors } },
    },
    async (request, reply) =>
      reply.status(201).send(await createFolder(db, { user: currentUser(request), body: { ...request.body, kind: 'rig' } })),
  );
}
