/** The Case duplicates list and its rename (docs/event-items.md "Stamped ids"). */
import { type CaseDuplicateList, caseDuplicateMessages, messages, stampedIdMessages } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createCertificate, createEquipment } from '../../../test/factories-items.ts';
import { createCatalogue } from '../../../test/factories-owners.ts';
import { equipment, equipmentHistory } from '../../db/schema.ts';

const t = await setupTestApp();
const mine = await createCatalogue(t.db, { owner: 'Case Owner Mine' });
const theirs = await createCatalogue(t.db, { owner: 'Case Owner Theirs' });
const myCertificate = (await createCertificate(t.db, { catalogue: mine, certificateNumber: 'CD-MINE-1' })).certificate;
const theirCertificate = (await createCertificate(t.db, { catalogue: theirs, certificateNumber: 'CD-THEIRS-1' })).certificate;
// Pairs as the upgrade leaves them: one item in the unique index, the other marked.
const linked = await createEquipment(t.db, { stampedId: 'CD-0053', certificateId: myCertificate.id });
const unlinked = await createEquipment(t.db, { stampedId: 'cd-0053', caseDuplicate: true });
const foreign = await createEquipment(t.db, { stampedId: 'CD-0077', certificateId: theirCertificate.id });
const foreignTwin = await createEquipment(t.db, { stampedId: 'Cd-0077', certificateId: theirCertificate.id, caseDuplicate: true });
const single = await createEquipment(t.db, { stampedId: 'CD-SINGLE' });

const user = await t.loginAs({ level: 'Certificates' });
const restricted = await t.loginAs({ level: 'Certificates', owners: [mine.owner.id] });

type Who = { authorization: string };
const list = (who: Who = user) =>
  t.app.inject({ method: 'GET', url: '/api/CaseDuplicates', headers: { authorization: who.authorization } });
const rename = (id: number, payload: object, who: Who = user) =>
  t.app.inject({ method: 'PUT', url: `/api/CaseDuplicates/${id}`, headers: { authorization: who.authorization }, payload });
const ids = (body: CaseDuplicateList) => body.groups.map((group) => group.items.map((item) => item.stampedId));
const stampedIdOf = async (id: number) => (await t.db.select().from(equipment).where(eq(equipment.id, id)))[0].stampedId;

describe('GET /api/CaseDuplicates', () => {
  it('lists the pairs, linked and unlinked alike, with certificate and events; a restricted user sees only their owners', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json<CaseDuplicateList>();
    expect(ids(body)).toEqual([
      ['CD-0053', 'cd-0053'],
      ['CD-0077', 'Cd-0077'],
    ]);
    expect(body.groups[0].items).toEqual([
      {
        id: linked.id,
        stampedId: 'CD-0053',
        marked: false,
        hidden: false,
        certificate: { id: myCertificate.id, certificateNumber: 'CD-MINE-1', owner: expect.objectContaining({ id: mine.owner.id }) },
        eventCount: 0,
        lastEventDate: null,
      },
      expect.objectContaining({ id: unlinked.id, marked: true, certificate: null }),
    ]);
    const scoped = await list(restricted);
    expect(ids(scoped.json())).toEqual([['CD-0053', 'cd-0053']]);
    expect(scoped.body).not.toContain('Case Owner Theirs');
  });

  it('is for internal users from Certificates level', async () => {
    const events = await t.loginAs({ level: 'Events' });
    const external = await t.loginAs({ level: 'SystemAdministrator', type: 'Report', owners: [mine.owner.id] });
    for (const who of [events, external]) {
      expect((await list(who)).statusCode).toBe(403);
      expect((await rename(unlinked.id, { stampedId: 'CD-0053-B' }, who)).statusCode).toBe(403);
    }
    expect(await stampedIdOf(unlinked.id)).toBe('cd-0053');
  });
});

describe('PUT /api/CaseDuplicates/{id}', () => {
  it('refuses a look-alike, an empty or a taken id, an item that is not a case duplicate, and a foreign one; writes nothing', async () => {
    const cases: [number, object, number, Record<string, string[]> | undefined][] = [
      [unlinked.id, { stampedId: 'CD-\u04210053' }, 400, { stampedId: [stampedIdMessages.mixedScripts('New stamped id')] }],
      [unlinked.id, { stampedId: 'CD\u200B-0054' }, 400, { stampedId: [stampedIdMessages.invisible('New stamped id')] }],
      [unlinked.id, { stampedId: '  ' }, 400, { stampedId: [messages.required('New stamped id')] }],
      [unlinked.id, { stampedId: 'cd-single' }, 400, { stampedId: [caseDuplicateMessages.taken('cd-single')] }],
      [unlinked.id, { stampedId: 'Cd-0053' }, 400, { stampedId: [caseDuplicateMessages.taken('Cd-0053')] }],
      [single.id, { stampedId: 'CD-SINGLE-2' }, 404, undefined],
    ];
    for (const [id, payload, status, errors] of cases) {
      const response = await rename(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (errors) expect(response.json().errors).toEqual(errors);
    }
    const foreignRename = await rename(foreignTwin.id, { stampedId: 'CD-0077-B' }, restricted);
    expect(foreignRename.statusCode).toBe(404);
    expect(await stampedIdOf(unlinked.id)).toBe('cd-0053');
    expect(await stampedIdOf(foreignTwin.id)).toBe('Cd-0077');
  });

  it('renames the marked item (NFKC-normalised), keeps a history row, and the pair leaves the list', async () => {
    const response = await rename(unlinked.id, { stampedId: ' ＣＤ-００５３-Ｂ ' }, restricted);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: unlinked.id, stampedId: 'CD-0053-B' });
    const [item] = await t.db.select().from(equipment).where(eq(equipment.id, unlinked.id));
    expect(item).toMatchObject({ stampedId: 'CD-0053-B', caseDuplicate: false });
    const history = await t.db.select().from(equipmentHistory).where(eq(equipmentHistory.equipmentId, unlinked.id));
    expect(history.map((row) => [row.stampedId, row.changedBy])).toEqual([
      ['cd-0053', 'certificates@test.example'],
      ['CD-0053-B', restricted.email],
    ]);
    expect(ids((await list()).json())).toEqual([['CD-0077', 'Cd-0077']]);
    // Renaming the item in the unique index instead puts its twin there.
    await rename(foreign.id, { stampedId: 'CD-0077-A' });
    expect((await list()).json()).toEqual({ groups: [] });
    expect((await t.db.select().from(equipment).where(eq(equipment.id, foreignTwin.id)))[0].caseDuplicate).toBe(false);
  });
});
