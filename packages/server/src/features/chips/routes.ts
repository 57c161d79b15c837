import { chipEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { addChip, listChips, removeChip } from './service.ts';

export const chipRoutes: FeatureRoutes = (register, { db }) => {
  register(e.list, ({ user, scope, query }) => listChips(db, { user, scope, query }));
  register(e.add, ({ user, scope, body }) => addChip(db, { user, scope, body }));
  register(e.remove, ({ user, scope, params }) => removeChip(db, { user, scope, chipId: params.id }));
};
