/**
 * The route-access matrix, generated from the registered routes: a committed snapshot of every
 * route's declared access (a change to anyone's access shows in review); every contract endpoint is
 * registered once and nothing else is; and every owner-scoped route, called by users of another
 * owner, answers 404 (or 400 naming a foreign parent) or a list without the foreign owner's rows.
 * A new owner-scoped route fails here until it has an entry in `foreignCalls`.
 */
import {
  allEndpoints,
  defaultReportSettings,
  isPublicAccess,
  meetsAccess,
  type RouteAccess,
  reportNameList,
  UserLevel,
  UserType,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/app.ts';
import { createEvent, createOwner } from '../../test/factories.ts';
import { createCertificateWithFile, createFile } from '../../test/factories-files.ts';
import { createEventTypeWithStatuses } from '../../test/factories-folders.ts';
import { chipCode, createCertificate, createChip, createEquipment, createEventItem, createTag } from '../../test/factories-items.ts';
import { createItem, createLookupCertificate } from '../../test/factories-lookups.ts';
import { createCatalogue } from '../../test/factories-owners.ts';
import { equipment, measurementTemplates, measurementTemplateVersions, reportSettings } from '../db/schema.ts';

const t = await setupTestApp();
const api = (path: string) => `/api${path}`;
const isApiRoute = (url: string) => !url.startsWith('/api/docs') && url !== '/api/openapi.json';
const routes = t.app.declaredRoutes.filter((route) => route.method !== 'HEAD' && isApiRoute(route.url));

describe('declared access', () => {
  it('matches the committed snapshot (review any change to who may call what)', async () => {
    const lines = routes.map((route) => `${route.method.padEnd(6)} ${route.url}  ${JSON.stringify(route.access)}`).sort();
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/route-access.txt');
  });

  it('registers every contract endpoint exactly once, and no API route outside the contract', () => {
    const registered = routes.map((route) => `${route.method} ${route.url}`).sort();
    const defined = allEndpoints.map((endpoint) => `${endpoint.method} ${api(endpoint.path)}`).sort();
    expect(registered).toEqual(defined);
  });
});

// ------------------------------------------------------------------ foreign owner
const mine = await createOwner(t.db, { name: `Mine ${Date.now()}` });
const foreign = await createCatalogue(t.db, { owner: `Foreign owner ${Date.now()}` });
const foreignFile = await createFile(t.db, { fileName: 'foreign-certificate.pdf', createdBy: 'someone-else@test.example' });
const foreignCertificate = (await createCertificateWithFile(t.db, foreignFile.id)).certificate;
const foreignCertificateOwner = (await createCertificateWithFile(t.db, (await createFile(t.db)).id)).owner;
// Look-ups and unlinked equipment: a foreign certificate with an item, and an unlinked item to link to it.
const foreignLookup = await createLookupCertificate(t.db, { owner: `Foreign lookup owner ${Date.now()}`, certificateNumber: 'MXC-1' });
await createItem(t.db, { stampedId: 'MX-FOREIGN-1', certificateId: foreignLookup.certificate.id });
const unlinkedProbe = await createItem(t.db, { stampedId: 'MX-UNLINKED-1' });
await createTag(t.db, 'MX-FOREIGN-1', 'Foreign tag probe');
const foreignItem = await createEquipment(t.db, { certificateId: (await createCertificate(t.db, { catalogue: foreign })).certificate.id });
// A case duplicate of the foreign look-up item, as the upgrade that compares ids without case marks one.
await createEquipment(t.db, { stampedId: 'mx-foreign-1', caseDuplicate: true });
const foreignLookupItem = (await t.db.select().from(equipment).where(eq(equipment.stampedId, 'MX-FOREIGN-1')))[0];
const foreignChip = await createChip(t.db, { equipmentId: foreignItem.id });
// An event with the foreign item: its exports leave the item out for users of other owners, its
// detail and editor show it as an "Another owner" row, and its writes leave it alone (docs/security.md rule 17).
const foreignEventType = await createEventTypeWithStatuses(t.db, [{ name: 'Probe status' }]);
const foreignEvent = await createEvent(t.db, { typeId: foreignEventType.type.id });
const foreignEventItem = await createEventItem(t.db, {
  eventId: foreignEvent.id,
  equipmentId: foreignItem.id,
  sequence: 1,
  notification: true,
});
await createItem(t.db, { stampedId: 'MXS-01', certificateId: foreignLookup.certificate.id });
// A signed event with an item of `mine` and the foreign item: its report opens to external users too
// (issue 25 part 5), without the foreign item; a user with no owners finds nothing of theirs in it.
const signedType = await createEventTypeWithStatuses(t.db, [{ name: 'Probe fit', meaning: 'fit', isDefault: true }]);
const foreignSignedEvent = await createEvent(t.db, { typeId: signedType.type.id });
const myItem = await createEquipment(t.db, { certificateId: (await createCertificate(t.db, { ownerId: mine.id })).certificate.id });
for (const [i, item] of [myItem, foreignItem].entries()) {
  await createEventItem(t.db, {
    eventId: foreignSignedEvent.id,
    equipmentId: item.id,
    sequence: i + 1,
    statusId: signedType.statuses[0].id,
  });
}
const signedOff = await t.app.inject({
  method: 'POST',
  url: `/api/Events/${foreignSignedEvent.id}/SignOff`,
  headers: { authorization: (await t.loginAs({ level: 'Events' })).authorization },
  payload: { inspector: 'Matrix Inspector', qualification: 'Level 2', company: 'Matrix AS' },
});
if (signedOff.statusCode !== 201) throw new Error(`sign-off: ${signedOff.body}`);
const components = `/api/EventComponents/${foreignEvent.id}`;
const foreignEventItemUrl = `${components}/component/${foreignEventItem.id}`;

/** Why an owner-scoped route has no foreign call here, and where its rule is tested instead. */
type Covered =
  | 'creates a new owner'
  | 'copies only the caller items: event-components/routes.test.ts'
  | 'moves any row, the order is the event: event-components/routes.test.ts'
  | 'reads an upload, answers no owner data: event-components/routes.test.ts'
  | 'reads an upload: equipment-tags/routes.test.ts'
  | "refuses an event holding other owners' items (403): events/sign-off.test.ts"
  | "refuses another owner's pack (403, as a report's ?owner=): exports/evidence.test.ts";

// A measurement template of the foreign type, with its first version.
const probeTemplate = {
  fields: [{ key: 'probe', label: 'Probe', kind: 'text' as const, unit: null, choices: [], required: true }],
  derived: [],
  criteria: [],
};
const [foreignTemplate] = await t.db.insert(measurementTemplates).values({ certificateTypeId: foreign.type.id }).returning();
const [foreignVersion] = await t.db
  .insert(measurementTemplateVersions)
  .values({ templateId: foreignTemplate.id, version: 1, definition: probeTemplate })
  .returning();
await t.db.update(measurementTemplates).set({ currentVersionId: foreignVersion.id }).where(eq(measurementTemplates.id, foreignTemplate.id));

// The foreign owner's mooring spread in the report settings.
const foreignSpread = { rig: 'Foreign rig', ownerId: foreign.owner.id, legs: [{ name: 'Leg', stampedIds: ['MX-FOREIGN-1'] }] };
await t.db.insert(reportSettings).values({ key: 'mooringSpreads', value: [foreignSpread], createdBy: 'setup', updatedBy: 'setup' });

interface ForeignCall {
  url: string;
  payload?: unknown;
  /** 'missing': the foreign record reads as absent (404; 400 on a foreign parent in a body). 'list': no foreign rows. */
  expect: 'missing' | 'list';
  /** What an external user of no owner gets, where it differs (an event's report: nothing of theirs in it, 404). */
  noOwners?: 'missing';
}

const name = { name: 'Probe name' };
const o = foreign.owner.id;
const foreignNode = { ownerId: o, typeId: foreign.type.id, subTypeId: foreign.subType.id, dimensionId: foreign.dimension.id };
/** How to reach another owner's data through each owner-scoped route. */
const foreignCalls: Record<string, ForeignCall | Covered> = {
  'GET /api/Owners/User': { url: '/api/Owners/User', expect: 'list' },
  'GET /api/Owners': { url: '/api/Owners', expect: 'list' },
  'POST /api/Owners': 'creates a new owner',
  'GET /api/Owners/:id': { url: `/api/Owners/${o}`, expect: 'missing' },
  'PUT /api/Owners/:id': { url: `/api/Owners/${o}`, payload: { name: 'Taken over', shortCode: 'TO' }, expect: 'missing' },
  'GET /api/Owners/:id/types': { url: `/api/Owners/${o}/types`, expect: 'missing' },
  'GET /api/Owners/:id/types/:t': { url: `/api/Owners/${o}/types/${foreign.type.id}`, expect: 'missing' },
  'GET /api/Owners/:id/types/:t/subtypes': { url: `/api/Owners/${o}/types/${foreign.type.id}/subtypes`, expect: 'missing' },
  'GET /api/Owners/:id/types/:t/subtypes/:s': {
    url: `/api/Owners/${o}/types/${foreign.type.id}/subtypes/${foreign.subType.id}`,
    expect: 'missing',
  },
  'GET /api/Owners/:id/types/:t/subtypes/:s/dimensions': {
    url: `/api/Owners/${o}/types/${foreign.type.id}/subtypes/${foreign.subType.id}/dimensions`,
    expect: 'missing',
  },
  'POST /api/CertificateTypes/certificateType': {
    url: '/api/CertificateTypes/certificateType',
    payload: { ...name, owner: o },
    expect: 'missing',
  },
  'PUT /api/CertificateTypes/certificateType/:id': {
    url: `/api/CertificateTypes/certificateType/${foreign.type.id}`,
    payload: name,
    expect: 'missing',
  },
  'POST /api/CertificateTypes/certificateSubType': {
    url: '/api/CertificateTypes/certificateSubType',
    payload: { ...name, certificateType: foreign.type.id },
    expect: 'missing',
  },
  'PUT /api/CertificateTypes/certificateSubType/:id': {
    url: `/api/CertificateTypes/certificateSubType/${foreign.subType.id}`,
    payload: name,
    expect: 'missing',
  },
  'POST /api/CertificateTypes/dimension': {
    url: '/api/CertificateTypes/dimension',
    payload: { ...name, subType: foreign.subType.id },
    expect: 'missing',
  },
  'PUT /api/CertificateTypes/dimension/:id': {
    url: `/api/CertificateTypes/dimension/${foreign.dimension.id}`,
    payload: name,
    expect: 'missing',
  },
  'GET /api/Files/:id': { url: `/api/Files/${foreignFile.id}`, expect: 'missing' },
  'PUT /api/Files/:id': { url: `/api/Files/${foreignFile.id}`, payload: { fileName: 'taken.pdf' }, expect: 'missing' },
  'DELETE /api/Files/:id': { url: `/api/Files/${foreignFile.id}`, expect: 'missing' },
  'GET /api/Certificates': { url: '/api/Certificates?pageSize=500', expect: 'list' },
  'GET /api/Certificates/:id': { url: `/api/Certificates/${foreignCertificate.id}`, expect: 'missing' },
  // Search terms that match the foreign owner's certificate and item: they must not come back.
  'GET /api/Equipment': { url: '/api/Equipment?search=MX-', expect: 'list' },
  'GET /api/Events/:id/EventEquipmentHistory': { url: `/api/Events/${foreignItem.id}/EventEquipmentHistory`, expect: 'missing' },
  'GET /api/Events/:stampedId/Equipment': { url: `/api/Events/${encodeURIComponent(foreignItem.stampedId)}/Equipment`, expect: 'missing' },
  'GET /api/Equipment/autocomplete': { url: '/api/Equipment/autocomplete?search=MX-FOREIGN', expect: 'list' },
  'GET /api/Equipment/Search': { url: '/api/Equipment/Search?search=MX', expect: 'list' },
  'GET /api/Certificates/search': { url: '/api/Certificates/search?search=MXC', expect: 'list' },
  'GET /api/Certificates/type': { url: '/api/Certificates/type?search=MXC-1', expect: 'list' },
  'GET /api/CaseDuplicates': { url: '/api/CaseDuplicates', expect: 'list' },
  'PUT /api/CaseDuplicates/:id': {
    url: `/api/CaseDuplicates/${foreignLookupItem.id}`,
    payload: { stampedId: 'MX-TAKEN-OVER' },
    expect: 'missing',
  },
  'PUT /api/Unlinked/:id': {
    url: `/api/Unlinked/${unlinkedProbe.id}`,
    payload: { certificateId: foreignLookup.certificate.id },
    expect: 'missing',
  },
  'GET /api/Equipment/:id': { url: `/api/Equipment/${foreignItem.stampedId}`, expect: 'missing' },
  'GET /api/Equipment/Item/:id': { url: `/api/Equipment/Item/${foreignItem.stampedId}`, expect: 'missing' },
  'PUT /api/Equipment/:id/hidden/:flag': { url: `/api/Equipment/${foreignItem.stampedId}/hidden/true`, expect: 'missing' },
  'GET /api/Equipment/Chip/:chip': { url: `/api/Equipment/Chip/${foreignChip.chipId}`, expect: 'missing' },
  'GET /api/Chips/Chips': { url: `/api/Chips/Chips?search=${foreignChip.chipId}`, expect: 'list' },
  'POST /api/Chips': { url: '/api/Chips', payload: { chipId: chipCode(), stampedId: foreignItem.stampedId }, expect: 'missing' },
  'DELETE /api/Chips/:id': { url: `/api/Chips/${foreignChip.chipId}`, expect: 'missing' },
  // The certificate editor: a foreign owner's node reads as a missing owner (400 on ownerId), a foreign certificate as missing.
  'POST /api/Certificates': { url: '/api/Certificates', payload: { ...foreignNode, certificateNumber: 'MX-NEW' }, expect: 'missing' },
  'PUT /api/Certificates/:id': {
    url: `/api/Certificates/${foreignCertificate.id}`,
    payload: { ...foreignNode, certificateNumber: 'MX-TAKEN', version: 1 },
    expect: 'missing',
  },
  'DELETE /api/Certificates/:id': { url: `/api/Certificates/${foreignCertificate.id}`, expect: 'missing' },
  // Reports: every table and workbook without the foreign owner's rows; the general report of a foreign owner is missing.
  ...Object.fromEntries(
    reportNameList.flatMap((report) => [
      [`GET /api/Report/${report}`, { url: `/api/Report/${report}?pageSize=500`, expect: 'list' }],
      [`GET /api/Report/${report}/excel`, { url: `/api/Report/${report}/excel`, expect: 'list' }],
    ]),
  ),
  'GET /api/Report/predictedDiscard': { url: '/api/Report/predictedDiscard?months=600&pageSize=500', expect: 'list' },
  'GET /api/Report/predictedDiscard/excel': { url: '/api/Report/predictedDiscard/excel?months=600', expect: 'list' },
  'POST /api/Report/general/:id': { url: `/api/Report/general/${o}`, payload: { ownerType: foreign.type.id }, expect: 'missing' },
  'GET /api/Report/general/:id/details/:x': { url: `/api/Report/general/${o}/details/${foreignItem.stampedId}`, expect: 'missing' },
  'GET /api/Report/general/:id/excel': { url: `/api/Report/general/${o}/excel?OwnerType=${foreign.type.id}`, expect: 'missing' },
  'POST /api/Report/getLastEventStatus': { url: '/api/Report/getLastEventStatus', payload: ['MX-FOREIGN-1'], expect: 'list' },
  'GET /api/Report/catalogue': { url: '/api/Report/catalogue', expect: 'list' },
  'GET /api/Report/mooringSpreads': { url: '/api/Report/mooringSpreads', expect: 'list' },
  // The settings of a restricted Admin: the foreign owner's spread is neither shown nor written (rule 22).
  'GET /api/Report/settings': { url: '/api/Report/settings', expect: 'list' },
  'PUT /api/Report/settings': {
    url: '/api/Report/settings',
    payload: { ...defaultReportSettings, mooringSpreads: [{ ...foreignSpread, rig: 'Taken over' }] },
    expect: 'missing',
  },
  // Event items (docs/security.md rule 17): the foreign item is a row without owner data, and reads and writes as missing.
  'GET /api/Events/:id/Details': { url: `/api/Events/${foreignEvent.id}/Details`, expect: 'list' },
  'GET /api/Events/:id/chips': { url: `/api/Events/${foreignEvent.id}/chips`, expect: 'list' },
  'GET /api/Events/:id/EquipmentSummary': { url: `/api/Events/${foreignEvent.id}/EquipmentSummary`, expect: 'list' },
  'POST /api/Events': 'copies only the caller items: event-components/routes.test.ts',
  'GET /api/Events/getAddScaffolding/:id': { url: `/api/Events/getAddScaffolding/${foreignEvent.id}`, expect: 'list' },
  'GET /api/EventComponents/:eventId/GetChipsForEdit': { url: `${components}/GetChipsForEdit`, expect: 'list' },
  'GET /api/EventComponents/:eventId/GetChipsDetailsForEdit/:id': {
    url: `${components}/GetChipsDetailsForEdit/${foreignEventItem.id}`,
    expect: 'missing',
  },
  'GET /api/EventComponents/:eventId/equipmentDetails': { url: `${components}/equipmentDetails`, expect: 'list' },
  'GET /api/EventComponents/:eventId/stampedId/:stampedId': { url: `${components}/stampedId/${foreignItem.stampedId}`, expect: 'list' },
  'POST /api/EventComponents/:eventId/component': {
    url: `${components}/component`,
    payload: { stampedId: 'MX-FOREIGN-1' },
    expect: 'missing',
  },
  'PUT /api/EventComponents/:eventId/component/:id': { url: foreignEventItemUrl, payload: { comment: 'Taken over' }, expect: 'missing' },
  'DELETE /api/EventComponents/:eventId/component/:id': { url: foreignEventItemUrl, expect: 'missing' },
  'PUT /api/EventComponents/:eventId/component/:id/moveToSequence':
    'moves any row, the order is the event: event-components/routes.test.ts',
  'POST /api/EventComponents/:eventId/component/:id/images': 'reads an upload, answers no owner data: event-components/routes.test.ts',
  'DELETE /api/EventComponents/:eventId/component/:id/image/:imageId': { url: `${foreignEventItemUrl}/image/1`, expect: 'missing' },
  'POST /api/Events/:id/SignOff': "refuses an event holding other owners' items (403): events/sign-off.test.ts",
  'POST /api/Events/:id/Amendments': {
    url: `/api/Events/${foreignEvent.id}/Amendments`,
    payload: { eventComponentId: foreignEventItem.id, comment: 'Taken over', reason: 'Probe' },
    expect: 'missing',
  },
  'GET /api/Events/:id/Amendments': { url: `/api/Events/${foreignEvent.id}/Amendments`, expect: 'list' },
  'POST /api/EventComponents/:eventId/SetStatusOnAll': {
    url: `${components}/SetStatusOnAll`,
    payload: { statusId: foreignEventType.statuses[0].id },
    expect: 'list',
  },
  'POST /api/EventComponents/:eventId/series': {
    url: `${components}/series`,
    payload: { numberFrom: '01', numberTo: '01', prefix: 'MXS-', postFix: '' },
    expect: 'missing',
  },
  'POST /api/EventComponents/:eventId/componentsImport': {
    url: `${components}/componentsImport`,
    payload: { stampedIds: ['MX-FOREIGN-1'] },
    expect: 'missing',
  },
  'POST /api/EventComponents/:eventId/importAndValidate': 'reads an upload, answers no owner data: event-components/routes.test.ts',
  'GET /api/Export/:id': { url: `/api/Export/${foreignEvent.id}`, expect: 'list' },
  'GET /api/Notification': { url: '/api/Notification?pageSize=100', expect: 'list' },
  // Tags follow their item's owner (docs/security.md rule 28).
  'GET /api/EquipmentTags': { url: '/api/EquipmentTags?search=MX-FOREIGN', expect: 'list' },
  'POST /api/EquipmentTags': 'reads an upload: equipment-tags/routes.test.ts',
  'GET /api/Export/Pdf/:id': { url: `/api/Export/Pdf/${foreignSignedEvent.id}`, expect: 'list', noOwners: 'missing' },
  'GET /api/Export/Evidence/:id': { url: `/api/Export/Evidence/${foreignItem.stampedId}`, expect: 'missing' },
  'GET /api/Export/SurveyPack/Rigs': { url: '/api/Export/SurveyPack/Rigs', expect: 'list' },
  'GET /api/Export/SurveyPack': "refuses another owner's pack (403, as a report's ?owner=): exports/evidence.test.ts",
  'GET /api/Export/StampedId/:id': { url: `/api/Export/StampedId/${foreignItem.stampedId}`, expect: 'missing' },
  'GET /api/Export/StampedId/Pdf/:id': { url: `/api/Export/StampedId/Pdf/${foreignItem.stampedId}`, expect: 'missing' },
  // Label sheets: another owner's certificate is missing; an event holding only another owner's item has nothing to label (400).
  'GET /api/Export/Labels/Certificate/:id': { url: `/api/Export/Labels/Certificate/${foreignCertificate.id}`, expect: 'missing' },
  'GET /api/Export/Labels/Event/:id': { url: `/api/Export/Labels/Event/${foreignEvent.id}`, expect: 'missing' },
  // Due dates (docs/due-dates.md): a foreign type or sub-type reads as missing; lists and look-ups leave foreign items out.
  'GET /api/DueDates/Regimes/:id': { url: `/api/DueDates/Regimes/${foreign.type.id}`, expect: 'missing' },
  'PUT /api/DueDates/Regimes/:id': {
    url: `/api/DueDates/Regimes/${foreign.type.id}`,
    payload: { inspectionMonths: 6, renewalMonths: null },
    expect: 'missing',
  },
  'PUT /api/DueDates/Regimes/SubTypes/:id': {
    url: `/api/DueDates/Regimes/SubTypes/${foreign.subType.id}`,
    payload: { inspectionMonths: 6, renewalMonths: null },
    expect: 'missing',
  },
  // Measurement templates (docs/measurements.md): a foreign type, sub-type or version reads as missing (copying into one: routes.test.ts).
  'GET /api/Measurements/Templates/:id': { url: `/api/Measurements/Templates/${foreign.type.id}`, expect: 'missing' },
  'PUT /api/Measurements/Templates/:id': {
    url: `/api/Measurements/Templates/${foreign.type.id}`,
    payload: probeTemplate,
    expect: 'missing',
  },
  'DELETE /api/Measurements/Templates/:id': { url: `/api/Measurements/Templates/${foreign.type.id}`, expect: 'missing' },
  'PUT /api/Measurements/Templates/SubTypes/:id': {
    url: `/api/Measurements/Templates/SubTypes/${foreign.subType.id}`,
    payload: probeTemplate,
    expect: 'missing',
  },
  'DELETE /api/Measurements/Templates/SubTypes/:id': {
    url: `/api/Measurements/Templates/SubTypes/${foreign.subType.id}`,
    expect: 'missing',
  },
  'POST /api/Measurements/Templates/:id/Copy': {
    url: `/api/Measurements/Templates/${foreign.type.id}/Copy`,
    payload: { certificateType: foreign.type.id + 1_000_000 },
    expect: 'missing',
  },
  'GET /api/Measurements/TemplateVersions/:id': { url: `/api/Measurements/TemplateVersions/${foreignVersion.id}`, expect: 'missing' },
  'POST /api/DueDates/Lookup': {
    url: '/api/DueDates/Lookup',
    payload: { stampedIds: ['MX-FOREIGN-1', foreignItem.stampedId] },
    expect: 'list',
  },
  'GET /api/Reports/Due': { url: `/api/Reports/Due?PageSize=500`, expect: 'list' },
  'GET /api/Reports/Due/Choices': { url: '/api/Reports/Due/Choices', expect: 'list' },
  'GET /api/Reports/Due/excel': { url: '/api/Reports/Due/excel', expect: 'list' },
};

/**
 * Users of `mine` only (an external reader; internal users restricted to that owner at every level from
 * Read to SystemAdministrator) and an external user of no owner.
 */
const restrictedLevels = ['Read', 'Events', 'Certificates', 'Admin', 'SystemAdministrator'] as const;
const actors: Record<string, { authorization: string; user: { userType: number; userLevel: number; allOwners: boolean } }> = {
  external: {
    ...(await t.loginAs({ type: 'Report', level: 'Read', owners: [mine.id] })),
    user: { userType: UserType.Report, userLevel: UserLevel.Read, allOwners: false },
  },
  externalNoOwners: {
    ...(await t.loginAs({ type: 'Report', level: 'SystemAdministrator', owners: [] })),
    user: { userType: UserType.Report, userLevel: UserLevel.SystemAdministrator, allOwners: false },
  },
};
for (const level of restrictedLevels) {
  actors[`restricted ${level}`] = {
    ...(await t.loginAs({ type: 'Internal', level, owners: [mine.id] })),
    user: { userType: UserType.Admin, userLevel: UserLevel[level], allOwners: false },
  };
}

const scoped = routes.filter((route) => route.access && !isPublicAccess(route.access) && route.access.ownerScoped);

describe('owner-scoped routes, called by users of another owner', () => {
  it('every owner-scoped route has a foreign-owner call', () => {
    expect(scoped.length).toBeGreaterThan(10);
    const missing = scoped.map((route) => `${route.method} ${route.url}`).filter((key) => !(key in foreignCalls));
    expect(missing).toEqual([]);
  });

  for (const route of scoped) {
    const key = `${route.method} ${route.url}`;
    for (const [actorName, actor] of Object.entries(actors)) {
      const access = route.access as Exclude<RouteAccess, { public: true }>;
      if (!meetsAccess(actor.user, access)) continue;
      it(`${key} as ${actorName}: the foreign owner's data stays hidden`, async () => {
        const call = foreignCalls[key];
        if (typeof call === 'string') return;
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: call.url,
          headers: { authorization: actor.authorization },
          ...(call.payload !== undefined && { payload: call.payload as object }),
        });
        const expectation = actorName === 'externalNoOwners' && call.noOwners ? call.noOwners : call.expect;
        if (expectation === 'list') {
          expect(response.statusCode).toBe(200);
          expect(response.body).not.toContain(foreign.owner.name);
          expect(response.body).not.toContain(foreignCertificateOwner.name);
          expect(response.body).not.toContain(foreignLookup.owner.name);
          expect(response.body).not.toContain('MX-FOREIGN-1');
          expect(response.body).not.toContain('MXC-1');
          return;
        }
        expect([400, 404], response.body).toContain(response.statusCode);
        if (response.statusCode === 400) expect(Object.keys(response.json().errors ?? {})).not.toContain('body');
      });
    }
  }
});

describe('internal-only routes', () => {
  const internalOnly = routes.filter((route) => route.access && !isPublicAccess(route.access) && route.access.internal);
  it('refuse an external user even at the highest level', async () => {
    const external = await t.loginAs({ type: 'Report', level: 'SystemAdministrator', owners: [mine.id] });
    expect(internalOnly.length).toBeGreaterThan(20);
    for (const route of internalOnly) {
      const url = route.url.replace(/:[A-Za-z_]\w*/g, '1');
      const response = await t.app.inject({ method: route.method as 'GET', url, headers: { authorization: external.authorization } });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
