import { dueDateEndpoints as e } from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import * as service from './service.ts';

export const dueDateRoutes: FeatureRoutes = (register, { db }) => {
  register(e.regime, ({ user, scope, params }) => service.getRegime(db, { user, scope }, params.id));
  register(e.setTypeRegime, ({ user, scope, params, body }) => service.setTypeRegime(db, { user, scope }, params.id, body));
  register(e.setSubTypeRegime, ({ user, scope, params, body }) => service.setSubTypeRegime(db, { user, scope }, params.id, body));
  register(e.eventTypes, () => service.listEventTypeKinds(db));
  register(e.setEventType, ({ user, params, body }) => service.setEventTypeKind(db, user, params.id, body.kind));
  register(e.lookup, ({ user, scope, body }) => service.lookupDue(db, { user, scope }, body.stampedIds));
  register(e.list, ({ user, scope, query }) => service.listDue(db, { user, scope }, query));
  register(e.choices, ({ user, scope }) => service.dueChoices(db, { user, scope }));
  register(e.excel, ({ user, scope, query, reply }) => service.sendDueExcel(db, { user, scope }, query, reply));
  register(e.subscription, ({ user }) => service.getSubscription(db, user));
  register(e.setSubscription, ({ user, body }) => service.setSubscription(db, user, body.subscribed));
};
