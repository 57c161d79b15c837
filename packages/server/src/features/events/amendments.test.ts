/**
 * Amending measurements and adding photos to a signed item (decision 081, docs/sign-off.md
 * "Amendments"): what the client reads back, who may, what is refused, and that the seal covers it.
 */
import { type Amendment, amendmentMessages, CHIP_LOGIN_PASSWORD, type EquipmentDetail, type EventItem } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createUser } from '../../../test/factories.ts';
import { samplePdf, samplePng } from '../../../test/factories-files.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';
import { createMeasuredChain } from '../../../test/factories-measurements.ts';
import { createUserChip } from '../../../test/factories-users.ts';
import { oneFile } from '../../../test/multipart.ts';
import { pdfText } from '../../../test/pdf.ts';
import { AMENDMENT_FORM_VERSION, amendmentHash, chainEnd } from '../../db/seal-hash.ts';
import { verifySeals } from '../../db/verify-seals.ts';

const t = await setupTestApp();
const editor = await t.loginAs({ level: 'Events' });
const reader = await t.loginAs({ level: 'Read' });
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'OK', isDefault: true, meaning: 'fit' },
  { name: 'Monitor', meaning: 'monitor' },
  { name: 'Replace', meaning: 'condemned' },
]);
const [ok, monitor, replace] = statuses;
// Owner A's 76 mm chain with the demo's chain criteria: monitor over 4 % loss, condemned from 12 %.
const a = await createMeasuredChain(t, 'Amend Owner A');
const b = await createCertificate(t.db);
const ofA = await t.loginAs({ level: 'Events', owners: [a.owner.id] });
const ofB = await t.loginAs({ level: 'Events', owners: [b.owner.id] });
const inspector = { inspector: 'Kari Nordmann', qualification: 'Level 2 MPI', company: 'Nordic Rope Survey AS' };

type Who = { authorization: string };
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: who.authorization }, ...(payload && { payload }) });
const grips = (one: number, two: number) => [
  { key: 'gripDiameter1', value: one },
  { key: 'gripDiameter2', value: two },
];

/** A signed event of one of owner A's chain items, measured at `first` on `date`, status OK. */
async function signedChain(first = grips(75, 75.5), date = '2026-06-01', equipmentId?: number) {
  const event = await createEvent(t.db, { typeId: type.id, eventDate: date });
  const equipment = equipmentId ?? (await createEquipment(t.db, { certificateId: a.certificate.id })).id;
  const item = await createEventItem(t.db, { eventId: event.id, equipmentId: equipment, sequence: 1, statusId: ok.id });
  expect((await call(editor, 'PUT', `/EventComponents/${event.id}/component/${item.id}`, { measurements: first })).statusCode).toBe(200);
  expect((await call(editor, 'POST', `/Events/${event.id}/SignOff`, inspector)).statusCode).toBe(201);
  return { event, item, equipmentId: equipment };
}
const amend = (who: Who, eventId: number, body: object) => call(who, 'POST', `/Events/${eventId}/Amendments`, body);
const readItem = async (eventId: number, id: number) =>
  (await call(reader, 'GET', `/EventComponents/${eventId}/GetChipsDetailsForEdit/${id}`)).json<EventItem>();
const seal = async (eventId: number) => (await call(reader, 'GET', `/Events/${eventId}/Seal`)).json<{ valid: boolean }>();

