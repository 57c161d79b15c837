import { type EventItem, type EventItemsForEdit, signOffMessages, type TemplateBody, verdictMessages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';
import { createCatalogue } from '../../../test/factories-owners.ts';
import { type SealSnapshot, sealHash } from '../../db/seal-hash.ts';

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'Admin' });
const editor = await t.loginAs({ level: 'Events' });
const reader = await t.loginAs({ level: 'Read' });
const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'OK', isDefault: true, meaning: 'fit' },
  { name: 'Monitor', meaning: 'monitor' },
  { name: 'Replace', meaning: 'condemned' },
  { name: 'Not inspected', meaning: 'notInspected' },
]);
const [ok, monitor, replace, notInspected] = statuses;
// Owner A's chain at 76 mm nominal with a template; owner B's item, which A's restricted editor may not touch.
const a = await createCatalogue(t.db, { owner: 'Nordsund Drilling', type: 'Chain', dimension: '76 mm' });
const b = await createCertificate(t.db);
const restricted = await t.loginAs({ level: 'Events', owners: [a.owner.id] });
const restrictedOfB = await t.loginAs({ level: 'Events', owners: [b.owner.id] });

const chain: TemplateBody = {
  fields: [
    { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm' },
    { key: 'gripDiameter2', label: 'Grip diameter 2', kind: 'number', unit: 'mm' },
    { key: 'crack', label: 'Crack (MPI)', kind: 'yesNo', required: false },
    { key: 'pits', label: 'Gouges or pits', kind: 'choice', choices: ['None', 'Light', 'Severe'], required: false },
    { key: 'note', label: 'Where', kind: 'text', required: false },
  ],
  derived: [{ key: 'diameterLoss', label: 'Diameter loss', kind: 'lossPercentOfNominal', of: ['gripDiameter1', 'gripDiameter2'] }],
  criteria: [
    { subject: 'diameterLoss', op: '>', limit: 4, meaning: 'monitor' },
    { subject: 'diameterLoss', op: '>=', limit: 12, meaning: 'condemned' },
    { subject: 'crack', op: 'is', value: true, meaning: 'condemned' },
  ],
};

type Who = { authorization: string };
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: who.authorization }, ...(payload && { payload }) });
const saveTemplate = async (body: TemplateBody) =>
  expect((await call(admin, 'PUT', `/Measurements/Templates/${a.type.id}`, body)).statusCode).toBe(200);
await saveTemplate(chain);

