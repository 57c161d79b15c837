import {
  amendmentEndpoints as a,
  eventDetailEndpoints as d,
  eventEndpoints as e,
  eventFormEndpoints as f,
  signOffEndpoints as s,
} from '@portal/contract';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { amendItem, listAmendments } from './amendments.ts';
import { eventChipPage } from './chip-page.ts';
import * as detail from './detail-service.ts';
import * as form from './form-service.ts';
import { selectEventPage } from './list-query.ts';
import { selectEventMatches } from './lookup-queries.ts';
import { selectCodeTables, selectEventFilters } from './queries.ts';
import { readSeal, signOffEvent } from './sign-off.ts';

export const eventRoutes: FeatureRoutes = (register, { db, answers }) => {
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
  // The same for everyone, kept until a folder changes (decision 054).
  register(e.codeTables, () => answers.codeTables.get('all', () => selectCodeTables(db)));

  register(f.create, ({ user, scope, body }) => form.createEvent(db, body, { user, scope }));
  register(f.get, ({ user, params }) => form.getEvent(db, params.id, user));
  register(f.update, ({ user, params, body }) => form.updateEvent(db, params.id, body, user));
  register(f.remove, ({ params }) => form.deleteEvent(db, params.id));
  register(f.addScaffolding, () => form.addScaffolding(db));
  register(f.copyScaffolding, ({ user, scope, params }) => form.copyScaffolding(db, params.id, { user, scope }));
  register(f.editScaffolding, ({ user, params }) => form.editScaffolding(db, params.id, user));
  register(f.statuses, ({ user, params }) => form.eventStatuses(db, params.id, user));
  register(f.availableStatuses, ({ params }) => form.availableStatuses(db, params.id));

  register(s.signOff, ({ user, scope, params, body }) => signOffEvent(db, params.id, body, { user, scope }));
  register(s.seal, ({ params }) => readSeal(db, params.id));
  register(a.amend, ({ user, scope, params, body }) => amendItem(db, params.id, body, { user, scope }));
  register(a.amendments, ({ scope, params }) => listAmendments(db, params.id, scope));

  register(d.details, ({ user, scope, params }) => detail.eventDetails(db, params.id, { user, scope }));
  register(d.chips, ({ scope, params, query }) => eventChipPage(db, params.id, query, scope));
  register(d.summary, ({ scope, params }) => detail.eventSummary(db, params.id, scope));
  register(d.equipmentHistory, ({ user, scope, params }) => detail.equipmentHistory(db, params.id, { user, scope }));
  register(d.equipmentEvents, ({ scope, params }) => detail.eventsOfStampedId(db, params.stampedId, scope));
};
