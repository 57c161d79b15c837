import { type EventItemsForEdit, eventItemMessages, messages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { samplePdf, samplePng } from '../../../test/factories-files.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment, createEventItem } from '../../../test/factories-items.ts';
import { oneFile } from '../../../test/multipart.ts';

const t = await setupTestApp();
const editor = await t.loginAs({ level: 'Events' });
const reader = await t.loginAs({ level: 'Read' });
const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
const { type, statuses } = await createEventTypeWithStatuses(t.db, [
  { name: 'OK', color: 'success', isDefault: true },
  { name: 'Replace', color: 'danger', meaning: 'condemned' },
  { name: 'Not inspected', meaning: 'notInspected' },
]);
const [ok, replace, notInspected] = statuses;
const otherTypeStatus = (await createEventTypeWithStatuses(t.db, [{ name: 'Other' }])).statuses[0];
// Owners A and B: a restricted user of A's sees and changes A's and unlinked items only.
const a = await createCertificate(t.db);
const b = await createCertificate(t.db);
const restrictedEditor = await t.loginAs({ level: 'Events', owners: [a.owner.id] });

const base = (eventId: number) => `/api/EventComponents/${eventId}`;
const call = (as: { authorization: string }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: as.authorization }, ...(payload && { payload }) });
const rows = async (eventId: number) => (await call(reader, 'GET', `${base(eventId)}/GetChipsForEdit`)).json<EventItemsForEdit>().items;
const newEvent = () => createEvent(t.db, { typeId: type.id });

/** equipment_latest_status must equal the DISTINCT ON result for every item (decision 015). */
async function expectLatestStatusInStep() {
  const { rows: diff } = await t.db.execute(sql`
    with expected as (
      select distinct on (i.equipment_id) i.equipment_id, i.id as event_item_id, i.status_id
      from event_items i join events e on e.id = i.event_id order by i.equipment_id, e.event_date desc, e.id desc)
    (select equipment_id, event_item_id, status_id from expected except select equipment_id, event_item_id, status_id from equipment_latest_status)
    union all
    (select equipment_id, event_item_id, status_id from equipment_latest_status except select equipment_id, event_item_id, status_id from expected)`);
  expect(diff).toEqual([]);
}

