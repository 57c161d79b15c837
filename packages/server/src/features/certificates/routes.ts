import {
  certificateEditorMessages,
  certificateEndpoints as e,
  certificateEditorEndpoints as editor,
  IMPORT_FILE_MAX_BYTES,
} from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { readTextUpload } from '../../http/uploads.ts';
import * as edit from './editor-service.ts';
import * as service from './service.ts';

export const certificateRoutes: FeatureRoutes = (register, { db }) => {
  register(e.list, ({ scope, query }) => service.listCertificates(db, { scope, query }));
  register(e.get, ({ user, scope, params }) => service.getCertificate(db, { user, scope, id: params.id }));
  register(editor.create, ({ user, scope, body }) => edit.createCertificate(db, { user, scope, body }));
  register(editor.update, ({ user, scope, params, body }) => edit.updateCertificate(db, { user, scope, id: params.id, body }));
  register(editor.delete, ({ user, scope, params }) => edit.deleteCertificate(db, { user, scope, id: params.id }));
  register(editor.series, ({ body }) => edit.expandSeries(db, body));
  register(editor.import, async ({ request }) => {
    const text = await readTextUpload(request, { maxBytes: IMPORT_FILE_MAX_BYTES, notText: certificateEditorMessages.importNotText });
    return edit.checkImportFile(db, text);
  });
};
