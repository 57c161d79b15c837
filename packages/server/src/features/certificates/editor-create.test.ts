import { catalogueMessages, certificateEditorMessages as m } from '@portal/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createCertificate } from '../../../test/factories-certificates.ts';
import { createFile } from '../../../test/factories-files.ts';
import { createCatalogue } from '../../../test/factories-owners.ts';
import { certificates, equipment, equipmentHistory, files } from '../../db/schema.ts';

const t = await setupTestApp();
const aker = await createCatalogue(t.db, { owner: 'Aker Moorings Editor', type: 'Chain', subType: 'Studless R4', dimension: '84 mm' });
const blue = await createCatalogue(t.db, { owner: 'Bluewater Editor', type: 'Fibre rope', subType: 'Polyester', dimension: '160 mm' });

const user = await t.loginAs({ level: 'Certificates' });
const akerOnly = await t.loginAs({ level: 'Certificates', owners: [aker.owner.id] });
const admin = await t.loginAs({ level: 'Admin' });
const pdf = await createFile(t.db, { fileName: 'AM-2024-0001.pdf', createdBy: user.email });

type Who = { authorization: string };
const call = (method: 'POST' | 'DELETE', url: string, payload?: object, who: Who = user) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: who.authorization }, ...(payload && { payload }) });
const node = (c = aker) => ({ ownerId: c.owner.id, typeId: c.type.id, subTypeId: c.subType.id, dimensionId: c.dimension.id });
const fields = (certificateNumber: string, c = aker) => ({
  ...node(c),
  certificateNumber,
  manufacturer: 'Nordic Chain Works',
  quality: 'R4',
  certifiedToCode: 'DNV-OS-E302',
  dateSigned: '2024-02-01',
  certificateIssuedBy: 'DNV',
  otherInformation: 'Proof load 4,884 kN',
  color: 'primary',
});
const items = (certificateId: number) =>
  t.db.select().from(equipment).where(eq(equipment.certificateId, certificateId)).orderBy(asc(equipment.stampedId));
const countWhere = async (stampedIds: string[]) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(equipment).where(inArray(equipment.stampedId, stampedIds)))[0].n;
const certificateCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(certificates))[0].n;