describe('adding items', () => {
  it('adds a known item by stamped id at the end, and an unknown one as a new unlinked item', async () => {
    const event = await newEvent();
    const known = await createEquipment(t.db);
    const first = await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: known.stampedId, statusId: ok.id });
    expect(first.statusCode).toBe(201);
    // The event component's fields and the editor's row, not the equipment's detail.
    const [row] = await rows(event.id);
    // Signed in 2021 (the factory's date): marked OK, an item over 5 years old is warned of (docs/event-items.md).
    expect(first.json()).toEqual({ createdEquipment: false, item: { ...row, comment: null, files: [] }, warnings: expect.any(Array) });
    expect(row).toMatchObject({ sequence: 1, stampedId: known.stampedId, statusId: ok.id, anotherOwner: false });
    const fresh = await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: 'NEW-KL-0001' });
    expect(fresh.json()).toMatchObject({
      createdEquipment: true,
      item: { sequence: 2, stampedId: 'NEW-KL-0001', description: null, ownerId: null, statusId: notInspected.id },
    });
    const check = await call(reader, 'GET', `${base(event.id)}/stampedId/NEW-KL-0001`);
    expect(check.json()).toEqual({ stampedId: 'NEW-KL-0001', known: true, inEvent: true, available: true });
    expect((await call(reader, 'GET', `${base(event.id)}/stampedId/NOPE-1`)).json()).toEqual({
      stampedId: 'NOPE-1',
      known: false,
      inEvent: false,
      available: true,
    });
    await expectLatestStatusInStep();
  });

  it('refuses an id already in the event, a status of another type and a missing stamped id, writing nothing', async () => {
    const event = await newEvent();
    const item = await createEquipment(t.db);
    await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: item.stampedId });
    const twice = await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: item.stampedId });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors.stampedId).toEqual([eventItemMessages.alreadyInEvent(item.stampedId)]);
    const foreignStatus = await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: 'X-NEW-1', statusId: otherTypeStatus.id });
    expect(foreignStatus.json().errors.statusId).toEqual([eventItemMessages.statusNotOfType]);
    const missing = await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: ' ' });
    expect(missing.json().errors.stampedId).toEqual([messages.required('Stamped id')]);
    expect((await rows(event.id)).map((r) => r.stampedId)).toEqual([item.stampedId]);
    const { rows: created } = await t.db.execute(sql`select 1 from equipment where stamped_id = 'X-NEW-1'`);
    expect(created).toEqual([]);
  });

  it('adds a series and an import list, skipping ids already in the event', async () => {
    const event = await newEvent();
    const series = await call(editor, 'POST', `${base(event.id)}/series`, {
      numberFrom: '08',
      numberTo: '11',
      prefix: 'SER-',
      postFix: '-A',
      statusId: ok.id,
    });
    expect(series.statusCode).toBe(201);
    expect(series.json()).toEqual({ added: 4, created: 4, skipped: [], warnings: [] });
    const imported = await call(editor, 'POST', `${base(event.id)}/componentsImport`, { stampedIds: ['SER-09-A', 'IMP-1', 'IMP-2'] });
    expect(imported.json()).toEqual({
      added: 2,
      created: 2,
      skipped: [{ stampedId: 'SER-09-A', reason: eventItemMessages.alreadyInEvent('SER-09-A') }],
      warnings: [],
    });
    expect((await rows(event.id)).map((r) => [r.sequence, r.stampedId])).toEqual([
      [1, 'SER-08-A'],
      [2, 'SER-09-A'],
      [3, 'SER-10-A'],
      [4, 'SER-11-A'],
      [5, 'IMP-1'],
      [6, 'IMP-2'],
    ]);
    await expectLatestStatusInStep();
  });

  it('answers the series messages of the spec', async () => {
    const event = await newEvent();
    const bad = await call(editor, 'POST', `${base(event.id)}/series`, { numberFrom: 'a', numberTo: '5', prefix: '', postFix: '' });
    expect(bad.json().errors.numberFrom).toEqual([messages.numberFromInvalid]);
    const backwards = await call(editor, 'POST', `${base(event.id)}/series`, { numberFrom: '5', numberTo: '2', prefix: '', postFix: '' });
    expect(backwards.json().errors.numberTo).toEqual([messages.secondNumberLarger]);
    expect(await rows(event.id)).toEqual([]);
  });

  it('validates an import file: errors per line, or the content', async () => {
    const event = await newEvent();
    const known = await createEquipment(t.db);
    const upload = (text: string | Buffer) => {
      const body = oneFile('items.txt', text);
      return t.app.inject({
        method: 'POST',
        url: `${base(event.id)}/importAndValidate`,
        headers: { authorization: editor.authorization, ...body.headers },
        payload: body.payload,
      });
    };
    const good = await upload(`${known.stampedId};12.5;ok\nFILE-NEW-1\n\n`);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({
      content: [
        { stampedId: known.stampedId, known: true, inEvent: false, available: true },
        { stampedId: 'FILE-NEW-1', known: false, inEvent: false, available: true },
      ],
    });
    const bad = await upload('A-1\nA-1\n;x\n');
    expect(bad.json()).toEqual({
      errors: [
        { line: 2, message: 'A-1 is already on line 1' },
        { line: 3, message: eventItemMessages.importLayout },
      ],
    });
    const pdf = await upload(Buffer.from([0, 1, 2]));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors.File).toEqual([eventItemMessages.importNotText]);
  });

  it('never gives two items the same sequence when people add at once', async () => {
    const event = await newEvent();
    const ids = Array.from({ length: 8 }, (_, i) => `PAR-${i}`);
    const answers = await Promise.all(ids.map((stampedId) => call(editor, 'POST', `${base(event.id)}/component`, { stampedId })));
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 201));
    expect((await rows(event.id)).map((r) => r.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('the status an add gives (an item never looks inspected only because it was added)', () => {
  it("gives a stamped id, a series and an import sent without a status the type's first notInspected status; null is no status", async () => {
    const event = await newEvent();
    const one = await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: 'NI-ONE-1' });
    expect(one.statusCode).toBe(201);
    expect(one.json().item.statusId).toBe(notInspected.id);
    expect(
      (await call(editor, 'POST', `${base(event.id)}/series`, { numberFrom: '1', numberTo: '2', prefix: 'NI-S-', postFix: '' })).statusCode,
    ).toBe(201);
    expect((await call(editor, 'POST', `${base(event.id)}/componentsImport`, { stampedIds: ['NI-IMP-1'] })).statusCode).toBe(201);
    // What the person chose is kept: no status, or another status of the type.
    await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: 'NI-NONE-1', statusId: null });
    await call(editor, 'POST', `${base(event.id)}/componentsImport`, { stampedIds: ['NI-OK-1'], statusId: ok.id });
    const edited = (await call(reader, 'GET', `${base(event.id)}/GetChipsForEdit`)).json<EventItemsForEdit>();
    const nameOf = (statusId: number | null) => edited.statuses.find((s) => s.id === statusId)?.name ?? null;
    expect(edited.items.map((r) => [r.stampedId, nameOf(r.statusId)])).toEqual([
      ['NI-ONE-1', 'Not inspected'],
      ['NI-S-1', 'Not inspected'],
      ['NI-S-2', 'Not inspected'],
      ['NI-IMP-1', 'Not inspected'],
      ['NI-NONE-1', null],
      ['NI-OK-1', 'OK'],
    ]);
    await expectLatestStatusInStep();
  });

  it('gives no status where the type has no notInspected status (never the default one), and refuses a status of another type', async () => {
    const { type: plain } = await createEventTypeWithStatuses(t.db, [{ name: 'Fine', isDefault: true }, { name: 'Disabled' }]);
    const event = await createEvent(t.db, { typeId: plain.id });
    expect((await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: 'NI-PLAIN-1' })).json().item.statusId).toBeNull();
    await call(editor, 'POST', `${base(event.id)}/series`, { numberFrom: '1', numberTo: '2', prefix: 'NI-PLAIN-S', postFix: '' });
    expect((await rows(event.id)).map((r) => r.statusId)).toEqual([null, null, null]);
    for (const [path, payload, field] of [
      ['component', { stampedId: 'NI-BAD-1', statusId: notInspected.id }, 'statusId'],
      ['series', { numberFrom: '1', numberTo: '2', prefix: 'NI-BAD-S', postFix: '', statusId: notInspected.id }, 'statusId'],
      ['componentsImport', { stampedIds: ['NI-BAD-2'], statusId: notInspected.id }, 'statusId'],
      ['componentsImport', { stampedIds: ['NI-BAD-3'], statusId: 'x' }, 'statusId'],
    ] as const) {
      const answer = await call(editor, 'POST', `${base(event.id)}/${path}`, payload);
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json().errors)).toEqual([field]);
    }
    expect(await rows(event.id)).toHaveLength(3);
  });
});

