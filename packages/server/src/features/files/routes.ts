import {
  downloadQuery,
  downloadToken,
  errorBody,
  fileInfo,
  fileListQuery,
  fileMessages,
  filePage,
  hasLevel,
  idParam,
  type RouteAccess,
  renameFileBody,
  uploadQuery,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { downloadGuard, issueDownloadToken, sendAttachment } from '../../http/downloads.ts';
import { AppError } from '../../http/errors.ts';
import { attachmentKinds, helpKinds } from '../../http/file-kinds.ts';
import { multipartRoute, readCheckedUpload } from '../../http/uploads.ts';
import { createFile, deleteFile, getFileForDownload, listOwnFiles, renameFile } from './service.ts';

const tags = ['Files'];
/** Uploading and managing files is for internal staff who can add events (attachments). */
const manageFiles: RouteAccess = { level: 'Events', internal: true };
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

export async function fileRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/Account/DownloadToken',
    {
      config: { access: { level: 'None' } },
      schema: {
        tags,
        summary: 'A single-use token, valid two minutes, for one download link (?access_token=)',
        response: { 200: downloadToken, 401: errorBody },
      },
    },
    (request) => issueDownloadToken(db, currentUser(request).id),
  );

  r.get(
    '/Files',
    {
      config: { access: manageFiles },
      schema: {
        tags,
        summary: "The caller's uploads, newest first, one page",
        querystring: fileListQuery,
        response: { 200: filePage, ...errors },
      },
    },
    (request) => listOwnFiles(db, { user: currentUser(request), ...request.query }),
  );

  const upload = multipartRoute('One PDF or image; with purpose=help also an office document (Admin level). Checked by content.');
  r.post(
    '/Files',
    {
      config: { access: manageFiles },
      validatorCompiler: upload.validatorCompiler,
      schema: {
        ...upload.schema,
        tags,
        summary: 'Upload one file (multipart, field File); answers its id for use in other calls',
        querystring: uploadQuery,
        response: { 201: fileInfo, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const help = request.query.purpose === 'help';
      if (help && !hasLevel(user, 'Admin')) throw new AppError(403, fileMessages.helpNeedsAdmin);
      const file = await readCheckedUpload(request, help ? helpKinds : attachmentKinds);
      return reply.status(201).send(await createFile(db, { upload: file, user }));
    },
  );

  r.get(
    '/Files/:id',
    {
      // Links cannot send the bearer header: the guard also takes a download token (http/downloads.ts).
      config: { access: { public: true } },
      preHandler: downloadGuard(db, { level: 'None' }),
      // A HEAD request would spend the single-use token without delivering the file.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Download a file as an attachment (bearer header or ?access_token= from POST /Account/DownloadToken)',
        params: idParam,
        querystring: downloadQuery,
        response: {
          200: { description: 'The file, as an attachment', content: { 'application/octet-stream': { schema: z.any() } } },
          ...errors,
          404: errorBody,
        },
      },
    },
    async (request, reply) => sendAttachment(reply, await getFileForDownload(db, { id: request.params.id, user: currentUser(request) })),
  );

  r.put(
    '/Files/:id',
    {
      config: { access: manageFiles },
      schema: {
        tags,
        summary: 'Rename a file (its uploader or an administrator)',
        params: idParam,
        body: renameFileBody,
        response: { 200: fileInfo, ...errors, 404: errorBody },
      },
    },
    (request) => renameFile(db, { id: request.params.id, user: currentUser(request), fileName: request.body.fileName }),
  );

  r.delete(
    '/Files/:id',
    {
      config: { access: manageFiles },
      schema: {
        tags,
        summary: 'Delete a file that nothing refers to (its uploader or an administrator)',
        params: idParam,
        response: { 204: z.null(), ...errors, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      await deleteFile(db, { id: request.params.id, user: currentUser(request) });
      return reply.status(204).send(null);
    },
  );
}
