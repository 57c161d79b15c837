import { messages } from '@portal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { createFile } from '../../../test/factories-files.ts';
import {
  chipCode,
  createCertificate,
  createChip,
  createEquipment,
  createEventItem,
  createTag,
  moveEquipment,
} from '../../../test/factories-items.ts';
import { chips, equipment, equipmentHistory, folders } from '../../db/schema.ts';

const t = await setupTestApp();
const reader = await t.loginAs({ level: 'Read' });
const certificatesUser = await t.loginAs({ level: 'Certificates' });

const certificatePdf = await createFile(t.db, { fileName: 'certificate-084.pdf' });
const { owner, certificate } = await createCertificate(t.db, {
  dateSigned: '2015-03-15',
  quality: 'R4S',
  otherInformation: 'Proof loaded to 2x WLL',
  fileId: certificatePdf.id,
});
const parentItem = await createEquipment(t.db, { stampedId: 'AMP-CH-084-0001', certificateId: certificate.id });
const item = await createEquipment(t.db, { stampedId: 'AMP-KL-084-0007', certificateId: certificate.id, parentId: parentItem.id });
const chip = await createChip(t.db, { equipmentId: item.id });
await createTag(t.db, item.stampedId, 'Quarantine', 'danger');
const inspection = await createFolder(t.db, 'eventType', { name: 'Inspection' });
const passed = await createFolder(t.db, 'status', { name: 'Passed', color: 'success', parentId: inspection.id });
const older = await createEvent(t.db, { typeId: inspection.id, eventDate: '2022-05-01', isRenewal: true, responsible: 'Kari Nordmann' });
const newer = await createEvent(t.db, { typeId: inspection.id, eventDate: '2024-05-01', responsible: 'Ola Nordmann' });
await createEventItem(t.db, { eventId: older.id, equipmentId: item.id, sequence: 1, statusId: passed.id, comment: 'MPI clean' });
await createEventItem(t.db, { eventId: newer.id, equipmentId: item.id, sequence: 1, notification: true, comment: 'Pin loose' });

const other = await createCertificate(t.db);
const foreignItem = await createEquipment(t.db, { certificateId: other.certificate.id });
const unlinked = await createEquipment(t.db, { stampedId: 'FOUND ON RIG/1', certificateId: null });

const get = (stampedId: string, authorization = reader.authorization) =>
  t.app.inject({ url: `/api/Equipment/${encodeURIComponent(stampedId)}`, headers: { authorization } });
const setHidden = (stampedId: string, flag: string, authorization = certificatesUser.authorization) =>
  t.app.inject({ method: 'PUT', url: `/api/Equipment/${encodeURIComponent(stampedId)}/hidden/${flag}`, headers: { authorization } });
const historyRows = (equipmentId: number) => t.db.select().from(equipmentHistory).where(eq(equipmentHistory.equipmentId, equipmentId));