describe('marking an item fit warns when its renewal is overdue or its effective age is over 5 years', () => {
  // The 15th of this month some years ago: no leap day, and an age within half a month of whole years.
  const yearsAgo = (years: number) => {
    const date = new Date();
    date.setUTCDate(15);
    date.setUTCFullYear(date.getUTCFullYear() - years);
    return date.toISOString().slice(0, 10);
  };

  it('answers the items and why with a fit status, none with another status or a comment, and sets the status all the same', async () => {
    // Signed 2 years ago with a 12-month renewal regime: the renewal is a year overdue, the age under 5.
    const due = await createCertificate(t.db, { dateSigned: yearsAgo(2) });
    await t.db.execute(sql`insert into due_regimes (certificate_type_id, renewal_months) values (${due.type.id}, 12)`);
    const overdue = await createEquipment(t.db, { certificateId: due.certificate.id });
    const old = await createEquipment(t.db, { certificateId: (await createCertificate(t.db, { dateSigned: yearsAgo(7) })).certificate.id });
    const young = await createEquipment(t.db, {
      certificateId: (await createCertificate(t.db, { dateSigned: yearsAgo(1) })).certificate.id,
    });
    const event = await newEvent();
    await call(editor, 'POST', `${base(event.id)}/componentsImport`, { stampedIds: [overdue.stampedId, old.stampedId, young.stampedId] });
    const [first, second, third] = await rows(event.id);
    const put = (item: { id: number }, body: object) => call(editor, 'PUT', `${base(event.id)}/component/${item.id}`, body);

    const marked = await put(first, { statusId: ok.id });
    expect(marked.statusCode).toBe(200);
    const renewalDue = yearsAgo(1);
    expect(marked.json()).toMatchObject({ statusId: ok.id, warnings: [{ stampedId: overdue.stampedId, renewalDue, effectiveAge: null }] });
    expect((await put(second, { statusId: ok.id })).json().warnings).toEqual([
      { stampedId: old.stampedId, renewalDue: null, effectiveAge: 7 },
    ]);
    expect((await put(third, { statusId: ok.id })).json().warnings).toEqual([]);
    expect((await put(second, { comment: 'Seen' })).json().warnings).toEqual([]);
    expect((await put(second, { statusId: replace.id })).json().warnings).toEqual([]);

    const all = await call(editor, 'POST', `${base(event.id)}/SetStatusOnAll`, { statusId: ok.id });
    expect(all.json()).toEqual({
      updated: 3,
      left: 0,
      skipped: 0,
      warnings: [
        { stampedId: overdue.stampedId, renewalDue, effectiveAge: null },
        { stampedId: old.stampedId, renewalDue: null, effectiveAge: 7 },
      ],
    });
    expect((await rows(event.id)).map((r) => r.statusId)).toEqual([ok.id, ok.id, ok.id]);
  });

  it('warns of items added with a fit status too: by stamped id, by series and by import; never in a dry run', async () => {
    const signed = yearsAgo(7);
    const old = async (stampedId: string) =>
      createEquipment(t.db, { stampedId, certificateId: (await createCertificate(t.db, { dateSigned: signed })).certificate.id });
    const single = await old(`FW-ONE-${Date.now()}`);
    const seriesPrefix = `FW-S${Date.now()}-`;
    await old(`${seriesPrefix}1`);
    const imported = await old(`FW-IMP-${Date.now()}`);
    const event = await newEvent();
    const one = await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: single.stampedId, statusId: ok.id });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().warnings).toEqual([{ stampedId: single.stampedId, renewalDue: null, effectiveAge: 7 }]);
    const series = { prefix: seriesPrefix, numberFrom: '1', numberTo: '2', postFix: '', statusId: ok.id };
    const preview = await call(editor, 'POST', `${base(event.id)}/series?dryRun=true`, series);
    expect(preview.json().warnings).toBeUndefined();
    // The series' second id is new (unlinked, no age): only the first is warned of.
    const added = await call(editor, 'POST', `${base(event.id)}/series`, series);
    expect(added.json()).toMatchObject({ added: 2, warnings: [{ stampedId: `${seriesPrefix}1`, renewalDue: null, effectiveAge: 7 }] });
    const fromFile = await call(editor, 'POST', `${base(event.id)}/componentsImport`, {
      stampedIds: [imported.stampedId],
      statusId: ok.id,
    });
    expect(fromFile.json().warnings).toEqual([{ stampedId: imported.stampedId, renewalDue: null, effectiveAge: 7 }]);
    // Without a fit status, no warning.
    const plain = await old(`FW-PLAIN-${Date.now()}`);
    expect((await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: plain.stampedId })).json().warnings).toEqual([]);
  });

  it("lets no one below Events level mark an item, and answers 404 for another owner's item", async () => {
    const event = await newEvent();
    const theirs = await createEquipment(t.db, {
      certificateId: (await createCertificate(t.db, { dateSigned: yearsAgo(7) })).certificate.id,
    });
    await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: theirs.stampedId });
    const [item] = await rows(event.id);
    expect((await call(reader, 'PUT', `${base(event.id)}/component/${item.id}`, { statusId: ok.id })).statusCode).toBe(403);
    const foreign = await call(restrictedEditor, 'PUT', `${base(event.id)}/component/${item.id}`, { statusId: ok.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(theirs.stampedId);
    expect((await rows(event.id))[0].statusId).toBe(notInspected.id);
  });
});

