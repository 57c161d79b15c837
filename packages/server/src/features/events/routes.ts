import { eventEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { selectCodeTables, selectEventFilters, selectEventMatches, selectEventPage } from './queries.ts';

export const eventRoutes: FeatureRoutes = (register, { db }) => {
  register(e.list, async ({ user, query }) => ({
    ...(await selectEventPage(db, query, user)),
    page: query.page,
    pageSize: query.pageSize,
  }));
  register(e.byFilter, async ({ user, query }) => ({
    ...(await selectEventPage(db, query, user)),
    page: query.page,
    pageSize: query.pageSize,
  }));
  register(e.lookup, ({ query }) => selectEventMatches(db, query.search));
  register(e.filters, () => selectEventFilters(db));
  register(e.codeTables, () => selectCodeTables(db));
};
