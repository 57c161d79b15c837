import { folderEndpoints as e, isEnabledFlag } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { createFolder, deleteFolder, getFolder, getFolderTree, listFolderChildren, setFolderEnabled, updateFolder } from './service.ts';

export const folderRoutes: FeatureRoutes = (register, { db }) => {
  register(e.tree, () => getFolderTree(db));
  register(e.eventTypes, ({ params }) => listFolderChildren(db, { id: params.id, kind: 'eventType' }));
  register(e.oneLevel, ({ params }) => listFolderChildren(db, { id: params.id }));
  register(e.get, ({ params }) => getFolder(db, { id: params.id }));
  register(e.create, ({ user, body }) => createFolder(db, { user, body }));
  register(e.update, ({ user, params, body }) => updateFolder(db, { user, id: params.id, body }));
  register(e.setEnabled, ({ user, params }) => setFolderEnabled(db, { user, id: params.id, enabled: isEnabledFlag(params.flag) }));
  register(e.delete, ({ user, params }) => deleteFolder(db, { user, id: params.id }));
  register(e.rigs, () => listFolderChildren(db, { id: 0, kind: 'rig' }));
  register(e.rig, ({ params }) => getFolder(db, { id: params.id, kind: 'rig' }));
  register(e.rigProjects, ({ params }) => listFolderChildren(db, { id: params.id, kind: 'rig' }));
  register(e.createRig, ({ user, body }) => createFolder(db, { user, body: { ...body, kind: 'rig' } }));
};
