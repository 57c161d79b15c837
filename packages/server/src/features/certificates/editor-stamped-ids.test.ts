/**
 * Stamped ids in the certificate editor and its availability, series and import (docs/event-items.md
 * "Stamped ids"): matched without case, new ids normalised, look-alikes refused with the field message.
 */
import { certificateEditorMessages as m, stampedIdMessages } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createCertificate } from '../../../test/factories-certificates.ts';
import { createCatalogue } from '../../../test/factories-owners.ts';
import { oneFile } from '../../../test/multipart.ts';
import { equipment } from '../../db/schema.ts';

const t = await setupTestApp();
const aker = await createCatalogue(t.db, { owner: 'Aker Case Rules' });
// Someone else's certificate holds NSD-R4-076-0053: taken for everyone, in any case.
await createCertificate(t.db, { items: ['NSD-R4-076-0053'] });
const user = await t.loginAs({ level: 'Certificates' });
const akerOnly = await t.loginAs({ level: 'Certificates', owners: [aker.owner.id] });

type Who = { authorization: string };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: Who = user) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: who.authorization }, ...(payload && { payload }) });
const node = { ownerId: aker.owner.id, typeId: aker.type.id, subTypeId: aker.subType.id, dimensionId: aker.dimension.id };
const itemCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(equipment))[0].n;
const row = (stampedId: string, extra: object = {}) => ({ stampedId, new: true, ...extra });

describe('availability (GET /Equipment/Available/{id})', () => {
  it('is global and without case; a look-alike id answers the field message', async () => {
    for (const who of [user, akerOnly]) {
      expect((await call('GET', '/Equipment/Available/nsd-r4-076-0053', undefined, who)).json()).toEqual({ available: false });
    }
    expect((await call('GET', '/Equipment/Available/NSD-R4-076-0054')).json()).toEqual({ available: true });
    const lookAlike = await call('GET', `/Equipment/Available/${encodeURIComponent('NSD-R4-076-\u04100053')}`);
    expect(lookAlike.statusCode).toBe(400);
    expect(lookAlike.json().errors).toEqual({ id: [stampedIdMessages.mixedScripts('Stamped id')] });
    const events = await t.loginAs({ level: 'Events' });
    expect((await call('GET', '/Equipment/Available/NSD-R4-076-0054', undefined, events)).statusCode).toBe(403);
  });
});

describe('series and import proposals', () => {
  it('mark an id taken in another case unavailable, and refuse look-alikes', async () => {
    const series = await call('POST', '/Equipment', { numberFrom: '0052', numberTo: '0054', prefix: 'nsd-r4-076-' });
    expect(series.json().items.map((item: { stampedId: string; available: boolean }) => [item.stampedId, item.available])).toEqual([
      ['nsd-r4-076-0052', true],
      ['nsd-r4-076-0053', false],
      ['nsd-r4-076-0054', true],
    ]);
    const greek = await call('POST', '/Equipment', { numberFrom: '1', numberTo: '2', prefix: 'L\u039FAD-' });
    expect(greek.statusCode).toBe(400);
    expect(greek.json().errors).toEqual({ prefix: [stampedIdMessages.mixedScripts('Stamped id')] });

    const { payload, headers } = oneFile('items.txt', 'FILE-1;12\nfile-1;13\nFILE\u00AD2\nnsd-r4-076-0053\n', 'text/plain');
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/Import/CertificateEquipment',
      headers: { ...headers, authorization: user.authorization },
      payload,
    });
    expect(file.json()).toEqual({
      errors: [
        { line: 2, message: m.stampedIdTwice('file-1') },
        { line: 3, message: stampedIdMessages.invisible('Stamped id') },
      ],
    });
  });
});

describe('saving rows', () => {
  it('refuses a new row whose id another item has in another case, or twice in any case, or a look-alike; writes nothing', async () => {
    const before = await itemCount();
    const save = (equipmentRows: object[]) =>
      call('POST', '/Certificates', { ...node, certificateNumber: 'CASE-1', equipment: equipmentRows });
    const taken = await save([row('nsd-r4-076-0053'), row('ROW-A'), row('row-a')]);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({
      'equipment.0.stampedId': [m.stampedIdTaken('NSD-R4-076-0053')],
      'equipment.2.stampedId': [m.stampedIdTwice('ROW-A')],
    });
    const lookAlikes = await save([row('ROW\u200B-B'), row('ROW-\u0412')]);
    expect(lookAlikes.statusCode).toBe(400);
    expect(lookAlikes.json().errors).toEqual({
      'equipment.0.stampedId': [stampedIdMessages.invisible('Stamped id')],
      'equipment.1.stampedId': [stampedIdMessages.mixedScripts('Stamped id')],
    });
    expect(await itemCount()).toBe(before);
  });

  it('stores new ids NFKC-normalised, and names existing rows and parents in any case', async () => {
    const created = await call('POST', '/Certificates', {
      ...node,
      certificateNumber: 'CASE-2',
      equipment: [row('ＷＩＤＥ-００１'), row('child-1', { parentStampedId: 'wide-001' })],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const rows = await t.db.select().from(equipment).where(eq(equipment.certificateId, id)).orderBy(equipment.stampedId);
    expect(rows.map((item) => [item.stampedId, item.parentId])).toEqual([
      ['WIDE-001', null],
      ['child-1', rows[0].id],
    ]);
    // A changed row typed in another case changes that item.
    const saved = await call('PUT', `/Certificates/${id}`, {
      ...node,
      certificateNumber: 'CASE-2',
      version: 1,
      equipment: [{ stampedId: 'wide-001', changed: true, length: 42 }],
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.db.select().from(equipment).where(eq(equipment.stampedId, 'WIDE-001')))[0].length).toBe(42);
  });
});
