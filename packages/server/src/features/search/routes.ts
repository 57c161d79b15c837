import { searchEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import * as service from './service.ts';

export const searchRoutes: FeatureRoutes = (register, { db }) => {
  register(e.equipment, ({ user, scope, query }) => service.searchEquipment(db, { user, scope, term: query.search, typeName: query.type }));
  register(e.equipmentAutocomplete, ({ user, scope, query }) => service.autocompleteEquipment(db, { user, scope, term: query.search }));
  register(e.equipmentSearch, ({ user, scope, query }) => service.searchEquipment(db, { user, scope, term: query.search }));
  register(e.availability, ({ params }) => service.checkAvailability(db, { stampedId: params.id }));
  register(e.certificateSearch, ({ scope, query }) => service.searchCertificates(db, { scope, term: query.search }));
  register(e.certificateAutocomplete, ({ scope, query }) => service.autocompleteCertificates(db, { scope, term: query.search }));
};