const certificateA = (await createCertificate(t.db, { catalogue: a })).certificate;
/** An event with one of owner A's chain items (status as given) and one of owner B's. */
async function setup(statusId: number | null = notInspected.id) {
  const event = await createEvent(t.db, { typeId: type.id });
  const equipment = await createEquipment(t.db, { certificateId: certificateA.id });
  const item = await createEventItem(t.db, { eventId: event.id, equipmentId: equipment.id, sequence: 1, statusId });
  const other = await createEquipment(t.db, { certificateId: b.certificate.id });
  const itemB = await createEventItem(t.db, { eventId: event.id, equipmentId: other.id, sequence: 2, statusId });
  return { event, item, itemB, stampedId: equipment.stampedId };
}
const put = (who: Who, eventId: number, id: number, body: object) => call(who, 'PUT', `/EventComponents/${eventId}/component/${id}`, body);
const read = async (eventId: number, id: number, who: Who = reader) => {
  const response = await call(who, 'GET', `/EventComponents/${eventId}/GetChipsDetailsForEdit/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<EventItem>();
};
const grips = (one: number, two: number) => [
  { key: 'gripDiameter1', value: one },
  { key: 'gripDiameter2', value: two },
];

describe('recording measurements on an item', () => {
  it('saves the measurements, judges them by the current version and answers the verdict and the template', async () => {
    const { event, item } = await setup();
    const before = await read(event.id, item.id);
    expect(before.measurements).toEqual([]);
    expect(before.verdict).toEqual({
      proposedStatusId: null,
      chosenStatusId: notInspected.id,
      reason: null,
      criteriaVersion: null,
      reasonNeeded: false,
    });
    expect(before.judging).toMatchObject({ nominalSize: 76, nominalUnit: 'mm', template: { version: 1, current: true } });
    // 72 mm against 76 mm: 5.3 % loss, over 4 %: monitor. The status is set to the proposal with it.
    const saved = await put(editor, event.id, item.id, {
      measurements: [...grips(74, 72), { key: 'pits', value: 'Light' }, { key: 'note', value: '  link 12 ' }],
      statusId: monitor.id,
    });
    expect(saved.statusCode).toBe(200);
    const after = await read(event.id, item.id);
    // Stored in the template's order, text trimmed.
    expect(after.measurements).toEqual([...grips(74, 72), { key: 'pits', value: 'Light' }, { key: 'note', value: 'link 12' }]);
    expect(after.verdict).toMatchObject({ proposedStatusId: monitor.id, chosenStatusId: monitor.id, reason: null, reasonNeeded: false });
    expect(after.verdict.criteriaVersion).toEqual({ id: before.judging.template?.id, version: 1, current: true });
    // A key left out is cleared.
    await put(editor, event.id, item.id, { measurements: grips(74, 73) });
    expect((await read(event.id, item.id)).measurements).toEqual(grips(74, 73));
  });

  it('refuses a status against the proposal without a reason, and takes it with one', async () => {
    const { event, item } = await setup();
    const refused = await put(editor, event.id, item.id, { measurements: grips(66, 70), statusId: ok.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.statusId).toEqual([verdictMessages.reasonNeeded]);
    // Nothing of the refused request was written.
    expect((await read(event.id, item.id)).measurements).toEqual([]);
    const taken = await put(editor, event.id, item.id, {
      measurements: grips(66, 70),
      statusId: monitor.id,
      verdictReason: 'Measured on the wear band; re-measured at 70 mm off it',
    });
    expect(taken.statusCode).toBe(200);
    const verdict = (await read(event.id, item.id)).verdict;
    expect(verdict).toMatchObject({ proposedStatusId: replace.id, chosenStatusId: monitor.id, reasonNeeded: false });
    expect(verdict.reason).toBe('Measured on the wear band; re-measured at 70 mm off it');
    // The reason on record covers a later change of status.
    expect((await put(editor, event.id, item.id, { statusId: ok.id })).statusCode).toBe(200);
  });

  it('saves a measurement that moves the proposal away from the status, and flags the item until a reason is given', async () => {
    const { event, item, stampedId } = await setup(ok.id);
    expect((await put(editor, event.id, item.id, { measurements: grips(75, 75) })).statusCode).toBe(200);
    expect((await read(event.id, item.id)).verdict).toMatchObject({ proposedStatusId: ok.id, reasonNeeded: false });
    // 66 mm: 13 % loss, condemned; the status stays OK.
    expect((await put(editor, event.id, item.id, { measurements: grips(66, 75) })).statusCode).toBe(200);
    const flagged = await read(event.id, item.id);
    expect(flagged.measurements).toEqual(grips(66, 75));
    expect(flagged.verdict).toMatchObject({ proposedStatusId: replace.id, chosenStatusId: ok.id, reason: null, reasonNeeded: true });
    const rows = (await call(reader, 'GET', `/EventComponents/${event.id}/GetChipsForEdit`)).json<EventItemsForEdit>().items;
    expect(rows.find((row) => row.stampedId === stampedId)).toMatchObject({ proposedStatusId: replace.id, reasonNeeded: true });
    // Sign-off refuses the event, naming the item.
    const signOff = await call(editor, 'POST', `/Events/${event.id}/SignOff`, {
      inspector: 'Kari Nordmann',
      qualification: 'Level 2 MPI',
      company: 'Nordic Rope Survey AS',
    });
    expect(signOff.statusCode).toBe(409);
    expect(signOff.json().message).toBe(signOffMessages.reasonNeeded(1, [stampedId]));
    await put(editor, event.id, item.id, { verdictReason: 'Measured at the crown by mistake' });
    expect((await read(event.id, item.id)).verdict.reasonNeeded).toBe(false);
  });

  it('keeps an older record judged by its version after the criteria change; a new record takes the new one', async () => {
    const older = await setup(monitor.id);
    await put(editor, older.event.id, older.item.id, { measurements: grips(72, 74) });
    // The limit for monitor moves from 4 % to 6 %: 72 mm (5.3 %) is fit by the new version.
    await saveTemplate({
      ...chain,
      criteria: [{ subject: 'diameterLoss', op: '>', limit: 6, meaning: 'monitor' }, ...chain.criteria!.slice(1)],
    });
    try {
      await put(editor, older.event.id, older.item.id, { measurements: grips(72, 73) });
      const kept = await read(older.event.id, older.item.id);
      expect(kept.verdict).toMatchObject({ proposedStatusId: monitor.id, criteriaVersion: { version: 1, current: false } });
      expect(kept.judging.template).toMatchObject({ version: 1, current: false });
      const newer = await setup(ok.id);
      await put(editor, newer.event.id, newer.item.id, { measurements: grips(72, 73) });
      expect((await read(newer.event.id, newer.item.id)).verdict).toMatchObject({
        proposedStatusId: ok.id,
        criteriaVersion: { version: 2, current: true },
      });
    } finally {
      await saveTemplate(chain);
    }
  });

  it('refuses an unknown key, a non-number for a number, a choice not listed, a key twice, and measurements without a template', async () => {
    const { event, item, itemB } = await setup();
    const cases: [object, string, string][] = [
      [[{ key: 'gripDiameter3', value: 70 }], 'measurements.0.key', verdictMessages.unknownKey('gripDiameter3')],
      [[{ key: 'gripDiameter1', value: '70' }], 'measurements.0.value', verdictMessages.number('Grip diameter 1')],
      [[{ key: 'pits', value: 'Deep' }], 'measurements.0.value', verdictMessages.choice('Gouges or pits', ['None', 'Light', 'Severe'])],
      [[{ key: 'crack', value: 'yes' }], 'measurements.0.value', verdictMessages.yesNo('Crack (MPI)')],
      [[...grips(70, 70), { key: 'gripDiameter1', value: 71 }], 'measurements.2.key', verdictMessages.keyTwice('gripDiameter1')],
    ];
    for (const [measurements, field, message] of cases) {
      const response = await put(editor, event.id, item.id, { measurements });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toEqual([message]);
    }
    const shape = await put(editor, event.id, item.id, { measurements: [{ key: 'gripDiameter1' }] });
    expect(shape.statusCode).toBe(400);
    for (const value of [2_000_000, 'two\nlines', null]) {
      const bad = await put(editor, event.id, item.id, { measurements: [{ key: 'note', value }] });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['measurements.0.value']);
    }
    const noTemplate = await put(editor, event.id, itemB.id, { measurements: grips(70, 70) });
    expect(noTemplate.json().errors.measurements).toEqual([verdictMessages.noTemplate]);
    // A type without a template still clears to nothing.
    expect((await put(editor, event.id, itemB.id, { measurements: [] })).statusCode).toBe(200);
    expect((await read(event.id, item.id)).measurements).toEqual([]);
  });

  it('lets only the Events level write, reads from Read, refuses external users and hides another owner’s item', async () => {
    const { event, item, itemB } = await setup();
    const body = { measurements: grips(75, 75) };
    expect((await put(reader, event.id, item.id, body)).statusCode).toBe(403);
    expect((await put(external, event.id, item.id, body)).statusCode).toBe(403);
    expect((await call(external, 'GET', `/EventComponents/${event.id}/GetChipsDetailsForEdit/${item.id}`)).statusCode).toBe(403);
    // Owner-restricted: B's editor neither reads nor writes A's item; A's editor writes it.
    expect((await put(restrictedOfB, event.id, item.id, body)).statusCode).toBe(404);
    expect((await call(restrictedOfB, 'GET', `/EventComponents/${event.id}/GetChipsDetailsForEdit/${item.id}`)).statusCode).toBe(404);
    expect((await put(restricted, event.id, itemB.id, { measurements: [] })).statusCode).toBe(404);
    expect((await put(restricted, event.id, item.id, body)).statusCode).toBe(200);
    expect((await read(event.id, item.id, restricted)).measurements).toEqual(grips(75, 75));
  });
});

describe('set status on all', () => {
  it('skips items whose measurements propose another status, and says how many', async () => {
    const { event, item, itemB } = await setup();
    await put(editor, event.id, item.id, { measurements: grips(66, 70), statusId: replace.id });
    const response = await call(editor, 'POST', `/EventComponents/${event.id}/SetStatusOnAll`, { statusId: ok.id });
    expect(response.json()).toMatchObject({ updated: 1, skipped: 1, left: 0 });
    expect((await read(event.id, item.id)).verdict.chosenStatusId).toBe(replace.id);
    expect((await read(event.id, itemB.id)).verdict.chosenStatusId).toBe(ok.id);
    // The proposed status itself is set on it.
    expect((await call(editor, 'POST', `/EventComponents/${event.id}/SetStatusOnAll`, { statusId: replace.id })).json()).toMatchObject({
      updated: 2,
      skipped: 0,
    });
    // A restricted user: B's item is left, A's skipped.
    const mine = await call(restricted, 'POST', `/EventComponents/${event.id}/SetStatusOnAll`, { statusId: monitor.id });
    expect(mine.json()).toMatchObject({ updated: 0, skipped: 1, left: 1 });
  });
});

/** Signs the event off with `itemId` as its only item (the other owner's item removed first). */
async function signOffAlone(eventId: number, itemId: number) {
  await t.db.execute(sql`delete from event_items where event_id = ${eventId} and id <> ${itemId}`);
  const signed = await call(editor, 'POST', `/Events/${eventId}/SignOff`, {
    inspector: 'Kari Nordmann',
    qualification: 'Level 2 MPI',
    company: 'Nordic Rope Survey AS',
  });
  expect(signed.statusCode).toBe(201);
}

describe('sealed', () => {
  it('refuses a change of measurements or reason after sign-off, in the database too', async () => {
    const { event, item } = await setup();
    await put(editor, event.id, item.id, { measurements: grips(75, 75), statusId: ok.id });
    await signOffAlone(event.id, item.id);
    expect((await put(editor, event.id, item.id, { measurements: grips(70, 75) })).statusCode).toBe(409);
    expect((await put(editor, event.id, item.id, { verdictReason: 'Late' })).statusCode).toBe(409);
    await expect(t.db.execute(sql`update event_items set verdict_reason = 'x' where id = ${item.id}`)).rejects.toMatchObject({
      cause: { code: 'PSEAL' },
    });
    // The notification flag stays writable.
    expect((await put(editor, event.id, item.id, { notifications: true })).statusCode).toBe(200);
    expect((await read(event.id, item.id)).measurements).toEqual(grips(75, 75));
  });

  it("takes an amendment's reason as the reason for a status other than the sealed proposal: no flag after it", async () => {
    const { event, item, stampedId } = await setup();
    await put(editor, event.id, item.id, { measurements: grips(75, 75), statusId: ok.id });
    await signOffAlone(event.id, item.id);
    const amended = await call(editor, 'POST', `/Events/${event.id}/Amendments`, {
      eventComponentId: item.id,
      statusId: monitor.id,
      comment: null,
      reason: 'Pitting found at the worst link on a second look',
    });
    expect(amended.statusCode, amended.body).toBe(201);
    const after = await read(event.id, item.id);
    expect(after.verdict).toMatchObject({ proposedStatusId: ok.id, chosenStatusId: monitor.id, reason: null, reasonNeeded: false });
    const rows = (await call(reader, 'GET', `/EventComponents/${event.id}/GetChipsForEdit`)).json<EventItemsForEdit>();
    expect(rows.items.find((row) => row.stampedId === stampedId)).toMatchObject({ reasonNeeded: false });
  });

  it('hashes the measurements into the seal (form version 2); a version 1 seal is checked without them', async () => {
    const { event, item } = await setup();
    await put(editor, event.id, item.id, { measurements: grips(75, 75), statusId: ok.id });
    await signOffAlone(event.id, item.id);
    const { rows } = await t.db.execute<{ form_version: number; snapshot: SealSnapshot; previous_hash: string | null }>(
      sql`select form_version, snapshot, previous_hash from event_seals where event_id = ${event.id}`,
    );
    expect(rows[0].form_version).toBe(2);
    const seal = await call(reader, 'GET', `/Events/${event.id}/Seal`);
    expect(seal.json().valid).toBe(true);
    const signer = {
      userEmail: '',
      inspector: 'Kari Nordmann',
      qualification: 'Level 2 MPI',
      company: 'Nordic Rope Survey AS',
      signedAt: '',
    };
    const hashOf = (formVersion: number) =>
      sealHash(t.db, {
        eventId: event.id,
        kind: 'signOff',
        formVersion,
        snapshot: rows[0].snapshot,
        signer,
        previousHash: rows[0].previous_hash,
      });
    const [v1, v2] = [await hashOf(1), await hashOf(2)];
    // A change of a measurement behind the portal (the seal trigger switched off first) breaks the seal.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table event_items disable trigger seal_event_items`);
      await tx.execute(sql`update event_items set measurements = ${JSON.stringify(grips(75, 70))}::jsonb where id = ${item.id}`);
      await tx.execute(sql`alter table event_items enable trigger seal_event_items`);
    });
    expect((await call(reader, 'GET', `/Events/${event.id}/Seal`)).json().valid).toBe(false);
    expect(await hashOf(1)).toBe(v1);
    expect(await hashOf(2)).not.toBe(v2);
  });
});
