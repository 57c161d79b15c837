import { fileEndpoints as e, fileMessages } from '@portal/contract';
import { issueDownloadToken } from '../../auth/download-links.ts';
import { requireAccess } from '../../auth/policy.ts';
import { sendAttachment } from '../../http/downloads.ts';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { attachmentKinds, helpKinds } from '../../http/file-kinds.ts';
import { readCheckedUpload } from '../../http/uploads.ts';
import { addHelpFile, deleteHelpFile, listHelpFiles } from './help.ts';
import { createFile, deleteFile, getFileForDownload, getRenditionForDownload, listOwnFiles, renameFile } from './service.ts';

export const fileRoutes: FeatureRoutes = (register, { db }) => {
  register(e.downloadToken, ({ user }) => issueDownloadToken(db, user));
  register(e.list, ({ user, query }) => listOwnFiles(db, { user, ...query }));
  register(e.upload, async ({ user, query, request }) => {
    const help = query.purpose === 'help';
    if (help) requireAccess(user, e.addHelp.access, fileMessages.helpNeedsAdmin);
    const file = await readCheckedUpload(request, help ? helpKinds : attachmentKinds);
    return createFile(db, { upload: file, user });
  });
  register(e.download, async ({ user, scope, params, query, reply }) =>
    sendAttachment(
      reply,
      query.size
        ? await getRenditionForDownload(db, { id: params.id, size: query.size, user, scope })
        : await getFileForDownload(db, { id: params.id, user, scope }),
    ),
  );
  register(e.rename, ({ user, scope, params, body }) => renameFile(db, { id: params.id, user, scope, fileName: body.fileName }));
  register(e.delete, ({ user, scope, params }) => deleteFile(db, { id: params.id, user, scope }));
  register(e.help, ({ user }) => listHelpFiles(db, { user }));
  register(e.addHelp, ({ user, body }) => addHelpFile(db, { fileId: body.fileId, user }));
  register(e.deleteHelp, ({ query }) => deleteHelpFile(db, { id: query.id }));
};
