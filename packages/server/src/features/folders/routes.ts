import { folderEndpoints as e, isEnabledFlag, meaningEndpoints as m } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { confirmMeanings, getMeaningReview } from './meanings.ts';
import {
  createFolder,
  deleteFolder,
  getFolder,
  getFolderTree,
  getFolderUsage,
  listFolderChildren,
  setFolderEnabled,
  updateFolder,
} from './service.ts';

export const folderRoutes: FeatureRoutes = (register, { db }) => {
  register(e.tree, ({ user }) => getFolderTree(db, { user }));
  register(e.eventTypes, ({ user, params }) => listFolderChildren(db, { user, id: params.id, kind: 'eventType' }));
  register(e.oneLevel, ({ user, params }) => listFolderChildren(db, { user, id: params.id }));
  register(e.get, ({ user, params }) => getFolder(db, { user, id: params.id }));
  register(e.create, ({ user, body }) => createFolder(db, { user, body }));
  register(e.update, ({ user, params, body }) => updateFolder(db, { user, id: params.id, body }));
  register(e.setEnabled, ({ user, params }) => setFolderEnabled(db, { user, id: params.id, enabled: isEnabledFlag(params.flag) }));
  register(e.usage, ({ user, params }) => getFolderUsage(db, { user, id: params.id }));
  register(e.delete, ({ user, params }) => deleteFolder(db, { user, id: params.id }));
  register(e.rigs, ({ user }) => listFolderChildren(db, { user, id: 0, kind: 'rig' }));
  register(e.rig, ({ user, params }) => getFolder(db, { user, id: params.id, kind: 'rig' }));
  register(e.rigProjects, ({ user, params }) => listFolderChildren(db, { user, id: params.id, kind: 'rig' }));
  register(m.meaningReview, () => getMeaningReview(db));
  register(m.confirmMeanings, ({ user }) => confirmMeanings(db, user));
  register(e.createRig, ({ user, body }) => createFolder(db, { user, body: { ...body, kind: 'rig' } }));
};
