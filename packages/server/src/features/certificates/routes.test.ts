import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createEvent, createFolder } from '../../../test/factories.ts';
import { createCertificate } from '../../../test/factories-certificates.ts';
import { createFile } from '../../../test/factories-files.ts';
import { createCatalogue } from '../../../test/factories-owners.ts';
import { certificates, chips, equipment, eventItems } from '../../db/schema.ts';

const t = await setupTestApp();

// Two owners: Aker Moorings (three certificates) and Bluewater Rigging (one).
const aker = await createCatalogue(t.db, { owner: 'Aker Moorings', type: 'Chain', subType: 'Studless R4', dimension: '84 mm' });
const blue = await createCatalogue(t.db, { owner: 'Bluewater Rigging', type: 'Fibre rope', subType: 'Polyester', dimension: '160 mm' });
const pdf = await createFile(t.db, { fileName: 'AM-2021-0042.pdf' });
const chain = await createCertificate(t.db, {
  catalogue: aker,
  certificateNumber: 'AM-2021-0042',
  manufacturer: 'Nordic Chain Works',
  quality: 'R4',
  certifiedToCode: 'DNV-OS-E302',
  dateSigned: '2021-03-15',
  certificateIssuedBy: 'DNV',
  otherInformation: 'Proof load 4,884 kN',
  color: 'primary',
  fileId: pdf.id,
  items: [
    { stampedId: 'AM-84-0003', length: 275.5, comment: 'Light surface rust' },
    { stampedId: 'AM-84-0001', length: 300 },
    { stampedId: 'AM-84-0002', length: 300, hidden: true },
  ],
});
const second = await createCertificate(t.db, { catalogue: aker, certificateNumber: 'AM-2019-0007', dateSigned: '2019-06-01' });
const third = await createCertificate(t.db, {
  catalogue: aker,
  certificateNumber: 'AM-2023-0100',
  dateSigned: null,
  items: ['AM-KL-0001'],
});
const rope = await createCertificate(t.db, {
  catalogue: blue,
  certificateNumber: 'BW-PE-160-01',
  dateSigned: '2022-01-10',
  items: ['BW-160-A'],
});

// A Kenter link hangs on the first chain segment; the segment has a chip and an inspection status.
const [first] = chain.equipment.filter((item) => item.stampedId === 'AM-84-0001');
await t.db.update(equipment).set({ parentId: first.id }).where(eq(equipment.stampedId, 'AM-KL-0001'));
await t.db.insert(chips).values([{ chipId: 'E2801160000000A1', equipmentId: first.id }]);
const inspection = await createFolder(t.db, 'eventType', { name: 'Inspection' });
const fine = await createFolder(t.db, 'status', { name: 'OK', color: 'success', parentId: inspection.id });
const event = await createEvent(t.db, { typeId: inspection.id, eventDate: '2025-05-02' });
await t.db.insert(eventItems).values({ eventId: event.id, equipmentId: first.id, sequence: 1, statusId: fine.id });

const reader = await t.loginAs({ level: 'Read' });
const get = (url: string, authorization = reader.authorization) => t.app.inject({ url: `/api${url}`, headers: { authorization } });
const numbers = (body: { items: { certificateNumber: string }[] }) => body.items.map((c) => c.certificateNumber);

