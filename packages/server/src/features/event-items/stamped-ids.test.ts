/**
 * Stamped ids in the event editor (docs/event-items.md "Stamped ids"): matched without case, new
 * ids normalised, look-alikes refused, and a series or import counted by a dry run before it writes.
 */
import { eventItemMessages, type ItemsAdded, stampedIdMessages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent } from '../../../test/factories.ts';
import { createEventTypeWithStatuses } from '../../../test/factories-folders.ts';
import { createCertificate, createEquipment } from '../../../test/factories-items.ts';
import { oneFile } from '../../../test/multipart.ts';

const t = await setupTestApp();
const editor = await t.loginAs({ level: 'Events' });
const { type } = await createEventTypeWithStatuses(t.db, [{ name: 'OK', isDefault: true }]);
const { certificate } = await createCertificate(t.db);
const stamped = await createEquipment(t.db, { stampedId: 'NSD-R4-076-0053', certificateId: certificate.id });

const base = (eventId: number) => `/api/EventComponents/${eventId}`;
const call = (as: { authorization: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: as.authorization }, ...(payload && { payload }) });
const newEvent = () => createEvent(t.db, { typeId: type.id });
const items = async () => Number((await t.db.execute(sql`select count(*)::int as n from equipment`)).rows[0].n);
const itemsLike = async (key: string) =>
  (await t.db.execute<{ stamped_id: string }>(sql`select stamped_id from equipment where lower(stamped_id) = lower(${key})`)).rows.map(
    (row) => row.stamped_id,
  );

describe('one item whatever the case', () => {
  it('adds NSD-R4-076-0053 when nsd-r4-076-0053 is typed, and knows it is in the event in any case', async () => {
    const event = await newEvent();
    const check = await call(editor, 'GET', `${base(event.id)}/stampedId/nsd-r4-076-0053`);
    expect(check.json()).toEqual({ stampedId: 'nsd-r4-076-0053', known: true, inEvent: false, available: true });
    const added = await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: 'nsd-r4-076-0053' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      createdEquipment: false,
      item: { stampedId: 'NSD-R4-076-0053', description: expect.any(String) },
    });
    expect(await itemsLike('NSD-R4-076-0053')).toEqual(['NSD-R4-076-0053']);
    expect((await call(editor, 'GET', `${base(event.id)}/stampedId/Nsd-R4-076-0053`)).json()).toMatchObject({ known: true, inEvent: true });
    const again = await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: 'NSD-r4-076-0053' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ stampedId: [eventItemMessages.alreadyInEvent('NSD-r4-076-0053')] });
  });

  it('stores a new id trimmed and NFKC-normalised: full-width digits name the existing item', async () => {
    const event = await newEvent();
    const wide = await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: ' ＮＳＤ-Ｒ４-０７６-００５３ ' });
    expect(wide.json()).toMatchObject({ createdEquipment: false, item: { id: expect.any(Number), stampedId: stamped.stampedId } });
    const fresh = await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: 'ＦＲＥＳＨ-００１' });
    expect(fresh.json()).toMatchObject({ createdEquipment: true, item: { stampedId: 'FRESH-001' } });
  });
});

describe('look-alike ids', () => {
  it.each([
    ['a zero-width space', 'NSD-R4-076\u200B-0053', stampedIdMessages.invisible('Stamped id')],
    ['a Cyrillic А', 'NSD-R4-076-\u04100053', stampedIdMessages.mixedScripts('Stamped id')],
    ['a right-to-left override', 'NSD-R4-\u202E076-0053', stampedIdMessages.invisible('Stamped id')],
    ['a soft hyphen', 'NSD-R4-076\u00AD-0053', stampedIdMessages.invisible('Stamped id')],
  ])('refuses an id with %s with the field message, and writes nothing', async (_, stampedId, message) => {
    const event = await newEvent();
    const before = await items();
    const check = await call(editor, 'GET', `${base(event.id)}/stampedId/${encodeURIComponent(stampedId)}`);
    expect(check.statusCode).toBe(400);
    expect(check.json().errors).toEqual({ stampedId: [message] });
    const added = await call(editor, 'POST', `${base(event.id)}/component`, { stampedId });
    expect(added.statusCode).toBe(400);
    expect(added.json().errors).toEqual({ stampedId: [message] });
    expect(await items()).toBe(before);
  });

  it('refuses a series whose prefix mixes scripts, and an import file line with an invisible character', async () => {
    const event = await newEvent();
    const series = await call(editor, 'POST', `${base(event.id)}/series`, { numberFrom: '1', numberTo: '3', prefix: 'L\u041eAD-' });
    expect(series.statusCode).toBe(400);
    expect(series.json().errors).toEqual({ prefix: [stampedIdMessages.mixedScripts('Stamped id')] });
    const upload = oneFile('items.txt', 'IMP-OK-1\nIMP\u200B-2\nimp-ok-1\n');
    const file = await t.app.inject({
      method: 'POST',
      url: `${base(event.id)}/importAndValidate`,
      headers: { authorization: editor.authorization, ...upload.headers },
      payload: upload.payload,
    });
    expect(file.json()).toEqual({
      errors: [
        { line: 2, message: stampedIdMessages.invisible('Stamped id') },
        { line: 3, message: 'imp-ok-1 is already on line 1' },
      ],
    });
  });
});

