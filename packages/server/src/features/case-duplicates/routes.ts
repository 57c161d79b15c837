import { caseDuplicateEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import * as service from './service.ts';

export const caseDuplicateRoutes: FeatureRoutes = (register, { db }) => {
  register(e.list, ({ user, scope }) => service.listCaseDuplicates(db, { user, scope }));
  register(e.rename, ({ user, scope, params, body }) =>
    service.renameCaseDuplicate(db, { user, scope, id: params.id, stampedId: body.stampedId }),
  );
};
