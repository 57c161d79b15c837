import { eventEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { selectCodeTables, selectEventFilters, selectEventPage } from './queries.ts';

export const eventRoutes: FeatureRoutes = (register, { db }) => {
  register(e.list, async ({ query }) => ({ ...(await selectEventPage(db, query)), ...query }));
  register(e.byFilter, async ({ query }) => ({ ...(await selectEventPage(db, query)), page: query.page, pageSize: query.pageSize }));
  register(e.filters, () => selectEventFilters(db));
  register(e.codeTables, () => selectCodeTables(db));
};
