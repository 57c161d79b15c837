import { measurementEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import * as service from './service.ts';

export const measurementRoutes: FeatureRoutes = (register, { db }) => {
  register(e.templates, ({ user, scope, params }) => service.getTemplates(db, { user, scope }, params.id));
  register(e.setTypeTemplate, ({ user, scope, params, body }) => service.setTypeTemplate(db, { user, scope }, params.id, body));
  register(e.removeTypeTemplate, ({ user, scope, params }) => service.removeTypeTemplate(db, { user, scope }, params.id));
  register(e.setSubTypeTemplate, ({ user, scope, params, body }) => service.setSubTypeTemplate(db, { user, scope }, params.id, body));
  register(e.removeSubTypeTemplate, ({ user, scope, params }) => service.removeSubTypeTemplate(db, { user, scope }, params.id));
  register(e.copy, ({ user, scope, params, body }) => service.copyTemplate(db, { user, scope }, params.id, body.certificateType));
  register(e.version, ({ user, scope, params }) => service.getVersion(db, { user, scope }, params.id));
};
