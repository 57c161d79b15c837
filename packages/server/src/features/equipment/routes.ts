import { equipmentEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { getEquipment, getEquipmentByChip, setEquipmentHidden } from './service.ts';

export const equipmentRoutes: FeatureRoutes = (register, { db }) => {
  register(e.get, ({ user, scope, params }) => getEquipment(db, { user, scope, stampedId: params.id }));
  register(e.item, ({ user, scope, params }) => getEquipment(db, { user, scope, stampedId: params.id }));
  register(e.setHidden, ({ user, scope, params }) =>
    setEquipmentHidden(db, { user, scope, stampedId: params.id, hidden: params.flag === 'true' }),
  );
  register(e.byChip, ({ user, scope, params }) => getEquipmentByChip(db, { user, scope, chipId: params.chip }));
};