describe("the editor's rows", () => {
  it('describe each item, name its owner and status once, and keep a status since disabled', async () => {
    const own = await createEventTypeWithStatuses(t.db, [
      { name: 'Fine', color: 'success', isDefault: true },
      { name: 'Scrap', color: 'danger' },
    ]);
    const [fine, scrap] = own.statuses;
    const event = await createEvent(t.db, { typeId: own.type.id });
    const { certificate, owner } = await createCertificate(t.db);
    const chain = await createEquipment(t.db, { certificateId: certificate.id });
    const link = await createEquipment(t.db, { certificateId: certificate.id });
    const stampedIds = [chain.stampedId, 'ROWS-NEW-1', link.stampedId];
    await call(editor, 'POST', `${base(event.id)}/componentsImport`, { stampedIds, statusId: fine.id });
    const [first, second] = await rows(event.id);
    await call(editor, 'PUT', `${base(event.id)}/component/${first.id}`, { statusId: scrap.id, notifications: true });
    await call(editor, 'PUT', `${base(event.id)}/component/${second.id}`, { statusId: scrap.id });
    const image = oneFile('crack.png', samplePng());
    await t.app.inject({
      method: 'POST',
      url: `${base(event.id)}/component/${second.id}/images`,
      headers: { authorization: editor.authorization, ...image.headers },
      payload: image.payload,
    });
    await t.db.execute(sql`update folders set enabled = false where id = ${scrap.id}`);
    const answer = (await call(reader, 'GET', `${base(event.id)}/GetChipsForEdit`)).json<EventItemsForEdit>();
    const described = { description: 'Chain Studless R4 84 mm', ownerId: owner.id };
    const unlinked = { description: null, ownerId: null };
    expect(answer.items).toEqual([
      {
        id: first.id,
        sequence: 1,
        stampedId: chain.stampedId,
        ...described,
        statusId: scrap.id,
        notifications: true,
        imageCount: 0,
        anotherOwner: false,
        proposedStatusId: null,
        reasonNeeded: false,
        version: 2,
        chips: [],
      },
      {
        id: second.id,
        sequence: 2,
        stampedId: 'ROWS-NEW-1',
        ...unlinked,
        statusId: scrap.id,
        notifications: false,
        imageCount: 1,
        anotherOwner: false,
        proposedStatusId: null,
        reasonNeeded: false,
        version: 2,
        chips: [],
      },
      {
        id: answer.items[2].id,
        sequence: 3,
        stampedId: link.stampedId,
        ...described,
        statusId: fine.id,
        notifications: false,
        imageCount: 0,
        anotherOwner: false,
        proposedStatusId: null,
        reasonNeeded: false,
        version: 1,
        chips: [],
      },
    ]);
    expect(answer.owners).toEqual([{ id: owner.id, name: owner.name }]);
    expect(answer.statuses).toEqual([
      { id: scrap.id, name: 'Scrap', color: 'danger' },
      { id: fine.id, name: 'Fine', color: 'success' },
    ]);
    const empty = await newEvent();
    expect((await call(reader, 'GET', `${base(empty.id)}/GetChipsForEdit`)).json()).toEqual({ items: [], owners: [], statuses: [] });
  });
});