describe('POST /api/Certificates', () => {
  it('creates the certificate with its PDF and rows (a child on a new parent), each with a history row', async () => {
    const response = await call('POST', '/Certificates', {
      ...fields('AM-2024-0001'),
      fileId: pdf.id,
      equipment: [
        { stampedId: 'CR-84-001', length: 300, comment: 'Top chain segment', new: true },
        { stampedId: 'CR-KL-001', parentStampedId: 'CR-84-001', new: true, hidden: true },
      ],
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const detail = (await t.app.inject({ url: `/api/Certificates/${id}`, headers: { authorization: user.authorization } })).json();
    expect(detail).toMatchObject({
      ...fields('AM-2024-0001'),
      certificateFile: { id: pdf.id, fileName: 'AM-2024-0001.pdf' },
      version: 1,
      createdBy: user.email,
    });
    expect(detail.equipment).toMatchObject([
      { stampedId: 'CR-84-001', length: 300, comment: 'Top chain segment', parentStampedId: null, hasChildren: true, hidden: false },
      { stampedId: 'CR-KL-001', parentStampedId: 'CR-84-001', hidden: true },
    ]);
    const rows = await items(id);
    const history = await t.db
      .select()
      .from(equipmentHistory)
      .where(
        inArray(
          equipmentHistory.equipmentId,
          rows.map((r) => r.id),
        ),
      );
    expect(history).toHaveLength(2);
    expect(history.every((h) => h.certificateId === id && h.changedBy === user.email)).toBe(true);
  });

  it('copies a certificate: the same fields and file under another number, with new rows', async () => {
    const original = (await call('POST', '/Certificates', { ...fields('AM-COPY-1'), fileId: pdf.id, equipment: [] })).json();
    const copy = await call('POST', '/Certificates', {
      ...fields('AM-COPY-2'),
      fileId: pdf.id,
      equipment: [{ stampedId: 'CP-1', new: true }],
    });
    expect(copy.statusCode).toBe(201);
    const [a, b] = await t.db
      .select()
      .from(certificates)
      .where(inArray(certificates.id, [original.id, copy.json().id]))
      .orderBy(asc(certificates.id));
    expect({ ...b, id: a.id, certificateNumber: a.certificateNumber, createdAt: a.createdAt, updatedAt: a.updatedAt }).toEqual(a);
    expect(b.fileId).toBe(pdf.id);
    // Another user may copy the file with the certificate, since the certificate is theirs to read.
    const other = await call('POST', '/Certificates', { ...fields('AM-COPY-3'), fileId: pdf.id }, akerOnly);
    expect(other.statusCode).toBe(201);
  });

  it('refuses rows that are not new, taken or twice, a missing parent, and writes nothing', async () => {
    await createCertificate(t.db, { catalogue: aker, items: ['TK-1'] });
    const before = await certificateCount();
    const response = await call('POST', '/Certificates', {
      ...fields('AM-BAD-ROWS'),
      equipment: [
        { stampedId: 'NW-1', new: true },
        { stampedId: 'TK-1', new: true },
        { stampedId: 'NW-1', new: true },
        { stampedId: 'OLD-1' },
        { stampedId: 'NW-2', new: true, parentStampedId: 'NOWHERE-9' },
        { stampedId: 'NW-3', new: true, parentStampedId: 'NW-3' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'equipment.1.stampedId': [m.stampedIdTaken('TK-1')],
      'equipment.2.stampedId': [m.stampedIdTwice('NW-1')],
      'equipment.3.stampedId': [m.notOnCertificate('OLD-1')],
      'equipment.4.parentStampedId': [m.parentNotFound('NOWHERE-9')],
      'equipment.5.parentStampedId': [m.parentIsSelf('NW-3')],
    });
    expect(response.json().message).toBe('5 Problems found');
    expect(await certificateCount()).toBe(before);
    expect(await countWhere(['NW-1', 'NW-2', 'NW-3'])).toBe(0);
  });

  it('answers 400 with the field message for each missing required field, and writes nothing', async () => {
    const before = await certificateCount();
    const full = { ...fields('AM-REQ'), equipment: [{ stampedId: 'RQ-1', new: true }] };
    const cases: [string, string][] = [
      ['ownerId', 'Owner is required'],
      ['typeId', 'Type is required'],
      ['subTypeId', 'Sub-type is required'],
      ['dimensionId', 'Dimension is required'],
      ['certificateNumber', 'Certificate No is required'],
    ];
    for (const [field, message] of cases) {
      const { [field]: _dropped, ...body } = full as Record<string, unknown>;
      const response = await call('POST', '/Certificates', body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors[field], field).toEqual([message]);
    }
    expect((await call('POST', '/Certificates', { ...full, certificateNumber: '   ' })).json().errors.certificateNumber).toEqual([
      'Certificate No is required',
    ]);
    expect(await certificateCount()).toBe(before);
    expect(await countWhere(['RQ-1'])).toBe(0);
  });

  it('refuses a catalogue node of another owner, a foreign owner, and a file that is not a usable PDF', async () => {
    const mixed = await call('POST', '/Certificates', { ...fields('AM-MIX'), dimensionId: blue.dimension.id });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors).toEqual({ dimensionId: [m.catalogueMismatch] });
    const wrongType = await call('POST', '/Certificates', { ...fields('AM-MIX'), typeId: blue.type.id });
    expect(Object.keys(wrongType.json().errors)).toEqual(['typeId', 'subTypeId', 'dimensionId']);
    // A restricted user: another owner's node reads as a missing owner.
    const foreign = await call('POST', '/Certificates', fields('BW-FOREIGN', blue), akerOnly);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ ownerId: [catalogueMessages.ownerNotFound] });
    const png = await createFile(t.db, { fileName: 'photo.png', contentType: 'image/png', createdBy: user.email });
    const othersPdf = await createFile(t.db, { createdBy: 'someone@test.example' });
    const notPdf = await call('POST', '/Certificates', { ...fields('AM-FILE'), fileId: png.id });
    expect(notPdf.json().errors).toEqual({ fileId: [m.fileNotPdf] });
    // A file id not stored (an upload deleted after a day unattached) asks for the upload again, and
    // another user's file answers the same, as if it did not exist.
    for (const fileId of [othersPdf.id, 999_999]) {
      const response = await call('POST', '/Certificates', { ...fields('AM-FILE'), fileId });
      expect(response.statusCode, String(fileId)).toBe(400);
      expect(response.json().errors).toEqual({ fileId: ['The file expired, upload it again'] });
    }
  });

  it('needs Certificates level and an internal user', async () => {
    const before = await certificateCount();
    for (const level of ['Read', 'Events'] as const) {
      const who = await t.loginAs({ level });
      expect((await call('POST', '/Certificates', fields('AM-LOW'), who)).statusCode, level).toBe(403);
    }
    const external = await t.loginAs({ type: 'Report', level: 'SystemAdministrator', owners: [aker.owner.id] });
    expect((await call('POST', '/Certificates', fields('AM-EXT'), external)).statusCode).toBe(403);
    expect(await certificateCount()).toBe(before);
  });
});

describe('DELETE /api/Certificates/{id}', () => {
  it('unlinks its items with history rows, removes the certificate and its unused file; a shared file stays', async () => {
    const ownPdf = await createFile(t.db, { createdBy: user.email });
    const shared = await createFile(t.db, { createdBy: user.email });
    const doomed = await createCertificate(t.db, {
      catalogue: aker,
      fileId: ownPdf.id,
      items: ['DL-1', { stampedId: 'DL-2', length: 27.5 }],
    });
    const first = await createCertificate(t.db, { catalogue: aker, fileId: shared.id });
    await createCertificate(t.db, { catalogue: aker, fileId: shared.id });
    expect((await call('DELETE', `/Certificates/${doomed.certificate.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(certificates).where(eq(certificates.id, doomed.certificate.id))).toEqual([]);
    const left = await t.db
      .select()
      .from(equipment)
      .where(inArray(equipment.stampedId, ['DL-1', 'DL-2']))
      .orderBy(asc(equipment.stampedId));
    expect(left).toMatchObject([
      { certificateId: null, updatedBy: user.email },
      { certificateId: null, length: 27.5 },
    ]);
    const history = await t.db
      .select()
      .from(equipmentHistory)
      .where(
        inArray(
          equipmentHistory.equipmentId,
          left.map((i) => i.id),
        ),
      );
    expect(history).toMatchObject([
      { certificateId: null, changedBy: user.email },
      { certificateId: null, changedBy: user.email },
    ]);
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, ownPdf.id))).toEqual([]);
    expect((await call('DELETE', `/Certificates/${first.certificate.id}`)).statusCode).toBe(204);
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, shared.id))).toEqual([{ id: shared.id }]);
  });

  it('answers 404 for a missing or foreign certificate; needs Certificates level and an internal user', async () => {
    const theirs = await createCertificate(t.db, { catalogue: blue, items: ['DX-1'] });
    expect((await call('DELETE', `/Certificates/${theirs.certificate.id}`, undefined, akerOnly)).statusCode).toBe(404);
    expect((await call('DELETE', '/Certificates/999999')).statusCode).toBe(404);
    const events = await t.loginAs({ level: 'Events' });
    expect((await call('DELETE', `/Certificates/${theirs.certificate.id}`, undefined, events)).statusCode).toBe(403);
    const external = await t.loginAs({ type: 'Report', level: 'Admin', owners: [blue.owner.id] });
    expect((await call('DELETE', `/Certificates/${theirs.certificate.id}`, undefined, external)).statusCode).toBe(403);
    expect((await items(theirs.certificate.id)).map((i) => i.stampedId)).toEqual(['DX-1']);
    expect((await call('DELETE', `/Certificates/${theirs.certificate.id}`, undefined, admin)).statusCode).toBe(204);
  });
});
