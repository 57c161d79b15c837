import { equipmentTagEndpoints as e, TAG_FILE_MAX_BYTES, tagFileMessages } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { readTextUpload } from '../../http/uploads.ts';
import { checkTagFile, importTagFile, listEquipmentTags } from './service.ts';

export const equipmentTagRoutes: FeatureRoutes = (register, { db }) => {
  register(e.list, ({ user, scope, query }) => listEquipmentTags(db, query, { user, scope }));
  register(e.import, async ({ user, scope, query, request }) => {
    const text = await readTextUpload(request, { maxBytes: TAG_FILE_MAX_BYTES, notText: tagFileMessages.notText });
    return query.validate ? checkTagFile(db, text, scope) : importTagFile(db, { text, user, scope });
  });
};