describe('changing items', () => {
  it('updates status, comment and flag, sets a status on all, and keeps the latest status in step', async () => {
    const event = await newEvent();
    await call(editor, 'POST', `${base(event.id)}/componentsImport`, { stampedIds: ['CH-1', 'CH-2', 'CH-3'], statusId: ok.id });
    const [first] = await rows(event.id);
    const put = await call(editor, 'PUT', `${base(event.id)}/component/${first.id}`, {
      comment: 'MPI: crack indication',
      notifications: true,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ statusId: ok.id, comment: 'MPI: crack indication', notifications: true, updatedBy: editor.email });
    const detail = await call(reader, 'GET', `${base(event.id)}/GetChipsDetailsForEdit/${first.id}`);
    expect(detail.json()).toMatchObject({ id: first.id, stampedId: 'CH-1', comment: 'MPI: crack indication', files: [] });
    const all = await call(editor, 'POST', `${base(event.id)}/SetStatusOnAll`, { statusId: replace.id });
    expect(all.json()).toEqual({ updated: 3, left: 0, skipped: 0, warnings: [] });
    const edited = (await call(reader, 'GET', `${base(event.id)}/GetChipsForEdit`)).json<EventItemsForEdit>();
    expect(edited.items.map((r) => r.statusId)).toEqual([replace.id, replace.id, replace.id]);
    expect(edited.statuses).toEqual([{ id: replace.id, name: 'Replace', color: 'danger' }]);
    const { rows: latest } = await t.db.execute(sql`
      select l.color from equipment_latest_status l join equipment q on q.id = l.equipment_id where q.stamped_id like 'CH-%'`);
    expect(latest).toEqual([{ color: 'danger' }, { color: 'danger' }, { color: 'danger' }]);
    await expectLatestStatusInStep();
  });

  it("refuses a bad update (another type's status, nothing to change, a long comment) and writes nothing", async () => {
    const event = await newEvent();
    await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: 'BAD-UPD-1', statusId: ok.id });
    const [item] = await rows(event.id);
    const url = `${base(event.id)}/component/${item.id}`;
    expect((await call(editor, 'PUT', url, { statusId: otherTypeStatus.id })).json().errors.statusId).toEqual([
      eventItemMessages.statusNotOfType,
    ]);
    expect((await call(editor, 'PUT', url, {})).statusCode).toBe(400);
    expect((await call(editor, 'PUT', url, { comment: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await call(editor, 'POST', `${base(event.id)}/SetStatusOnAll`, {})).json().errors.statusId).toEqual([
      messages.required('Status'),
    ]);
    expect((await rows(event.id))[0]).toMatchObject({ statusId: ok.id });
    expect((await call(reader, 'GET', `${base(event.id)}/GetChipsDetailsForEdit/${item.id}`)).json()).toMatchObject({ comment: null });
  });

  it('deletes and moves items keeping the order 1..n', async () => {
    const event = await newEvent();
    await call(editor, 'POST', `${base(event.id)}/componentsImport`, { stampedIds: ['MV-1', 'MV-2', 'MV-3', 'MV-4'] });
    const before = await rows(event.id);
    expect((await call(editor, 'PUT', `${base(event.id)}/component/${before[3].id}/moveToSequence?sequence=1`)).statusCode).toBe(204);
    expect((await rows(event.id)).map((r) => r.stampedId)).toEqual(['MV-4', 'MV-1', 'MV-2', 'MV-3']);
    expect((await call(editor, 'DELETE', `${base(event.id)}/component/${before[0].id}`)).statusCode).toBe(204);
    expect((await rows(event.id)).map((r) => [r.sequence, r.stampedId])).toEqual([
      [1, 'MV-4'],
      [2, 'MV-2'],
      [3, 'MV-3'],
    ]);
    const tooFar = await call(editor, 'PUT', `${base(event.id)}/component/${before[1].id}/moveToSequence?sequence=9`);
    expect(tooFar.json().errors.sequence).toEqual([eventItemMessages.sequenceOutOfRange(3)]);
    expect((await call(editor, 'PUT', `${base(event.id)}/component/${before[1].id}/moveToSequence?sequence=0`)).statusCode).toBe(400);
    await expectLatestStatusInStep();
  });

  it('attaches images checked by content, lists and deletes them', async () => {
    const event = await newEvent();
    await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: 'IMG-1' });
    const [item] = await rows(event.id);
    const upload = (name: string, data: Buffer) => {
      const body = oneFile(name, data);
      return t.app.inject({
        method: 'POST',
        url: `${base(event.id)}/component/${item.id}/images`,
        headers: { authorization: editor.authorization, ...body.headers },
        payload: body.payload,
      });
    };
    const image = await upload('link.png', samplePng());
    expect(image.statusCode).toBe(201);
    expect(image.json()).toMatchObject({ fileName: 'link.png', url: expect.stringMatching(/^\/api\/Files\/\d+$/) });
    expect((await upload('fake.png', samplePdf())).statusCode).toBe(400);
    expect((await rows(event.id))[0].imageCount).toBe(1);
    const detail = await call(reader, 'GET', `${base(event.id)}/GetChipsDetailsForEdit/${item.id}`);
    expect(detail.json().files).toEqual([image.json()]);
    const file = await t.app.inject({ method: 'GET', url: image.json().url, headers: { authorization: reader.authorization } });
    expect(file.statusCode).toBe(200);
    expect((await call(editor, 'DELETE', `${base(event.id)}/component/${item.id}/image/${image.json().id}`)).statusCode).toBe(204);
    expect((await call(editor, 'DELETE', `${base(event.id)}/component/${item.id}/image/${image.json().id}`)).statusCode).toBe(404);
    const { rows: left } = await t.db.execute(sql`select 1 from files where id = ${Number(image.json().url.split('/').pop())}`);
    expect(left).toEqual([]);
  });

  it('answers the event header with the statuses of its type and the bound on photos kept offline', async () => {
    const event = await newEvent();
    const details = await call(reader, 'GET', `${base(event.id)}/equipmentDetails`);
    expect(details.json()).toMatchObject({
      id: event.id,
      type: { id: type.id },
      itemCount: 0,
      // OFFLINE_PHOTO_MB unset: 64 MiB (decision 086).
      offlinePhotoBytes: 64 * 1024 * 1024,
      statuses: [
        { id: ok.id, name: 'OK', color: 'success', default: true, meaning: 'fit' },
        { id: replace.id, name: 'Replace', color: 'danger', default: false, meaning: 'condemned' },
        { id: notInspected.id, name: 'Not inspected', color: 'default', default: false, meaning: 'notInspected' },
      ],
    });
  });
});

