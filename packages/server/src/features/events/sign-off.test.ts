import {
  amendmentMessages,
  CHIP_LOGIN_PASSWORD,
  type EndpointDefinition,
  endpointsByFeature,
  signOffMessages as m,
  type UpdateEventBody,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createUser } from '../../../test/factories.ts';
import { samplePng } from '../../../test/factories-files.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';
import { createUserChip } from '../../../test/factories-users.ts';
import { oneFile } from '../../../test/multipart.ts';
import { pdfText } from '../../../test/pdf.ts';

const t = await setupTestApp();
const editor = await t.loginAs({ level: 'Events' });
const reader = await t.loginAs({ level: 'Read' });
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'OK', color: 'success', isDefault: true, meaning: 'fit' },
  { name: 'Replace', color: 'danger', meaning: 'condemned' },
  { name: 'Not inspected', meaning: 'notInspected' },
]);
const [ok, replace, notInspected] = statuses;
const a = await createCertificate(t.db);
const b = await createCertificate(t.db);
const restrictedEditor = await t.loginAs({ level: 'Events', owners: [a.owner.id] });
const inspector = { inspector: 'Kari Nordmann', qualification: 'Level 2 MPI, IRATA 3', company: 'Nordic Rope Survey AS' };

type Caller = { authorization: string };
const call = (as: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: as.authorization }, ...(payload && { payload }) });
const signOff = (as: Caller, eventId: number, body: object = inspector) => call(as, 'POST', `/api/Events/${eventId}/SignOff`, body);

/** An event with items of owner A (fit, condemned), an unlinked one (not inspected) and optionally one of owner B. */
async function eventWithItems(options: { ownerB?: boolean; unset?: boolean } = {}) {
  const event = await createEvent(t.db, { typeId: type.id });
  const items = [
    await createEquipment(t.db, { certificateId: a.certificate.id }),
    await createEquipment(t.db, { certificateId: a.certificate.id }),
    await createEquipment(t.db),
    ...(options.ownerB ? [await createEquipment(t.db, { certificateId: b.certificate.id })] : []),
  ];
  const status = [ok.id, replace.id, notInspected.id, ok.id];
  const rows = [];
  for (const [i, item] of items.entries()) {
    const statusId = options.unset && i === 1 ? null : status[i];
    rows.push(await createEventItem(t.db, { eventId: event.id, equipmentId: item.id, sequence: i + 1, statusId, notification: i === 1 }));
  }
  return { event, items, rows };
}

