import {
  equipmentTagPage,
  equipmentTagQuery,
  errorBody,
  type RouteAccess,
  TAG_FILE_MAX_BYTES,
  tagFileCheck,
  tagFileMessages,
  tagImportQuery,
  tagImportResult,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/access.ts';
import { multipartRoute, readTextUpload } from '../../http/uploads.ts';
import { checkTagFile, importTagFile, listEquipmentTags } from './service.ts';

const tags = ['EquipmentTags'];
/** Section 6: Equipment tags is a Certificates-level admin screen for internal staff. */
const manageTags: RouteAccess = { level: 'Certificates', internal: true };
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

export async function equipmentTagRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/EquipmentTags',
    {
      config: { access: manageTags },
      schema: {
        tags,
        summary: 'Equipment tags by stamped id, one page; search matches a part of the stamped id or the tag',
        querystring: equipmentTagQuery,
        response: { 200: equipmentTagPage, ...errors },
      },
    },
    (request) => listEquipmentTags(db, request.query),
  );

  const upload = multipartRoute('Text file (UTF-8), one tag per line: stampedId;tag;color (colour optional)');
  r.post(
    '/EquipmentTags',
    {
      config: { access: manageTags },
      validatorCompiler: upload.validatorCompiler,
      schema: {
        ...upload.schema,
        tags,
        summary: 'Import tags from a file (all or nothing); with validate=true only check it: errors per line or the content',
        querystring: tagImportQuery,
        response: { 200: z.union([tagImportResult, tagFileCheck]), ...errors },
      },
    },
    async (request) => {
      const text = await readTextUpload(request, { maxBytes: TAG_FILE_MAX_BYTES, notText: tagFileMessages.notText });
      if (request.query.validate) return checkTagFile(text);
      return importTagFile(db, { text, user: currentUser(request) });
    },
  );
}