describe('access', () => {
  it('lets lower levels read but not write, refuses external users, and answers 404 for a missing event or item', async () => {
    const event = await newEvent();
    await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: 'ACC-1' });
    const [item] = await rows(event.id);
    expect((await call(reader, 'POST', `${base(event.id)}/component`, { stampedId: 'ACC-2' })).statusCode).toBe(403);
    expect((await call(reader, 'PUT', `${base(event.id)}/component/${item.id}`, { comment: 'x' })).statusCode).toBe(403);
    expect((await call(reader, 'DELETE', `${base(event.id)}/component/${item.id}`)).statusCode).toBe(403);
    expect((await call(reader, 'POST', `${base(event.id)}/SetStatusOnAll`, { statusId: ok.id })).statusCode).toBe(403);
    expect((await call(external, 'GET', `${base(event.id)}/GetChipsForEdit`)).statusCode).toBe(403);
    expect((await call(reader, 'GET', `${base(999_999)}/GetChipsForEdit`)).statusCode).toBe(404);
    expect((await call(editor, 'POST', `${base(999_999)}/component`, { stampedId: 'ACC-3' })).statusCode).toBe(404);
    const otherEvent = await createEvent(t.db, { typeId: (await createFolder(t.db, 'eventType')).id });
    expect((await call(editor, 'PUT', `${base(otherEvent.id)}/component/${item.id}`, { comment: 'x' })).statusCode).toBe(404);
    expect((await call(reader, 'GET', `${base(event.id)}/GetChipsDetailsForEdit/${item.id + 1000}`)).statusCode).toBe(404);
    expect((await rows(event.id)).map((r) => r.stampedId)).toEqual(['ACC-1']);
  });
});

// ------------------------------------------------------------------ owner scope
const restrictedReader = await t.loginAs({ level: 'Read', owners: [a.owner.id] });