describe('POST /api/Events/{id}/SignOff', () => {
  it('signs an event off and shows who, when and with what qualification on every read of it', async () => {
    const { event, items } = await eventWithItems();
    const response = await signOff(editor, event.id);
    expect(response.statusCode).toBe(201);
    const seal = response.json();
    expect(seal).toEqual({
      eventId: event.id,
      signedBy: 'Kari Nordmann',
      qualification: inspector.qualification,
      company: inspector.company,
      signedAt: expect.any(String),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      previousHash: null,
      valid: true,
    });
    const shown = {
      signedBy: 'Kari Nordmann',
      qualification: inspector.qualification,
      company: inspector.company,
      signedAt: seal.signedAt,
    };
    expect((await call(reader, 'GET', `/api/Events/${event.id}/Details`)).json().signOff).toEqual(shown);
    expect((await call(reader, 'GET', `/api/Events/${event.id}`)).json().signOff).toEqual(shown);
    const listed = (await call(reader, 'GET', '/api/Events?pageSize=100')).json().items;
    expect(listed.find((row: { id: number }) => row.id === event.id).signOff).toEqual(shown);
    expect((await call(editor, 'GET', `/api/Events/${event.id}/getEditScaffolding`)).json().signOff).toEqual(shown);
    expect((await call(reader, 'GET', `/api/EventComponents/${event.id}/equipmentDetails`)).json().signOff).toEqual(shown);
    // The item's history names the signer beside the event.
    const history = (await call(reader, 'GET', `/api/Equipment/${encodeURIComponent(items[0].stampedId)}`)).json();
    expect(history.events[0]).toMatchObject({ eventId: event.id, signOff: shown });
    const byStampedId = (await call(reader, 'GET', `/api/Events/${encodeURIComponent(items[0].stampedId)}/Equipment`)).json();
    expect(byStampedId[0].signOff).toEqual(shown);
    // Once only: the seal is never replaced.
    const again = await signOff(editor, event.id, { ...inspector, inspector: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadySigned);
  });

  it("names the signer in the event's Excel and PDF exports and in its items' exports", async () => {
    const { event, items } = await eventWithItems();
    await signOff(editor, event.id);
    const download = async (path: string, who: Caller = reader) => {
      const token = (await call(who, 'POST', '/api/Account/DownloadToken')).json().token as string;
      return t.app.inject({ url: `/api${path}?access_token=${token}` });
    };
    const line = /Signed off by: Kari Nordmann \(Level 2 MPI, IRATA 3, Nordic Rope Survey AS\) on \d\d\.\d\d\.\d{4} - \d\d:\d\d UTC/;
    const book = XLSX.read((await download(`/Export/${event.id}`)).rawPayload, { type: 'buffer' });
    const cells = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 }).flat().map(String);
    expect(cells.some((cell) => line.test(cell))).toBe(true);
    const text = pdfText((await download(`/Export/Pdf/${event.id}`)).rawPayload).replace(/\s+/g, ' ');
    // The item's own export lists who signed each of its events.
    const itemBook = XLSX.read((await download(`/Export/StampedId/${encodeURIComponent(items[0].stampedId)}`, editor)).rawPayload, {
      type: 'buffer',
    });
    const itemCells = XLSX.utils.sheet_to_json<unknown[]>(itemBook.Sheets[itemBook.SheetNames[0]], { header: 1 }).flat().map(String);
    expect(itemCells).toContain('Kari Nordmann (Level 2 MPI, IRATA 3, Nordic Rope Survey AS)');
    expect(text).toMatch(/Signed off by:? ?Kari Nordmann \(Level 2 MPI, IRATA 3, Nordic Rope Survey AS\) on/);
  });

  it('an unsigned event reads signOff null', async () => {
    const { event } = await eventWithItems();
    expect((await call(reader, 'GET', `/api/Events/${event.id}/Details`)).json().signOff).toBeNull();
  });

  it('refuses a session signed in with a chip (403), even a SystemAdministrator’s', async () => {
    const { event } = await eventWithItems();
    const user = await createUser(t.db, { level: 'SystemAdministrator' });
    const chip = await createUserChip(t.db, user.id);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { username: chip, password: CHIP_LOGIN_PASSWORD },
      remoteAddress: '10.40.0.1',
    });
    const chipSession = { authorization: `Bearer ${login.json().token}` };
    const response = await signOff(chipSession, event.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(m.chipSession);
    expect((await call(reader, 'GET', `/api/Events/${event.id}/Details`)).json().signOff).toBeNull();
  });

  it('refuses Read level and external users (403)', async () => {
    const { event } = await eventWithItems();
    expect((await signOff(reader, event.id)).statusCode).toBe(403);
    const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
    expect((await signOff(external, event.id)).statusCode).toBe(403);
    expect((await signOff(editor, event.id)).statusCode).toBe(201);
  });

  it('needs a signer whose owners cover every item: another owner’s item is refused (403), unlinked ones are covered', async () => {
    const mixed = await eventWithItems({ ownerB: true });
    const refused = await signOff(restrictedEditor, mixed.event.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(m.otherOwners(1));
    // A user with all owners (or A's and B's) signs it.
    expect((await signOff(editor, mixed.event.id)).statusCode).toBe(201);
    const own = await eventWithItems();
    expect((await signOff(restrictedEditor, own.event.id)).statusCode).toBe(201);
  });

  it('needs a status on every item (409, the count said), and at least one item', async () => {
    const { event, rows } = await eventWithItems({ unset: true });
    const refused = await signOff(editor, event.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('1 item without a status: give every item a status (not inspected is allowed) before signing off');
    await call(editor, 'PUT', `/api/EventComponents/${event.id}/component/${rows[1].id}`, { statusId: notInspected.id });
    expect((await signOff(editor, event.id)).statusCode).toBe(201);
    const empty = await createEvent(t.db, { typeId: type.id });
    expect((await signOff(editor, empty.id)).json()).toMatchObject({ status: 409, message: m.noItems });
    expect((await signOff(editor, 999999)).statusCode).toBe(404);
  });

  it('refuses bad input (400) and signs nothing', async () => {
    const { event } = await eventWithItems();
    const missing = await signOff(editor, event.id, { inspector: ' ', qualification: 'MPI' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      inspector: ['Inspector is required'],
      company: ['Company is required'],
    });
    expect((await signOff(editor, event.id, { ...inspector, inspector: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await signOff(editor, event.id, { ...inspector, extra: 1 })).statusCode).toBe(400);
    expect((await call(reader, 'GET', `/api/Events/${event.id}/Details`)).json().signOff).toBeNull();
  });
});

describe('a signed-off event is sealed', () => {
  /** Every write endpoint of events and event items, with a request that would change the signed event. */
  async function writeRequests() {
    const { event, rows, items } = await eventWithItems();
    const image = oneFile('link.png', samplePng());
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/EventComponents/${event.id}/component/${rows[0].id}/images`,
      headers: { authorization: editor.authorization, ...image.headers },
      payload: image.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const version = (await call(editor, 'GET', `/api/Events/${event.id}`)).json().version;
    expect((await signOff(editor, event.id)).statusCode).toBe(201);
    const base = `/api/EventComponents/${event.id}`;
    const fields: UpdateEventBody = { rig: event.rigId, referenceNo: event.projectId, eventDate: '2026-02-01', version };
    const fresh = await createEquipment(t.db, { certificateId: a.certificate.id });
    const upload = (url: string) => {
      const body = oneFile('more.png', samplePng());
      return t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: editor.authorization, ...body.headers },
        payload: body.payload,
      });
    };
    // Keyed by the endpoint's method and path as the contract declares it.
    const requests: Record<string, () => ReturnType<typeof call>> = {
      'PUT /Events/:id': () => call(editor, 'PUT', `/api/Events/${event.id}`, fields),
      'DELETE /Events/:id': () => call(editor, 'DELETE', `/api/Events/${event.id}`),
      'POST /EventComponents/:eventId/component': () => call(editor, 'POST', `${base}/component`, { stampedId: fresh.stampedId }),
      'PUT /EventComponents/:eventId/component/:id': () => call(editor, 'PUT', `${base}/component/${rows[0].id}`, { statusId: replace.id }),
      'DELETE /EventComponents/:eventId/component/:id': () => call(editor, 'DELETE', `${base}/component/${rows[2].id}`),
      'POST /EventComponents/:eventId/SetStatusOnAll': () => call(editor, 'POST', `${base}/SetStatusOnAll`, { statusId: replace.id }),
      'POST /EventComponents/:eventId/series': () =>
        call(editor, 'POST', `${base}/series`, { prefix: 'SEAL-', numberFrom: '1', numberTo: '2', postFix: '' }),
      'POST /EventComponents/:eventId/componentsImport': () =>
        call(editor, 'POST', `${base}/componentsImport`, { stampedIds: ['SEAL-IMP-1'] }),
      'PUT /EventComponents/:eventId/component/:id/moveToSequence': () =>
        call(editor, 'PUT', `${base}/component/${rows[2].id}/moveToSequence?sequence=1`),
      'POST /EventComponents/:eventId/component/:id/images': () => upload(`${base}/component/${rows[1].id}/images`),
      'DELETE /EventComponents/:eventId/component/:id/image/:imageId': () =>
        call(editor, 'DELETE', `${base}/component/${rows[0].id}/image/${uploaded.json().id}`),
    };
    return { event, rows, items, requests };
  }

  /** Writes that never change an existing event: creating one (a copy reads the signed event), a file check, the sign-off itself. */
  const notEventWrites = new Set([
    'POST /Events',
    'POST /EventComponents/:eventId/importAndValidate',
    'POST /Events/:id/SignOff',
    // The one correction a signed event takes (tested below).
    'POST /Events/:id/Amendments',
  ]);

  it('answers 409 with the message to every write route of events and event items, and changes nothing', async () => {
    const { event, requests } = await writeRequests();
    const writes = [...Object.values(endpointsByFeature.events), ...Object.values(endpointsByFeature.eventItems)]
      .filter((endpoint: EndpointDefinition) => endpoint.method !== 'GET')
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`)
      .filter((key) => !notEventWrites.has(key));
    // A new write route fails here until it is listed (and sealed).
    expect(Object.keys(requests).sort()).toEqual(writes.sort());
    const before =
      await t.db.execute(sql`select to_jsonb(e) as e, (select jsonb_agg(to_jsonb(i) order by i.id) from event_items i where i.event_id = e.id) as items,
      (select count(*)::int from event_item_images m join event_items i on i.id = m.event_item_id where i.event_id = e.id) as images
      from events e where e.id = ${event.id}`);
    for (const [key, request] of Object.entries(requests)) {
      const response = await request();
      expect({ key, status: response.statusCode, message: response.json().message }).toEqual({ key, status: 409, message: m.sealed });
    }
    const after =
      await t.db.execute(sql`select to_jsonb(e) as e, (select jsonb_agg(to_jsonb(i) order by i.id) from event_items i where i.event_id = e.id) as items,
      (select count(*)::int from event_item_images m join event_items i on i.id = m.event_item_id where i.event_id = e.id) as images
      from events e where e.id = ${event.id}`);
    expect(after.rows).toEqual(before.rows);
  });

  it('refuses a status or comment sent with the flag, and an SQL write behind the API', async () => {
    const { rows } = await writeRequests();
    const withComment = await call(editor, 'PUT', `/api/EventComponents/${rows[0].eventId}/component/${rows[0].id}`, {
      notifications: true,
      comment: 'changed',
    });
    expect(withComment.statusCode).toBe(409);
    const sealed = { cause: { code: 'PSEAL', message: m.sealed } };
    await expect(t.db.execute(sql`update event_items set comment = 'behind' where id = ${rows[0].id}`)).rejects.toMatchObject(sealed);
    // Seals are append-only.
    await expect(t.db.execute(sql`delete from event_seals`)).rejects.toMatchObject({ cause: { code: 'PSEAL' } });
  });

  it('still toggles the notification flag, and keeps each change with who and when', async () => {
    const { event, rows } = await writeRequests();
    const url = `/api/EventComponents/${event.id}/component/${rows[0].id}`;
    const on = await call(editor, 'PUT', url, { notifications: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ notifications: true, statusId: ok.id });
    const off = await call(editor, 'PUT', url, { notifications: false });
    expect(off.json().notifications).toBe(false);
    const detail = (await call(reader, 'GET', `/api/EventComponents/${event.id}/GetChipsDetailsForEdit/${rows[0].id}`)).json();
    expect(detail.notificationChanges).toEqual([
      { notification: false, changedBy: editor.email, changedAt: expect.any(String) },
      { notification: true, changedBy: editor.email, changedAt: expect.any(String) },
    ]);
  });
});

