import { userEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { notFound } from '../../http/errors.ts';
import { ownerExists, selectAdminUsers } from './queries.ts';
import { registerUser, setUserPassword } from './registration.ts';
import {
  deleteUser,
  getUserDetail,
  getUserInfo,
  removeUserChip,
  saveUser,
  setCurrentOwner,
  setInspectorProfile,
  setUserChip,
} from './service.ts';

export const userRoutes: FeatureRoutes = (register, { db, config }) => {
  register(e.list, ({ user, query }) => selectAdminUsers(db, { search: query.search, viewer: user }));
  register(e.externalOfOwner, async ({ user, params }) => {
    // An owner outside the caller's list reads as missing, as elsewhere (docs/security.md rule 4).
    const inScope = user.allOwners || user.ownerIds.includes(params.id);
    if (!inScope || !(await ownerExists(db, params.id))) throw notFound('The owner');
    return selectAdminUsers(db, { externalOfOwner: params.id, viewer: user });
  });
  register(e.get, ({ user, params }) => getUserDetail(db, params.id, user));
  register(e.update, ({ user, params, body }) => saveUser(db, { actor: user, userId: params.id, edit: body }));
  register(e.delete, ({ user, params }) => deleteUser(db, { actor: user, userId: params.id }));
  register(e.register, ({ user, body, request }) => registerUser({ db, config, log: request.log }, { actor: user, email: body.email }));
  register(e.setPassword, ({ user, body }) => setUserPassword(db, { actor: user, body }));
  register(e.setChip, ({ user, params }) => setUserChip(db, { actor: user, ...params }));
  register(e.removeChip, ({ user, params }) => removeUserChip(db, { actor: user, userId: params.id }));
  register(e.userInfo, ({ user }) => getUserInfo(db, user));
  register(e.setCurrentOwner, ({ user, params, query }) => setCurrentOwner(db, { actor: user, userId: params.id, ownerId: query.ownerId }));
  register(e.setInspectorProfile, ({ user, body }) => setInspectorProfile(db, user, body));
};