/** A photo uploaded the way the client does it first: POST /Files, answering its id. */
async function upload(who: Who, data = samplePng(), name = 'link-12.png') {
  const file = oneFile(name, data);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/Files',
    headers: { authorization: who.authorization, ...file.headers },
    payload: file.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

describe('amending measurements and adding photos', () => {
  it('re-judges the amended grips by the item’s criteria version, keeps before and after, adds the photo, and the seal holds', async () => {
    const { event, item } = await signedChain();
    const photo = await upload(editor);
    const response = await amend(editor, event.id, {
      eventComponentId: item.id,
      statusId: replace.id,
      comment: 'Worst link re-measured',
      measurements: grips(66.5, 70),
      images: [photo],
      reason: 'Grip 1 was read off the wrong link',
    });
    expect(response.statusCode, response.body).toBe(201);
    const amendment = response.json<Amendment>();
    expect(amendment.before).toMatchObject({ statusId: ok.id, measurements: grips(75, 75.5), proposedStatusId: ok.id });
    // 66.5 mm against 76 mm is a 12.5 % loss: condemned.
    expect(amendment.after).toMatchObject({
      statusId: replace.id,
      status: { name: 'Replace' },
      comment: 'Worst link re-measured',
      measurements: grips(66.5, 70),
      proposedStatusId: replace.id,
    });
    expect(amendment.imagesAdded).toBe(1);
    expect(amendment.labels).toMatchObject({ gripDiameter1: 'Grip diameter 1 (mm)', gripDiameter2: 'Grip diameter 2 (mm)' });
    expect((await call(reader, 'GET', `/Events/${event.id}/Amendments`)).json()).toEqual([amendment]);
    // The item's dialog reads the amended values and the photo; its criteria version stays the one it was judged by.
    const shown = await readItem(event.id, item.id);
    expect(shown.measurements).toEqual(grips(66.5, 70));
    expect(shown.verdict).toMatchObject({ proposedStatusId: replace.id, chosenStatusId: replace.id, reasonNeeded: false });
    expect(shown.verdict.criteriaVersion).toMatchObject({ version: 1 });
    expect(shown.files).toEqual([{ id: expect.any(Number), url: `/api/Files/${photo}`, fileName: 'link-12.png' }]);
    // Amendments stay append-only: the sealed item still refuses edits.
    expect(
      (await call(editor, 'PUT', `/EventComponents/${event.id}/component/${item.id}`, { measurements: grips(75, 75) })).statusCode,
    ).toBe(409);
    expect((await seal(event.id)).valid).toBe(true);
    expect((await verifySeals(t.db)).broken).toBeNull();
  });

  it('keeps the status when none is sent, and an amendment of measurements alone is not flagged', async () => {
    const { event, item } = await signedChain();
    const response = await amend(editor, event.id, {
      eventComponentId: item.id,
      comment: null,
      measurements: grips(72, 73),
      reason: 'Re-read',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Amendment>().after).toMatchObject({ statusId: ok.id, proposedStatusId: monitor.id });
    expect((await readItem(event.id, item.id)).verdict).toMatchObject({ chosenStatusId: ok.id, reasonNeeded: false });
  });

  it('feeds the wear trend and the event’s PDF with the amended value', async () => {
    const first = await signedChain(grips(76, 76), '2020-01-01');
    const { event, item } = await signedChain(grips(75, 75), '2024-01-01', first.equipmentId);
    const [equipment] = (
      await t.db.execute<{ stampedId: string }>(sql`select stamped_id as "stampedId" from equipment where id = ${first.equipmentId}`)
    ).rows;
    const amended = await amend(editor, event.id, {
      eventComponentId: item.id,
      comment: null,
      measurements: grips(72.5, 74),
      reason: 'Caliper slipped',
    });
    expect(amended.statusCode, amended.body).toBe(201);
    const { wear } = (await call(editor, 'GET', `/Equipment/${encodeURIComponent(equipment.stampedId)}`)).json<EquipmentDetail>();
    expect(wear?.series).toEqual([
      { date: '2020-01-01', value: 76 },
      { date: '2024-01-01', value: 72.5 },
    ]);
    const pdf = await t.app.inject({
      url: `/api/Export/Pdf/${event.id}?orientation=landscape`,
      headers: { authorization: editor.authorization },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Grip diameter 1: 72.5 mm');
    expect(text).not.toContain('Grip diameter 1: 75 mm');
    // The item's evidence prints the correction beside the signed result.
    const evidence = await t.app.inject({
      url: `/api/Export/Evidence/${encodeURIComponent(equipment.stampedId)}`,
      headers: { authorization: editor.authorization },
    });
    expect(evidence.statusCode).toBe(200);
    expect(pdfText(evidence.rawPayload).replace(/\s+/g, ' ')).toContain('Grip diameter 1 (mm): 75 -> 72.5');
  });

  it('refuses an unknown key, a value out of range, no reason, nothing changed, and a file that is not the caller’s own image', async () => {
    const { event, item } = await signedChain();
    const base = { eventComponentId: item.id, comment: null, reason: 'Re-read' };
    const errors = async (body: object) => {
      const response = await amend(editor, event.id, body);
      expect(response.statusCode).toBe(400);
      return response.json().errors;
    };
    expect(await errors({ ...base, measurements: [{ key: 'gripDiameter9', value: 70 }] })).toEqual({
      'measurements.0.key': ["There is no field 'gripDiameter9' in this item's template"],
    });
    expect(Object.keys(await errors({ ...base, measurements: grips(70, 10_000_000) }))).toEqual(['measurements.1.value']);
    expect(Object.keys(await errors({ ...base, measurements: [{ key: 'gripDiameter1', value: 'seventy' }] }))).toEqual([
      'measurements.0.value',
    ]);
    expect(await errors({ ...base, measurements: grips(70, 71), reason: '' })).toEqual({ reason: ['Reason is required'] });
    expect(await errors({ ...base, measurements: grips(75, 75.5) })).toEqual({ reason: [amendmentMessages.nothingChanged] });
    const pdf = await upload(editor, samplePdf(), 'report.pdf');
    const othersPhoto = await upload(ofA);
    expect(await errors({ ...base, images: [pdf] })).toEqual({ 'images.0': [amendmentMessages.notAnImage] });
    expect(await errors({ ...base, images: [othersPhoto] })).toEqual({ 'images.0': [amendmentMessages.notAnImage] });
    // Nothing of a refused amendment was written.
    expect((await readItem(event.id, item.id)).measurements).toEqual(grips(75, 75.5));
    expect((await call(reader, 'GET', `/Events/${event.id}/Amendments`)).json()).toEqual([]);
  });

  it('needs Events level, an internal user whose owners cover the item, and a password session', async () => {
    const { event, item } = await signedChain();
    const body = { eventComponentId: item.id, comment: null, measurements: grips(70, 71), reason: 'Re-read' };
    expect((await amend(reader, event.id, body)).statusCode).toBe(403);
    const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report', owners: [a.owner.id] });
    expect((await amend(external, event.id, body)).statusCode).toBe(403);
    expect((await amend(ofB, event.id, body)).statusCode).toBe(404);
    const user = await createUser(t.db, { level: 'SystemAdministrator' });
    const chip = await createUserChip(t.db, user.id);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { username: chip, password: CHIP_LOGIN_PASSWORD },
      remoteAddress: '10.40.0.2',
    });
    const chipped = await amend({ authorization: `Bearer ${login.json().token}` }, event.id, body);
    expect(chipped.statusCode).toBe(403);
    expect(chipped.json().message).toBe(amendmentMessages.chipSession);
    expect((await readItem(event.id, item.id)).measurements).toEqual(grips(75, 75.5));
    expect((await amend(ofA, event.id, body)).statusCode).toBe(201);
  });
});

describe('the seal of amended measurements', () => {
  it('still checks an amendment of form version 1 by its own version', async () => {
    const { event, item } = await signedChain();
    // An amendment as recorded before measurements were amended: status and comment only.
    await t.db.transaction(async (tx) => {
      const before = { statusId: ok.id, comment: null };
      const after = { statusId: monitor.id, comment: 'Old style' };
      const signedAt = new Date().toISOString();
      const previousHash = await chainEnd(tx);
      const content = { eventId: event.id, eventItemId: item.id, before, after, reason: 'Old', userEmail: editor.email, signedAt };
      const hash = amendmentHash({ formVersion: 1, ...content, previousHash });
      await tx.execute(sql`insert into event_seals (event_id, kind, user_id, user_email, signed_at, event_item_id, reason, before, after, form_version, snapshot, previous_hash, hash)
        values (${event.id}, 'amendment', ${editor.userId}, ${editor.email}, ${signedAt}, ${item.id}, 'Old', ${JSON.stringify(before)}::jsonb,
          ${JSON.stringify(after)}::jsonb, 1, '{}'::jsonb, ${previousHash}, ${hash})`);
      await tx.execute(sql`select set_config('portal.amending', 'on', true)`);
      await tx.execute(sql`update event_items set status_id = ${monitor.id}, comment = 'Old style' where id = ${item.id}`);
    });
    expect(AMENDMENT_FORM_VERSION).toBe(2);
    const next = await amend(editor, event.id, {
      eventComponentId: item.id,
      comment: 'Old style',
      measurements: grips(73, 75),
      reason: 'Re-read',
    });
    expect(next.statusCode, next.body).toBe(201);
    expect((await seal(event.id)).valid).toBe(true);
    expect((await verifySeals(t.db)).broken).toBeNull();
  });

  it('shows an SQL change of an amended measurement: valid false, and verify-seals names the sign-off', async () => {
    const { event, item } = await signedChain();
    const amended = await amend(editor, event.id, {
      eventComponentId: item.id,
      comment: null,
      measurements: grips(70, 71),
      reason: 'Re-read',
    });
    expect(amended.statusCode).toBe(201);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table event_items disable trigger seal_event_items`);
      await tx.execute(sql`update event_items set measurements = ${JSON.stringify(grips(74, 71))}::jsonb where id = ${item.id}`);
      await tx.execute(sql`alter table event_items enable trigger seal_event_items`);
    });
    expect((await seal(event.id)).valid).toBe(false);
    expect((await verifySeals(t.db)).broken).toMatchObject({ eventId: event.id, kind: 'signOff' });
  });
});