describe("owner scope (docs/security.md rule 17): a user of owner A in an event with owner B's items", () => {
  /** An event of A's item, B's item (flagged "Replace", commented, with an image) and an unlinked one, by a user of all owners. */
  async function mixedEvent() {
    const event = await newEvent();
    const mine = await createEquipment(t.db, { certificateId: a.certificate.id });
    const theirs = await createEquipment(t.db, { certificateId: b.certificate.id });
    const loose = await createEquipment(t.db);
    await call(editor, 'POST', `${base(event.id)}/componentsImport`, {
      stampedIds: [mine.stampedId, theirs.stampedId, loose.stampedId],
      statusId: ok.id,
    });
    const [own, foreign, unlinked] = await rows(event.id);
    await call(editor, 'PUT', `${base(event.id)}/component/${foreign.id}`, {
      statusId: replace.id,
      comment: 'Cracked',
      notifications: true,
    });
    const image = oneFile('crack.png', samplePng());
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${base(event.id)}/component/${foreign.id}/images`,
      headers: { authorization: editor.authorization, ...image.headers },
      payload: image.payload,
    });
    return { event, mine, theirs, own, foreign, unlinked, imageId: uploaded.json().id as number };
  }
  const stateOf = async (eventId: number) =>
    (
      await t.db.execute(sql`select i.id, i.sequence, i.status_id, i.comment, i.notification,
      (select count(*)::int from event_item_images m where m.event_item_id = i.id) as images
      from event_items i where i.event_id = ${eventId} order by i.id`)
    ).rows;

  it("reads B's item as a row with its place and stamped id only, and its dialog as missing", async () => {
    const { event, theirs, own, foreign, unlinked } = await mixedEvent();
    const answer = await call(restrictedReader, 'GET', `${base(event.id)}/GetChipsForEdit`);
    expect(answer.statusCode).toBe(200);
    const editorRows = answer.json<EventItemsForEdit>();
    expect(editorRows.items[1]).toEqual({
      id: foreign.id,
      sequence: 2,
      stampedId: theirs.stampedId,
      description: null,
      ownerId: null,
      statusId: null,
      notifications: false,
      imageCount: 0,
      anotherOwner: true,
      proposedStatusId: null,
      reasonNeeded: false,
      version: 0,
      chips: [],
    });
    expect(editorRows.items.map((r) => [r.ownerId, r.anotherOwner])).toEqual([
      [a.owner.id, false],
      [null, true],
      [null, false],
    ]);
    expect(editorRows.owners).toEqual([{ id: a.owner.id, name: a.owner.name }]);
    expect(editorRows.statuses).toEqual([{ id: ok.id, name: 'OK', color: 'success' }]);
    expect(answer.body).not.toContain(b.owner.name);
    expect((await call(restrictedReader, 'GET', `${base(event.id)}/GetChipsDetailsForEdit/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(restrictedReader, 'GET', `${base(event.id)}/GetChipsDetailsForEdit/${own.id}`)).statusCode).toBe(200);
    expect((await call(restrictedReader, 'GET', `${base(event.id)}/GetChipsDetailsForEdit/${unlinked.id}`)).statusCode).toBe(200);
    // A user of all owners still sees every item in full.
    expect((await rows(event.id))[1]).toMatchObject({ ownerId: b.owner.id, statusId: replace.id, imageCount: 1, anotherOwner: false });
  });

  it("changes none of B's items: update, delete and images answer 404 and write nothing; the order may change", async () => {
    const { event, foreign, imageId } = await mixedEvent();
    const before = await stateOf(event.id);
    const item = `${base(event.id)}/component/${foreign.id}`;
    expect((await call(restrictedEditor, 'PUT', item, { statusId: ok.id, comment: null })).statusCode).toBe(404);
    expect((await call(restrictedEditor, 'DELETE', item)).statusCode).toBe(404);
    expect((await call(restrictedEditor, 'DELETE', `${item}/image/${imageId}`)).statusCode).toBe(404);
    const image = oneFile('more.png', samplePng());
    const added = await t.app.inject({
      method: 'POST',
      url: `${item}/images`,
      headers: { authorization: restrictedEditor.authorization, ...image.headers },
      payload: image.payload,
    });
    expect(added.statusCode).toBe(404);
    expect(await stateOf(event.id)).toEqual(before);
    // Reordering works on the whole list: B's row may move, and A's row past it.
    expect((await call(restrictedEditor, 'PUT', `${item}/moveToSequence?sequence=3`)).statusCode).toBe(204);
    expect((await rows(event.id)).map((r) => r.id)).toEqual([before[0].id, before[2].id, foreign.id]);
  });

  it('sets a status on its own and unlinked items only, and says how many it left', async () => {
    const { event, foreign, mine, theirs } = await mixedEvent();
    const all = await call(restrictedEditor, 'POST', `${base(event.id)}/SetStatusOnAll`, { statusId: replace.id });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ updated: 2, left: 1, skipped: 0, warnings: [] });
    expect((await rows(event.id)).map((r) => r.statusId)).toEqual([replace.id, replace.id, replace.id]);
    // OK means fit: A's item, signed in 2021, is over 5 years old; B's (as old) is not the caller's and is not named.
    const back = await call(restrictedEditor, 'POST', `${base(event.id)}/SetStatusOnAll`, { statusId: ok.id });
    expect(back.json()).toEqual({
      updated: 2,
      left: 1,
      skipped: 0,
      warnings: [{ stampedId: mine.stampedId, renewalDue: null, effectiveAge: expect.any(Number) }],
    });
    expect(back.body).not.toContain(theirs.stampedId);
    expect((await rows(event.id)).map((r) => [r.id === foreign.id, r.statusId])).toEqual([
      [false, ok.id],
      [true, replace.id],
      [false, ok.id],
    ]);
    expect((await call(restrictedEditor, 'POST', `${base(event.id)}/SetStatusOnAll`, { statusId: otherTypeStatus.id })).statusCode).toBe(
      400,
    );
    await expectLatestStatusInStep();
  });

  it("refuses to add B's existing items by stamped id, series or import with 'Not available to you', naming no owner", async () => {
    const event = await newEvent();
    const theirs = await createEquipment(t.db, { certificateId: b.certificate.id, stampedId: 'SCOPE-B-02' });
    const refusals = [
      [await call(restrictedEditor, 'POST', `${base(event.id)}/component`, { stampedId: theirs.stampedId }), 'stampedId'],
      [
        await call(restrictedEditor, 'POST', `${base(event.id)}/series`, {
          numberFrom: '01',
          numberTo: '03',
          prefix: 'SCOPE-B-',
          postFix: '',
        }),
        'numberTo',
      ],
      [
        await call(restrictedEditor, 'POST', `${base(event.id)}/componentsImport`, { stampedIds: ['SCOPE-NEW-1', theirs.stampedId] }),
        'stampedIds',
      ],
    ] as const;
    for (const [answer, field] of refusals) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors).toEqual({ [field]: [eventItemMessages.notAvailable] });
      expect(answer.body).not.toContain(b.owner.name);
    }
    expect(await rows(event.id)).toEqual([]);
    // The check before Add and the import file's validation say so first, naming no owner either.
    const check = await call(restrictedEditor, 'GET', `${base(event.id)}/stampedId/${theirs.stampedId}`);
    expect(check.json()).toEqual({ stampedId: theirs.stampedId, known: true, inEvent: false, available: false });
    const file = oneFile('items.txt', `${theirs.stampedId}\nSCOPE-NEW-1\n`);
    const validated = await t.app.inject({
      method: 'POST',
      url: `${base(event.id)}/importAndValidate`,
      headers: { authorization: restrictedEditor.authorization, ...file.headers },
      payload: file.payload,
    });
    expect(validated.json()).toEqual({
      content: [
        { stampedId: theirs.stampedId, known: true, inEvent: false, available: false },
        { stampedId: 'SCOPE-NEW-1', known: false, inEvent: false, available: true },
      ],
    });
    expect((await call(editor, 'GET', `${base(event.id)}/stampedId/${theirs.stampedId}`)).json().available).toBe(true);
    const { rows: created } = await t.db.execute(sql`select 1 from equipment where stamped_id in ('SCOPE-B-01', 'SCOPE-NEW-1')`);
    expect(created).toEqual([]);
    // Unknown ids and their own owner's items still go in; unknown ones as new unlinked items.
    const mine = await createEquipment(t.db, { certificateId: a.certificate.id });
    const fine = await call(restrictedEditor, 'POST', `${base(event.id)}/componentsImport`, {
      stampedIds: [mine.stampedId, 'SCOPE-NEW-2'],
    });
    expect(fine.json()).toEqual({ added: 2, created: 1, skipped: [], warnings: [] });
  });

  it('refuses bad input and missing events to a restricted user as to anyone', async () => {
    const { event } = await mixedEvent();
    const bad = await call(restrictedEditor, 'POST', `${base(event.id)}/component`, { stampedId: ' ' });
    expect(bad.json().errors.stampedId).toEqual([messages.required('Stamped id')]);
    expect((await call(restrictedEditor, 'POST', `${base(event.id)}/SetStatusOnAll`, {})).statusCode).toBe(400);
    expect((await call(restrictedReader, 'GET', `${base(999_999)}/GetChipsForEdit`)).statusCode).toBe(404);
    expect((await call(restrictedReader, 'POST', `${base(event.id)}/SetStatusOnAll`, { statusId: ok.id })).statusCode).toBe(403);
  });

  it("leaves B's items out of a restricted user's copy with equipment", async () => {
    const { event, mine } = await mixedEvent();
    await createEventItem(t.db, { eventId: event.id, equipmentId: (await createEquipment(t.db)).id, sequence: 4 });
    // The copy form counts the items a copy takes: A's and the two unlinked ones, not B's.
    const scaffold = await call(restrictedEditor, 'GET', `/api/Events/getAddScaffolding/${event.id}`);
    expect(scaffold.json().copyOf).toMatchObject({ id: event.id, itemCount: 3 });
    expect((await call(editor, 'GET', `/api/Events/getAddScaffolding/${event.id}`)).json().copyOf.itemCount).toBe(4);
    const rig = await createFolder(t.db, 'rig');
    const project = await createFolder(t.db, 'project', { parentId: rig.id });
    const copy = await call(restrictedEditor, 'POST', '/api/Events', {
      type: type.id,
      rig: rig.id,
      referenceNo: project.id,
      eventDate: '2026-05-04',
      eventToCopyFromId: event.id,
      createWithEquipment: true,
    });
    expect(copy.statusCode).toBe(201);
    const copied = await rows(copy.json().id);
    expect(copied.map((r) => r.sequence)).toEqual([1, 2, 3]);
    expect(copied[0].stampedId).toBe(mine.stampedId);
    expect(copied.every((r) => !r.anotherOwner && r.ownerId !== b.owner.id)).toBe(true);
    await expectLatestStatusInStep();
  });
});