describe('GET /api/Events/{id}/Seal: the hash chain', () => {
  it('chains each seal to the previous one, stays valid after a rename, and shows a change behind the portal as valid: false', async () => {
    const first = await eventWithItems();
    const second = await eventWithItems();
    const a1 = (await signOff(editor, first.event.id)).json();
    const a2 = (await signOff(editor, second.event.id)).json();
    expect(a2.previousHash).toBe(a1.hash);
    const seal = await call(reader, 'GET', `/api/Events/${second.event.id}/Seal`);
    expect(seal.statusCode).toBe(200);
    expect(seal.json()).toEqual(a2);
    // Renaming a status changes neither the seal nor the names it keeps.
    await t.db.execute(sql`update folders set name = 'Renamed OK' where id = ${ok.id}`);
    expect((await call(reader, 'GET', `/api/Events/${second.event.id}/Seal`)).json().valid).toBe(true);
    // The flag is not part of the seal.
    await call(editor, 'PUT', `/api/EventComponents/${second.event.id}/component/${second.rows[0].id}`, { notifications: true });
    expect((await call(reader, 'GET', `/api/Events/${second.event.id}/Seal`)).json().valid).toBe(true);
    // An SQL update behind the portal (the seal trigger switched off first) breaks it.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table event_items disable trigger seal_event_items`);
      await tx.execute(sql`update event_items set status_id = ${replace.id} where id = ${second.rows[0].id}`);
      await tx.execute(sql`alter table event_items enable trigger seal_event_items`);
    });
    const broken = (await call(reader, 'GET', `/api/Events/${second.event.id}/Seal`)).json();
    expect(broken).toMatchObject({ hash: a2.hash, valid: false });
    expect((await call(reader, 'GET', `/api/Events/${first.event.id}/Seal`)).json().valid).toBe(true);
    // An unsigned event has no seal; Read level reads it, external users do not.
    const unsigned = await eventWithItems();
    expect((await call(reader, 'GET', `/api/Events/${unsigned.event.id}/Seal`)).statusCode).toBe(404);
    const external = await t.loginAs({ level: 'Read', type: 'Report' });
    expect((await call(external, 'GET', `/api/Events/${first.event.id}/Seal`)).statusCode).toBe(403);
    expect((await call(reader, 'GET', '/api/Events/abc/Seal')).statusCode).toBe(400);
  });
});

