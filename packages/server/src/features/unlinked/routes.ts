import { unlinkedEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import * as service from './service.ts';

export const unlinkedRoutes: FeatureRoutes = (register, { db }) => {
  register(e.list, ({ user, query }) => service.listUnlinked(db, { user, query }));
  register(e.update, ({ user, scope, params, body }) => service.updateUnlinked(db, { user, scope, id: params.id, body }));
  register(e.delete, ({ params }) => service.deleteUnlinked(db, { id: params.id }));
};
