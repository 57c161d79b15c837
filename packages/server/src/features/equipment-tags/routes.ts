import { equipmentTagEndpoints as e, TAG_FILE_MAX_BYTES, tagFileMessages } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { readTextUpload } from '../../http/uploads.ts';
import { checkTagFile, importTagFile, listEquipmentTags } from './service.ts';

export const equipmentTagRoutes: FeatureRoutes = (register, { db }) => {
  register(e.list, ({ user, query }) => listEquipmentTags(db, query, user));
  register(e.import, async ({ user, query, request }) => {
    const text = await readTextUpload(request, { maxBytes: TAG_FILE_MAX_BYTES, notText: tagFileMessages.notText });
    return query.validate ? checkTagFile(text) : importTagFile(db, { text, user });
  });
};