describe('amendments', () => {
  const amend = (as: Caller, eventId: number, body: object) => call(as, 'POST', `/api/Events/${eventId}/Amendments`, body);

  it('corrects a signed item: the amended status is its status everywhere, the original stays in the amendment, the seals stay valid', async () => {
    // Owner A's chain is inspected yearly: its items have due dates (docs/due-dates.md).
    await t.db.execute(sql`insert into due_regimes (certificate_type_id, inspection_months, renewal_months) values (${a.type.id}, 12, 60)`);
    const { event, rows, items } = await eventWithItems();
    expect(
      (await amend(editor, event.id, { eventComponentId: rows[0].id, statusId: replace.id, comment: null, reason: 'x' })).json(),
    ).toMatchObject({
      status: 409,
      message: amendmentMessages.notSigned,
    });
    const sealed = (await signOff(editor, event.id)).json();
    const response = await amend(editor, event.id, {
      eventComponentId: rows[0].id,
      statusId: replace.id,
      comment: 'Crack found at MPI re-check',
      reason: 'MPI result came back after sign-off',
    });
    expect(response.statusCode, response.body).toBe(201);
    const amendment = response.json();
    expect(amendment).toEqual({
      id: expect.any(Number),
      eventId: event.id,
      eventComponentId: rows[0].id,
      stampedId: items[0].stampedId,
      before: {
        statusId: ok.id,
        status: { name: expect.any(String), color: 'success' },
        comment: null,
        measurements: [],
        proposedStatusId: null,
      },
      after: {
        statusId: replace.id,
        status: { name: 'Replace', color: 'danger' },
        comment: 'Crack found at MPI re-check',
        measurements: [],
        proposedStatusId: null,
      },
      imagesAdded: 0,
      labels: {},
      reason: 'MPI result came back after sign-off',
      amendedBy: editor.email,
      amendedAt: expect.any(String),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      previousHash: sealed.hash,
    });
    expect((await call(reader, 'GET', `/api/Events/${event.id}/Amendments`)).json()).toEqual([amendment]);
    // The item's values everywhere: its dialog, latest status and due date (condemned), the red report.
    const item = (await call(reader, 'GET', `/api/EventComponents/${event.id}/GetChipsDetailsForEdit/${rows[0].id}`)).json();
    expect(item).toMatchObject({ statusId: replace.id, comment: 'Crack found at MPI re-check' });
    const { rows: derived } = await t.db.execute(sql`
      select l.inspection_meaning as meaning, d.condemned from equipment_latest_status l left join equipment_due d using (equipment_id)
      where l.equipment_id = ${items[0].id}`);
    expect(derived).toEqual([{ meaning: 'condemned', condemned: true }]);
    const red = (await call(reader, 'GET', '/api/Report/redEquipment')).json();
    expect(red.rows.map((row: { stampedId: string }) => row.stampedId)).toContain(items[0].stampedId);
    // Still sealed to edits; the sign-off seal holds (the amendment undone, the rows are what was signed).
    expect((await call(editor, 'PUT', `/api/EventComponents/${event.id}/component/${rows[0].id}`, { statusId: ok.id })).statusCode).toBe(
      409,
    );
    expect((await call(reader, 'GET', `/api/Events/${event.id}/Seal`)).json().valid).toBe(true);
    // A change behind the portal after the amendment still shows.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`alter table event_items disable trigger seal_event_items`);
      await tx.execute(sql`update event_items set comment = 'rewritten' where id = ${rows[0].id}`);
      await tx.execute(sql`alter table event_items enable trigger seal_event_items`);
    });
    expect((await call(reader, 'GET', `/api/Events/${event.id}/Seal`)).json().valid).toBe(false);
  });

  it('needs a reason, a change, a status of the type, Events level, a password session and an item the caller covers', async () => {
    const { event, rows } = await eventWithItems({ ownerB: true });
    await signOff(editor, event.id);
    const base = { eventComponentId: rows[0].id, statusId: replace.id, comment: null, reason: 'Wrong status' };
    const noReason = await amend(editor, event.id, { ...base, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toEqual(['Reason is required']);
    expect((await amend(editor, event.id, { ...base, statusId: ok.id })).json().message).toBe(amendmentMessages.nothingChanged);
    const otherType = (await createEventTypeWithStatuses(t.db, [{ name: 'Elsewhere' }])).statuses[0];
    expect((await amend(editor, event.id, { ...base, statusId: otherType.id })).statusCode).toBe(400);
    expect((await amend(reader, event.id, base)).statusCode).toBe(403);
    // Owner B's item is missing to a user of owner A's.
    expect((await amend(restrictedEditor, event.id, { ...base, eventComponentId: rows[3].id })).statusCode).toBe(404);
    expect((await call(restrictedEditor, 'GET', `/api/Events/${event.id}/Amendments`)).json()).toEqual([]);
    expect((await amend(editor, 999999, base)).statusCode).toBe(404);
    expect((await call(reader, 'GET', `/api/Events/${event.id}/Amendments`)).json()).toEqual([]);
  });
});