describe('GET /api/Certificates', () => {
  it('pages certificates newest first with catalogue names, owner and equipment figures', async () => {
    const response = await get('/Certificates?page=0&pageSize=2');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 4, page: 0, pageSize: 2 });
    expect(body.items.map((c: { id: number }) => c.id)).toEqual([rope.certificate.id, third.certificate.id]);
    const all = (await get('/Certificates')).json();
    expect(all.items.find((c: { id: number }) => c.id === chain.certificate.id)).toEqual({
      id: chain.certificate.id,
      certificateNumber: 'AM-2021-0042',
      type: { id: aker.type.id, name: 'Chain' },
      subType: { id: aker.subType.id, name: 'Studless R4' },
      dimension: { id: aker.dimension.id, name: '84 mm' },
      owner: { id: aker.owner.id, name: 'Aker Moorings', shortCode: aker.owner.shortCode, label: aker.owner.label },
      dateSigned: '2021-03-15',
      itemCount: 3,
      firstStampedId: 'AM-84-0001',
      lastStampedId: 'AM-84-0003',
    });
    expect(all.items.find((c: { id: number }) => c.id === second.certificate.id)).toMatchObject({
      itemCount: 0,
      firstStampedId: null,
      lastStampedId: null,
    });
  });

  it('answers the total on every page, a page past the end and an owner filter too', async () => {
    expect((await get('/Certificates?page=1&pageSize=3')).json()).toMatchObject({ total: 4, page: 1 });
    expect((await get('/Certificates?page=1&pageSize=3')).json().items).toHaveLength(1);
    expect((await get('/Certificates?page=5&pageSize=3')).json()).toEqual({ items: [], total: 4, page: 5, pageSize: 3 });
    expect((await get(`/Certificates?owner=${aker.owner.id}&pageSize=2`)).json()).toMatchObject({ total: 3 });
    const byOwnerPaged = [0, 1, 2, 3].map((page) => get(`/Certificates?sort=owner&direction=asc&pageSize=1&page=${page}`));
    const names = (await Promise.all(byOwnerPaged)).map((r) => r.json().items[0].owner.name);
    expect(names).toEqual(['Aker Moorings', 'Aker Moorings', 'Aker Moorings', 'Bluewater Rigging']);
  });

  it('sorts by certificate number, owner and signed date, both ways', async () => {
    expect(numbers((await get('/Certificates?sort=certificateNumber&direction=asc')).json())).toEqual([
      'AM-2019-0007',
      'AM-2021-0042',
      'AM-2023-0100',
      'BW-PE-160-01',
    ]);
    expect(numbers((await get('/Certificates?sort=certificateNumber&direction=desc&pageSize=1&page=1')).json())).toEqual(['AM-2023-0100']);
    const byOwner = (await get('/Certificates?sort=owner&direction=desc')).json();
    expect(byOwner.items.map((c: { owner: { name: string } }) => c.owner.name)).toEqual([
      'Bluewater Rigging',
      'Aker Moorings',
      'Aker Moorings',
      'Aker Moorings',
    ]);
    // Unsigned certificates come last going up, first going down (PostgreSQL's null order).
    expect(numbers((await get('/Certificates?sort=dateSigned&direction=asc')).json())).toEqual([
      'AM-2019-0007',
      'AM-2021-0042',
      'BW-PE-160-01',
      'AM-2023-0100',
    ]);
  });

  it('filters by a part of the certificate number (wildcards match themselves) and by owner', async () => {
    expect(numbers((await get('/Certificates?search=2021')).json())).toEqual(['AM-2021-0042']);
    expect(numbers((await get('/Certificates?search=pe-1')).json())).toEqual(['BW-PE-160-01']);
    expect((await get('/Certificates?search=%25')).json().total).toBe(0);
    expect((await get(`/Certificates?owner=${blue.owner.id}`)).json().items.map((c: { id: number }) => c.id)).toEqual([
      rope.certificate.id,
    ]);
  });

  it('shows an external user only their owners’ certificates', async () => {
    const external = await t.loginAs({ type: 'Report', level: 'Read', owners: [blue.owner.id] });
    const body = (await get('/Certificates', external.authorization)).json();
    expect(body.total).toBe(1);
    expect(numbers(body)).toEqual(['BW-PE-160-01']);
    // Filtering by a foreign owner gives nothing, not the foreign rows.
    expect((await get(`/Certificates?owner=${aker.owner.id}`, external.authorization)).json().total).toBe(0);
  });

  it('refuses level None with 403 and no token with 401', async () => {
    const none = await t.loginAs({ level: 'None' });
    expect((await get('/Certificates', none.authorization)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/Certificates' })).statusCode).toBe(401);
  });

  it('answers 400 with the field’s message for a bad sort, direction, page or owner', async () => {
    const cases: [string, string, string][] = [
      ['sort=name', 'sort', 'Sort must be one of id, certificateNumber, owner, dateSigned'],
      ['direction=up', 'direction', "Direction must be 'asc' or 'desc'"],
      ['owner=1.5', 'owner', 'Owner must be a whole number from 1 to 2147483647'],
      ['search=a%01b', 'search', 'Search must not contain control characters'],
    ];
    for (const [query, field, message] of cases) {
      const response = await get(`/Certificates?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[field], query).toEqual([message]);
    }
    expect((await get('/Certificates?page=-1')).statusCode).toBe(400);
  });
});

describe('GET /api/Certificates/{id}', () => {
  it('answers the certificate with its catalogue node, PDF and equipment rows by stamped id', async () => {
    const response = await get(`/Certificates/${chain.certificate.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: chain.certificate.id,
      ownerId: aker.owner.id,
      typeId: aker.type.id,
      subTypeId: aker.subType.id,
      dimensionId: aker.dimension.id,
      owner: { id: aker.owner.id, name: 'Aker Moorings' },
      type: { name: 'Chain' },
      subType: { name: 'Studless R4' },
      dimension: { name: '84 mm' },
      certificateNumber: 'AM-2021-0042',
      manufacturer: 'Nordic Chain Works',
      quality: 'R4',
      certifiedToCode: 'DNV-OS-E302',
      dateSigned: '2021-03-15',
      certificateIssuedBy: 'DNV',
      otherInformation: 'Proof load 4,884 kN',
      color: 'primary',
      certificateFile: { id: pdf.id, fileName: 'AM-2021-0042.pdf', url: `/api/Files/${pdf.id}` },
      version: 1,
      createdBy: 'certificates@test.example',
    });
    expect(body.equipment).toEqual([
      {
        id: first.id,
        stampedId: 'AM-84-0001',
        parentStampedId: null,
        length: 300,
        comment: null,
        hidden: false,
        chips: ['E2801160000000A1'],
        hasChildren: true,
        latestStatus: { name: 'OK', color: 'success' },
      },
      expect.objectContaining({ stampedId: 'AM-84-0002', hidden: true, chips: [], hasChildren: false, latestStatus: null }),
      expect.objectContaining({ stampedId: 'AM-84-0003', length: 275.5, comment: 'Light surface rust' }),
    ]);
    const kenter = (await get(`/Certificates/${third.certificate.id}`)).json();
    expect(kenter).toMatchObject({ certificateFile: null, dateSigned: null });
    expect(kenter.equipment).toMatchObject([{ stampedId: 'AM-KL-0001', parentStampedId: 'AM-84-0001' }]);
  });

  it('lets an external user read their owner’s certificate without staff names, and answers 404 for another owner’s', async () => {
    const external = await t.loginAs({ type: 'Report', level: 'Read', owners: [aker.owner.id] });
    const own = await get(`/Certificates/${chain.certificate.id}`, external.authorization);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ createdBy: null, updatedBy: null, certificateNumber: 'AM-2021-0042' });
    const foreign = await get(`/Certificates/${rope.certificate.id}`, external.authorization);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('The certificate was not found');
    expect(foreign.body).not.toContain('BW-PE-160-01');
  });

  it('answers 404 for a missing certificate and 403 below Read', async () => {
    const [{ maxId }] = await t.db.select({ maxId: certificates.id }).from(certificates).orderBy(certificates.id).limit(1);
    expect((await get(`/Certificates/${maxId + 100_000}`)).statusCode).toBe(404);
    const none = await t.loginAs({ level: 'None' });
    expect((await get(`/Certificates/${chain.certificate.id}`, none.authorization)).statusCode).toBe(403);
  });

  it('answers 400 with the id’s message for a malformed id', async () => {
    for (const id of ['abc', '0', '-3', '99999999999']) {
      const response = await get(`/Certificates/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(Object.keys(response.json().errors), id).toEqual(['id']);
    }
  });
});

describe('certificate rows as arrays, shaped by hand (queries.ts)', () => {
  it('lists each certificate with the names, signed date and equipment figures its detail shows', async () => {
    const { items } = (await get('/Certificates?pageSize=50')).json();
    expect(items).toHaveLength(4);
    for (const row of items) {
      const detail = (await get(`/Certificates/${row.id}`)).json();
      const { id, certificateNumber, type, subType, dimension, owner, dateSigned, equipment: rows } = detail;
      expect(row).toEqual({
        id,
        certificateNumber,
        type,
        subType,
        dimension,
        owner,
        dateSigned,
        itemCount: rows.length,
        firstStampedId: rows[0]?.stampedId ?? null,
        lastStampedId: rows.at(-1)?.stampedId ?? null,
      });
    }
  });

  it('writes audit dates as the stored Date does: to the millisecond, microseconds cut', async () => {
    await t.db.execute(sql`update certificates set created_at = '2024-02-03 04:05:06.999999+00', updated_at = '2024-02-03 05:05:06.0005+01'
      where id = ${second.certificate.id}`);
    const [stored] = await t.db.select().from(certificates).where(eq(certificates.id, second.certificate.id));
    const body = (await get(`/Certificates/${second.certificate.id}`)).json();
    expect(body).toMatchObject({ createdDate: stored.createdAt.toISOString(), updatedDate: stored.updatedAt.toISOString() });
    expect(body).toMatchObject({ createdDate: '2024-02-03T04:05:06.999Z', updatedDate: '2024-02-03T04:05:06.000Z' });
  });
});