describe('GET /api/Equipment/{stampedId}', () => {
  it('answers the item with certificate, chips, tags, age, history, events and notifications', async () => {
    const response = await get(item.stampedId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // The field names of spec section 3: rowId, certificateId, the certificate's name, other information and file.
    expect(body).toMatchObject({
      rowId: item.id,
      stampedId: 'AMP-KL-084-0007',
      hidden: false,
      parentStampedId: 'AMP-CH-084-0001',
      hasChildren: false,
      certificateId: certificate.id,
      certificate: {
        certificateName: certificate.certificateNumber,
        owner: { id: owner.id, name: owner.name },
        quality: 'R4S',
        dateSigned: '2015-03-15',
        otherInformation: 'Proof loaded to 2x WLL',
        certificateFile: { id: certificatePdf.id, fileName: 'certificate-084.pdf', url: `/api/Files/${certificatePdf.id}` },
      },
      dateLastReset: '2022-05-01',
      qrLabel: 'AMP KL 084 0007 R4S 22',
      chips: [{ chipId: chip.chipId, createdBy: 'events@test.example' }],
      tags: [{ stampedId: item.stampedId, tag: 'Quarantine', color: 'danger' }],
      hasEvents: true,
      hasChips: true,
    });
    expect(body.certificate.age).toBeGreaterThan(9);
    expect(body.effectiveAge).toBeGreaterThan(2);
    expect(body.events.map((e: { eventId: number }) => e.eventId)).toEqual([newer.id, older.id]);
    expect(body.events[1]).toMatchObject({
      status: { name: 'Passed', color: 'success' },
      comment: 'MPI clean',
      responsible: 'Kari Nordmann',
    });
    expect(body.lastEvent.eventId).toBe(newer.id);
    expect(body.lastRenewal.eventId).toBe(older.id);
    expect(body.notifications.map((n: { comment: string }) => n.comment)).toEqual(['Pin loose']);
    expect(body.equipmentHistory[0]).toMatchObject({ hidden: false, changedBy: 'certificates@test.example' });
    expect(body).not.toHaveProperty('id');
    expect((await get(unlinked.stampedId, certificatesUser.authorization)).json()).toMatchObject({
      certificateId: null,
      certificate: null,
    });
    expect((await get(parentItem.stampedId)).json()).toMatchObject({
      hasChildren: true,
      hasEvents: false,
      qrLabel: 'AMP CH 084 0001 R4S 15',
    });
  });

  it('decodes a stamped id with spaces and a slash, and shows an unlinked item to internal users', async () => {
    const response = await get(unlinked.stampedId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      stampedId: 'FOUND ON RIG/1',
      certificate: null,
      effectiveAge: null,
      qrLabel: 'FOUND ON RIG/1',
    });
  });

  it("shows external users their owners' items with the event history, without staff names", async () => {
    const external = await t.loginAs({ type: 'Report', level: 'Read', owners: [owner.id] });
    const body = (await get(item.stampedId, external.authorization)).json();
    expect(body.events).toHaveLength(2);
    expect(body.events.every((e: { responsible: string | null }) => e.responsible === null)).toBe(true);
    expect(body.chips[0].createdBy).toBeNull();
    expect(body.equipmentHistory[0].changedBy).toBeNull();
    expect(JSON.stringify(body)).not.toContain('@test.example');
  });

  it("names each history row's certificate by its number, and leaves out rows of another owner's certificate (a moved item) for external and restricted viewers", async () => {
    const moved = await createEquipment(t.db, { stampedId: 'AMP-MOVED-1', certificateId: certificate.id });
    const row = { equipmentId: moved.id, stampedId: moved.stampedId, hidden: false, changedBy: 'staff@test.example' };
    await t.db.insert(equipmentHistory).values([
      { ...row, certificateId: other.certificate.id, comment: 'On the other owner', changedAt: new Date('2020-01-01') },
      { ...row, certificateId: null, comment: 'Unlinked', changedAt: new Date('2021-01-01') },
      { ...row, certificateId: 987654321, comment: 'On a deleted certificate', changedAt: new Date('2021-06-01') },
      { ...row, certificateId: certificate.id, comment: 'Linked here', changedAt: new Date('2022-01-01') },
    ]);
    type Row = { changedAt: string; comment: string; certificateId: number | null; certificateNumber: string | null };
    const mine = (history: Row[]) => history.filter((h) => h.changedAt < '2023');
    const external = await t.loginAs({ type: 'Report', level: 'Read', owners: [owner.id] });
    const restricted = await t.loginAs({ level: 'Admin', owners: [owner.id] });
    for (const viewer of [external, restricted]) {
      const body = (await get(moved.stampedId, viewer.authorization)).json();
      const history = mine(body.equipmentHistory);
      expect(history.map((h) => h.comment)).toEqual(['Linked here', 'Unlinked']);
      expect(history.map((h) => h.certificateId)).toEqual([certificate.id, null]);
      expect(history.map((h) => h.certificateNumber)).toEqual([certificate.certificateNumber, null]);
      expect(JSON.stringify(body)).not.toContain(`"certificateId":${other.certificate.id}`);
      expect(JSON.stringify(body)).not.toContain(other.certificate.certificateNumber);
    }
    const all: Row[] = mine((await get(moved.stampedId)).json().equipmentHistory);
    expect(all.map((h) => h.certificateNumber)).toEqual([certificate.certificateNumber, null, null, other.certificate.certificateNumber]);
  });

  it("shows a moved item's events recorded for its former owner as date, type and status only (rule 21)", async () => {
    const moving = await createEquipment(t.db, { stampedId: 'AMP-MOVED-2', certificateId: other.certificate.id });
    const formerRig = await createFolder(t.db, 'rig', { name: 'Former rig' });
    const before = await createEvent(t.db, {
      typeId: inspection.id,
      rigId: formerRig.id,
      eventDate: '2024-03-01',
      eventLocation: 'Former yard',
      responsible: 'Former inspector',
    });
    const recorded = (day: string) => new Date(`${day}T10:00:00Z`);
    await createEventItem(t.db, {
      eventId: before.id,
      equipmentId: moving.id,
      sequence: 1,
      statusId: passed.id,
      comment: 'Former finding',
      notification: true,
      createdAt: recorded('2024-03-01'),
    });
    await moveEquipment(t.db, moving, certificate.id, recorded('2024-06-01'));
    const after = await createEvent(t.db, { typeId: inspection.id, eventDate: '2024-09-01' });
    await createEventItem(t.db, {
      eventId: after.id,
      equipmentId: moving.id,
      sequence: 1,
      comment: 'New finding',
      createdAt: recorded('2024-09-01'),
    });
    const external = await t.loginAs({ type: 'Report', level: 'Read', owners: [owner.id] });
    const restricted = await t.loginAs({ level: 'Admin', owners: [owner.id] });
    for (const viewer of [external, restricted]) {
      const response = await get(moving.stampedId, viewer.authorization);
      const [newest, former] = response.json().events;
      expect(newest).toMatchObject({ eventId: after.id, comment: 'New finding', formerOwner: false });
      expect(newest.rig).not.toBeNull();
      expect(former).toMatchObject({
        eventId: before.id,
        eventDate: '2024-03-01',
        type: { name: 'Inspection' },
        status: { name: 'Passed' },
        rig: null,
        project: null,
        location: null,
        comment: null,
        notification: false,
        responsible: null,
        formerOwner: true,
      });
      for (const secret of ['Former rig', 'Former finding', 'Former yard', 'Former inspector']) expect(response.body).not.toContain(secret);
    }
    // A user of all owners sees the former owner's event in full.
    const full = (await get(moving.stampedId)).json().events[1];
    expect(full).toMatchObject({ rig: { name: 'Former rig' }, comment: 'Former finding', location: 'Former yard', formerOwner: false });
  });

  it('answers 404 for a foreign item, an unlinked one to external users, and an unknown one', async () => {
    const external = await t.loginAs({ type: 'Report', level: 'Read', owners: [owner.id] });
    const restricted = await t.loginAs({ level: 'Admin', owners: [owner.id] });
    expect((await get(foreignItem.stampedId, external.authorization)).statusCode).toBe(404);
    expect((await get(foreignItem.stampedId, restricted.authorization)).statusCode).toBe(404);
    expect((await get(unlinked.stampedId, external.authorization)).statusCode).toBe(404);
    expect((await get(unlinked.stampedId, restricted.authorization)).statusCode).toBe(200);
    expect((await get('NO-SUCH-ITEM')).statusCode).toBe(404);
  });

  it('refuses level None (403) and no token (401)', async () => {
    expect((await get(item.stampedId, (await t.loginAs({ level: 'None' })).authorization)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/Equipment/${item.stampedId}` })).statusCode).toBe(401);
  });

  it("refuses a stamped id with control characters (400) or over 100 characters (414, the router's parameter limit)", async () => {
    const control = await get('A\u0007B');
    expect(control.statusCode).toBe(400);
    expect(control.json().errors.id).toEqual(['Stamped id must not contain control characters']);
    expect((await get('X'.repeat(101))).statusCode).toBe(414);
  });
});

describe('GET /api/Equipment/{stampedId}: one statement, its lists shaped by hand (queries.ts)', () => {
  it('shows what drizzle reads from the tables: times to the millisecond (microseconds cut), numbers, text as stored', async () => {
    const target = await createEquipment(t.db, { stampedId: 'AMP-ROW-0001', certificateId: certificate.id, length: 12.5 });
    const tagged = await createChip(t.db, { equipmentId: target.id });
    await t.db.execute(sql`update chips set date_registered = '2024-02-03 04:05:06.999999+00' where chip_id = ${tagged.chipId}`);
    await t.db.execute(sql`update equipment_history set changed_at = '2024-02-03 05:05:06.0005+01' where equipment_id = ${target.id}`);
    const reset = await createEvent(t.db, { typeId: inspection.id, eventDate: '2023-01-02', resetAge: true, ageAtReset: 1.25 });
    const comment = 'Pin "B" \\ ÅGOTNES\tleg 2';
    const entry = await createEventItem(t.db, { eventId: reset.id, equipmentId: target.id, sequence: 1, statusId: passed.id, comment });

    const body = (await get(target.stampedId)).json();
    const [chip] = await t.db.select().from(chips).where(eq(chips.chipId, tagged.chipId));
    const [history] = await historyRows(target.id);
    const names = new Map(
      (
        await t.db
          .select()
          .from(folders)
          .where(inArray(folders.id, [reset.typeId, reset.rigId, reset.projectId]))
      ).map((f) => [f.id, f.name]),
    );
    const folder = (id: number) => ({ id, name: names.get(id) });
    expect(body.chips).toEqual([{ chipId: chip.chipId, dateRegistered: chip.dateRegistered.toISOString(), createdBy: chip.createdBy }]);
    expect(body.chips[0].dateRegistered).toBe('2024-02-03T04:05:06.999Z');
    expect(body.equipmentHistory).toEqual([
      {
        stampedId: history.stampedId,
        certificateId: history.certificateId,
        length: history.length,
        hidden: history.hidden,
        comment: history.comment,
        changedAt: history.changedAt.toISOString(),
        changedBy: history.changedBy,
        certificateNumber: certificate.certificateNumber,
      },
    ]);
    expect(body.equipmentHistory[0]).toMatchObject({ length: 12.5, changedAt: '2024-02-03T04:05:06.000Z' });
    expect(body.events).toEqual([
      {
        eventId: reset.id,
        eventComponentId: entry.id,
        eventDate: '2023-01-02',
        type: folder(reset.typeId),
        rig: folder(reset.rigId),
        project: folder(reset.projectId),
        location: reset.eventLocation,
        status: { id: passed.id, name: 'Passed', color: 'success', meaning: 'fit' },
        comment,
        notification: false,
        isRenewal: false,
        resetAge: true,
        ageAtReset: 1.25,
        responsible: null,
        formerOwner: false,
        signOff: null,
      },
    ]);
    expect(body).toMatchObject({
      length: 12.5,
      dateLastReset: '2023-01-02',
      lastEvent: body.events[0],
      lastRenewal: null,
      notifications: [],
    });
  });
});

// Stamped ids that are also the names of fixed routes beside /Equipment/{id}.
const reserved = ['Search', 'autocomplete', 'Available', 'Chip', 'Item'];
const items = await Promise.all(reserved.map((stampedId) => createEquipment(t.db, { stampedId, certificateId: certificate.id })));

describe('GET /api/Equipment/Item/{stampedId}', () => {
  it('opens every stamped id, including the names of fixed routes, which GET /Equipment/{id} cannot', async () => {
    for (const reservedItem of items) {
      const response = await t.app.inject({
        url: `/api/Equipment/Item/${reservedItem.stampedId}`,
        headers: { authorization: reader.authorization },
      });
      expect(response.statusCode, reservedItem.stampedId).toBe(200);
      expect(response.json()).toMatchObject({ rowId: reservedItem.id, stampedId: reservedItem.stampedId });
    }
    // The spec's route keeps its fixed siblings: 'Search' there is the search.
    expect((await get('Search')).json()).not.toHaveProperty('stampedId', 'Search');
    const slash = await t.app.inject({
      url: `/api/Equipment/Item/${encodeURIComponent(unlinked.stampedId)}`,
      headers: { authorization: reader.authorization },
    });
    expect(slash.json().stampedId).toBe('FOUND ON RIG/1');
  });

  it('answers like GET /Equipment/{id}: 404 foreign or unknown, 403 below Read, 401 without a token, 400 on a bad id', async () => {
    const external = await t.loginAs({ type: 'Report', level: 'Read', owners: [owner.id] });
    const at = (stampedId: string, authorization?: string) =>
      t.app.inject({ url: `/api/Equipment/Item/${encodeURIComponent(stampedId)}`, headers: authorization ? { authorization } : {} });
    expect((await at(foreignItem.stampedId, external.authorization)).statusCode).toBe(404);
    expect((await at('NO-SUCH-ITEM', reader.authorization)).statusCode).toBe(404);
    expect((await at(item.stampedId, (await t.loginAs({ level: 'None' })).authorization)).statusCode).toBe(403);
    expect((await at(item.stampedId)).statusCode).toBe(401);
    expect((await at('A\u0007B', reader.authorization)).statusCode).toBe(400);
  });

  it('toggles a reserved-name item through the spec route (its path shape has no fixed sibling)', async () => {
    const search = items[0];
    expect((await setHidden(search.stampedId, 'true')).json()).toMatchObject({ stampedId: 'Search', hidden: true });
    expect((await setHidden(search.stampedId, 'false')).json()).toMatchObject({ stampedId: 'Search', hidden: false });
  });
});

describe('PUT /api/Equipment/{stampedId}/hidden/{flag}', () => {
  it('makes the item inactive and active again, each change a history row', async () => {
    const target = await createEquipment(t.db, { certificateId: certificate.id });
    const off = await setHidden(target.stampedId, 'true');
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ hidden: true });
    expect(off.json().equipmentHistory[0]).toMatchObject({ hidden: true, changedBy: certificatesUser.email });
    // The same flag again changes nothing.
    expect((await setHidden(target.stampedId, 'true')).statusCode).toBe(200);
    expect(await historyRows(target.id)).toHaveLength(2);
    expect((await setHidden(target.stampedId, 'false')).json()).toMatchObject({ hidden: false });
    expect((await historyRows(target.id)).map((row) => row.hidden)).toEqual([false, true, false]);
    const [saved] = await t.db.select().from(equipment).where(eq(equipment.id, target.id));
    expect(saved).toMatchObject({ hidden: false, version: 3, updatedBy: certificatesUser.email });
  });

  it('refuses Events level and external users (403), a foreign item (404), and writes nothing', async () => {
    const target = await createEquipment(t.db, { certificateId: certificate.id });
    expect((await setHidden(target.stampedId, 'true', (await t.loginAs({ level: 'Events' })).authorization)).statusCode).toBe(403);
    const external = await t.loginAs({ type: 'Report', level: 'SystemAdministrator', owners: [owner.id] });
    expect((await setHidden(target.stampedId, 'true', external.authorization)).statusCode).toBe(403);
    const restricted = await t.loginAs({ level: 'Certificates', owners: [owner.id] });
    expect((await setHidden(foreignItem.stampedId, 'true', restricted.authorization)).statusCode).toBe(404);
    expect(await historyRows(target.id)).toHaveLength(1);
    expect(await historyRows(foreignItem.id)).toHaveLength(1);
  });

  it('refuses a flag other than true or false with 400, writing nothing', async () => {
    const target = await createEquipment(t.db, { certificateId: certificate.id });
    const response = await setHidden(target.stampedId, 'yes');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.flag).toEqual(["Flag must be 'true' or 'false'"]);
    expect(await historyRows(target.id)).toHaveLength(1);
  });
});

describe('GET /api/Equipment/Chip/{chip}', () => {
  const byChip = (code: string, authorization = reader.authorization) =>
    t.app.inject({ url: `/api/Equipment/Chip/${code}`, headers: { authorization } });

  it('answers the item carrying the chip, whatever the case typed', async () => {
    const response = await byChip(chip.chipId.toLowerCase());
    expect(response.statusCode).toBe(200);
    expect(response.json().stampedId).toBe(item.stampedId);
  });

  it("answers 404 'No equipment found with chip {code}' for an unknown, a user's or a foreign chip", async () => {
    const code = chipCode();
    const unknown = await byChip(code);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.noEquipmentWithChip(code));
    const userChip = await createChip(t.db, { userId: reader.userId });
    expect((await byChip(userChip.chipId)).statusCode).toBe(404);
    const foreignChip = await createChip(t.db, { equipmentId: foreignItem.id });
    const restricted = await t.loginAs({ level: 'Read', owners: [owner.id] });
    expect((await byChip(foreignChip.chipId, restricted.authorization)).statusCode).toBe(404);
  });

  it('refuses external users and level None (403), and a malformed code (400)', async () => {
    const external = await t.loginAs({ type: 'Report', level: 'Admin', owners: [owner.id] });
    expect((await byChip(chip.chipId, external.authorization)).statusCode).toBe(403);
    expect((await byChip(chip.chipId, (await t.loginAs({ level: 'None' })).authorization)).statusCode).toBe(403);
    const bad = await byChip('SHORT');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.chip).toEqual(['A chip code is 16 letters or digits']);
  });
});