describe('the inspector profile', () => {
  it('is kept on the user: saved by the user on their account, and by a SystemAdministrator in the user editor', async () => {
    const own = await call(editor, 'PUT', '/api/Account/InspectorProfile', {
      inspectorName: ' Kari Nordmann ',
      inspectorQualification: 'Level 2 MPI',
      inspectorCompany: 'Nordic Rope Survey AS',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ inspectorName: 'Kari Nordmann', inspectorQualification: 'Level 2 MPI' });
    expect((await call(editor, 'GET', '/api/Account/UserInfo')).json().inspectorCompany).toBe('Nordic Rope Survey AS');
    // A field not sent stays; an empty one clears.
    const cleared = await call(editor, 'PUT', '/api/Account/InspectorProfile', { inspectorCompany: '' });
    expect(cleared.json()).toMatchObject({ inspectorName: 'Kari Nordmann', inspectorCompany: null });
    expect((await call(editor, 'PUT', '/api/Account/InspectorProfile', { inspectorName: 'x'.repeat(201) })).statusCode).toBe(400);

    const admin = await t.loginAs({ level: 'SystemAdministrator' });
    const user = (await call(admin, 'GET', `/api/Users/${editor.userId}`)).json();
    expect(user.inspectorName).toBe('Kari Nordmann');
    const saved = await call(admin, 'PUT', `/api/Users/${editor.userId}`, {
      userLevel: user.userLevel,
      userType: user.userType,
      allOwners: user.allOwners,
      owners: [],
      alias: null,
      inspectorQualification: 'Level 3 MPI',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ inspectorName: 'Kari Nordmann', inspectorQualification: 'Level 3 MPI' });
    // Another user's profile is the editor's alone: an Events user has no user editor.
    expect((await call(editor, 'PUT', `/api/Users/${admin.userId}`, { ...saved.json(), inspectorName: 'x' })).statusCode).toBe(403);
  });
});
