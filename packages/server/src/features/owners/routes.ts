import { ownerEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import * as service from './service.ts';

export const ownerRoutes: FeatureRoutes = (register, { db }) => {
  register(e.userOwners, ({ scope }) => service.listUserOwners(db, { scope }));
  register(e.list, ({ user, scope }) => service.listOwners(db, { user, scope }));
  register(e.create, ({ user, body }) => service.createOwner(db, { user, body }));
  register(e.get, ({ user, scope, params }) => service.getOwner(db, { user, scope, id: params.id }));
  register(e.update, ({ user, scope, params, body }) => service.updateOwner(db, { user, scope, id: params.id, body }));
  register(e.types, ({ user, scope, params }) => service.listTypes(db, { user, scope, ownerId: params.id }));
  register(e.type, ({ user, scope, params }) => service.getType(db, { user, scope, id: params.t, ownerId: params.id }));
  register(e.subTypes, ({ user, scope, params }) => service.listSubTypes(db, { user, scope, ownerId: params.id, typeId: params.t }));
  register(e.subType, ({ user, scope, params: p }) => service.getSubType(db, { user, scope, id: p.s, ownerId: p.id, typeId: p.t }));
  register(e.dimensions, ({ user, scope, params: p }) =>
    service.listDimensions(db, { user, scope, ownerId: p.id, typeId: p.t, subTypeId: p.s }),
  );
  register(e.createType, ({ user, scope, body }) => service.createType(db, { user, scope, body }));
  register(e.renameType, ({ user, scope, params, body }) => service.renameType(db, { user, scope, id: params.id, body }));
  register(e.createSubType, ({ user, scope, body }) => service.createSubType(db, { user, scope, body }));
  register(e.renameSubType, ({ user, scope, params, body }) => service.renameSubType(db, { user, scope, id: params.id, body }));
  register(e.createDimension, ({ user, scope, body }) => service.createDimension(db, { user, scope, body }));
  register(e.renameDimension, ({ user, scope, params, body }) => service.renameDimension(db, { user, scope, id: params.id, body }));
};