describe('a series or an import, counted before it is sent', () => {
  it('dry run: says how many ids are new and which it skips, and writes nothing; then adds as counted', async () => {
    const event = await newEvent();
    await createEquipment(t.db, { stampedId: 'LOAD-0001' });
    await createEquipment(t.db, { stampedId: 'load-0002' });
    const before = await items();
    const body = { numberFrom: '0001', numberTo: '0020', prefix: 'LOAD-' };
    const preview = await call(editor, 'POST', `${base(event.id)}/series?dryRun=true`, body);
    expect(preview.statusCode).toBe(201);
    expect(preview.json()).toEqual({ added: 20, created: 18, skipped: [] });
    expect(await items()).toBe(before);
    expect((await call(editor, 'GET', `${base(event.id)}/GetChipsForEdit`)).json().items).toEqual([]);

    const sent = await call(editor, 'POST', `${base(event.id)}/series`, body);
    expect(sent.json()).toEqual({ added: 20, created: 18, skipped: [], warnings: [] });
    expect(await items()).toBe(before + 18);
    expect(await itemsLike('LOAD-0002')).toEqual(['load-0002']);
  });

  it('an import list: one item per id in any case, refused new ids skipped with their reason', async () => {
    const event = await newEvent();
    await call(editor, 'POST', `${base(event.id)}/component`, { stampedId: 'NSD-R4-076-0053' });
    const stampedIds = ['nsd-r4-076-0053', 'LIST-A', 'list-a', 'LIST-\u0411', 'LIST\u200B-C', 'LIST-D'];
    const skipped = [
      { stampedId: 'list-a', reason: eventItemMessages.twiceInList('LIST-A') },
      { stampedId: 'LIST-\u0411', reason: stampedIdMessages.mixedScripts('Stamped id') },
      { stampedId: 'LIST\u200B-C', reason: stampedIdMessages.invisible('Stamped id') },
      { stampedId: 'nsd-r4-076-0053', reason: eventItemMessages.alreadyInEvent('nsd-r4-076-0053') },
    ];
    const before = await items();
    const preview = await call(editor, 'POST', `${base(event.id)}/componentsImport?dryRun=true`, { stampedIds });
    expect(preview.json<ItemsAdded>()).toEqual({ added: 2, created: 2, skipped });
    expect(await items()).toBe(before);
    const sent = await call(editor, 'POST', `${base(event.id)}/componentsImport`, { stampedIds });
    expect(sent.json<ItemsAdded>()).toEqual({ added: 2, created: 2, skipped, warnings: [] });
    expect(await items()).toBe(before + 2);
  });

  it('refuses a bad dryRun value, and lower levels and external users, writing nothing', async () => {
    const event = await newEvent();
    const before = await items();
    const body = { numberFrom: '1', numberTo: '5', prefix: 'PERM-' };
    const bad = await call(editor, 'POST', `${base(event.id)}/series?dryRun=maybe`, body);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ dryRun: ["Dry run must be 'true' or 'false'"] });
    const reader = await t.loginAs({ level: 'Read' });
    const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
    for (const as of [reader, external]) {
      expect((await call(as, 'POST', `${base(event.id)}/series?dryRun=true`, body)).statusCode).toBe(403);
      expect((await call(as, 'POST', `${base(event.id)}/componentsImport?dryRun=true`, { stampedIds: ['PERM-1'] })).statusCode).toBe(403);
    }
    // Event items are not owner data: an editor restricted to one owner counts a series like any other.
    const restricted = await t.loginAs({ level: 'Events', owners: [certificate.ownerId] });
    expect((await call(restricted, 'POST', `${base(event.id)}/series?dryRun=true`, body)).json()).toEqual({
      added: 5,
      created: 5,
      skipped: [],
    });
    expect(await items()).toBe(before);
  });
});
