import { certificateEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import * as service from './service.ts';

export const certificateRoutes: FeatureRoutes = (register, { db }) => {
  register(e.list, ({ scope, query }) => service.listCertificates(db, { scope, query }));
  register(e.get, ({ user, scope, params }) => service.getCertificate(db, { user, scope, id: params.id }));
};
