import { certificateEditorMessages as m } from '@portal/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createCertificate } from '../../../test/factories-certificates.ts';
import { createCatalogue } from '../../../test/factories-owners.ts';
import { certificates, equipment, equipmentHistory } from '../../db/schema.ts';

const t = await setupTestApp();
const aker = await createCatalogue(t.db, { owner: 'Aker Moorings Save', type: 'Chain', subType: 'Studlink R3', dimension: '76 mm' });
const blue = await createCatalogue(t.db, { owner: 'Bluewater Save', type: 'Wire', subType: 'Spiral strand', dimension: '96 mm' });

const certificatesUser = await t.loginAs({ level: 'Certificates' });
const admin = await t.loginAs({ level: 'Admin' });
const akerAdmin = await t.loginAs({ level: 'Admin', owners: [aker.owner.id] });

type Who = { authorization: string };
const put = (id: number, payload: object, who: Who = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/Certificates/${id}`, headers: { authorization: who.authorization }, payload });
const fieldsOf = (c: typeof aker, certificateNumber: string) => ({
  ownerId: c.owner.id,
  typeId: c.type.id,
  subTypeId: c.subType.id,
  dimensionId: c.dimension.id,
  certificateNumber,
});
const rowsOf = async (certificateId: number) =>
  t.db
    .select({
      stampedId: equipment.stampedId,
      length: equipment.length,
      comment: equipment.comment,
      hidden: equipment.hidden,
      parentId: equipment.parentId,
    })
    .from(equipment)
    .where(eq(equipment.certificateId, certificateId))
    .orderBy(asc(equipment.stampedId));
const versionOf = async (id: number) =>
  (await t.db.select({ v: certificates.version }).from(certificates).where(eq(certificates.id, id)))[0].v;
const historyOf = async (stampedId: string) =>
  t.db.select().from(equipmentHistory).where(eq(equipmentHistory.stampedId, stampedId)).orderBy(asc(equipmentHistory.id));

/** A certificate of Aker with five chain segments, and another one to move rows to. */
async function fixture(prefix: string) {
  const chain = await createCertificate(t.db, {
    catalogue: aker,
    certificateNumber: `${prefix}-A`,
    items: [1, 2, 3, 4, 5].map((n) => ({ stampedId: `${prefix}-${n}`, length: 120 })),
  });
  const target = await createCertificate(t.db, { catalogue: aker, certificateNumber: `${prefix}-B` });
  return { id: chain.certificate.id, target: target.certificate.id, body: { ...fieldsOf(aker, `${prefix}-A`), version: 1 } };
}

describe('PUT /api/Certificates/{id}', () => {
  it('saves each row state: new, changed, deleted (unlinked), moved, unchanged; bumps the version; answers the detail', async () => {
    const { id, target, body } = await fixture('ST');
    const response = await put(id, {
      ...body,
      quality: 'R3',
      equipment: [
        { stampedId: 'ST-1' },
        { stampedId: 'ST-2', changed: true, length: 121.5, comment: 'Pitting at link 40', hidden: true, parentStampedId: 'ST-1' },
        { stampedId: 'ST-3', deleted: true },
        { stampedId: 'ST-4', moveToCertificateId: target },
        { stampedId: 'ST-6', new: true, length: 27.5, parentStampedId: 'ST-1' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({ id, version: 2, quality: 'R3', updatedBy: admin.email });
    expect(detail.equipment.map((row: { stampedId: string }) => row.stampedId)).toEqual(['ST-1', 'ST-2', 'ST-5', 'ST-6']);
    expect(detail.equipment[0]).toMatchObject({ hasChildren: true });
    expect(detail.equipment[1]).toMatchObject({ length: 121.5, comment: 'Pitting at link 40', hidden: true, parentStampedId: 'ST-1' });
    expect(detail.equipment[3]).toMatchObject({ length: 27.5, parentStampedId: 'ST-1' });
    const [unlinked] = await t.db.select().from(equipment).where(eq(equipment.stampedId, 'ST-3'));
    expect(unlinked.certificateId).toBeNull();
    expect((await rowsOf(target)).map((row) => row.stampedId)).toEqual(['ST-4']);
    expect(await historyOf('ST-1')).toEqual([]);
    expect(await historyOf('ST-2')).toMatchObject([{ length: 121.5, hidden: true, comment: 'Pitting at link 40', certificateId: id }]);
    expect(await historyOf('ST-3')).toMatchObject([{ certificateId: null, changedBy: admin.email }]);
    expect(await historyOf('ST-4')).toMatchObject([{ certificateId: target }]);
    expect(await historyOf('ST-6')).toMatchObject([{ certificateId: id, length: 27.5 }]);
    // The same save again (version 2) with the row unchanged writes no second history row.
    const again = await put(id, {
      ...body,
      version: 2,
      equipment: [
        { stampedId: 'ST-2', changed: true, length: 121.5, comment: 'Pitting at link 40', hidden: true, parentStampedId: 'ST-1' },
      ],
    });
    expect(again.statusCode).toBe(200);
    expect(await historyOf('ST-2')).toHaveLength(1);
  });

  it('answers 409 with the changed message for a stale version, and changes nothing', async () => {
    const { id, body } = await fixture('SV');
    expect((await put(id, { ...body, equipment: [{ stampedId: 'SV-1', changed: true, comment: 'first' }] })).statusCode).toBe(200);
    const before = await rowsOf(id);
    const stale = await put(id, {
      ...body,
      certificateNumber: 'SV-OVERWRITTEN',
      equipment: [
        { stampedId: 'SV-2', changed: true, comment: 'second' },
        { stampedId: 'SV-3', deleted: true },
        { stampedId: 'SV-9', new: true },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(m.certificateChanged);
    expect(await rowsOf(id)).toEqual(before);
    expect(await versionOf(id)).toBe(2);
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, id));
    expect(row.certificateNumber).toBe('SV-A');
    expect(await t.db.select().from(equipment).where(eq(equipment.stampedId, 'SV-9'))).toEqual([]);
  });

  it('lets exactly one of two saves of the same version through', async () => {
    const { id, body } = await fixture('CC');
    const [a, b] = await Promise.all([
      put(id, { ...body, equipment: [{ stampedId: 'CC-1', changed: true, comment: 'by A' }] }),
      put(id, { ...body, equipment: [{ stampedId: 'CC-1', changed: true, comment: 'by B' }] }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await versionOf(id)).toBe(2);
    const winner = a.statusCode === 200 ? 'by A' : 'by B';
    expect((await rowsOf(id))[0].comment).toBe(winner);
    expect(await historyOf('CC-1')).toHaveLength(1);
  });

  it('refuses deleting or moving rows below Admin level with the Admin message; changes are fine', async () => {
    const { id, target, body } = await fixture('LV');
    for (const row of [
      { stampedId: 'LV-1', deleted: true },
      { stampedId: 'LV-1', moveToCertificateId: target },
    ]) {
      const response = await put(id, { ...body, equipment: [row] }, certificatesUser);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(m.deleteOrMoveNeedsAdmin);
    }
    expect(await versionOf(id)).toBe(1);
    expect((await put(id, { ...body, equipment: [{ stampedId: 'LV-1', changed: true, length: 1 }] }, certificatesUser)).statusCode).toBe(
      200,
    );
    for (const level of ['Read', 'Events'] as const) {
      expect((await put(id, { ...body, version: 2 }, await t.loginAs({ level }))).statusCode, level).toBe(403);
    }
    const external = await t.loginAs({ type: 'Report', level: 'SystemAdministrator', owners: [aker.owner.id] });
    expect((await put(id, { ...body, version: 2 }, external)).statusCode).toBe(403);
  });

  it('refuses rows with a parent or child, rows of other certificates, bad move targets; writes nothing', async () => {
    const { id, target, body } = await fixture('RL');
    const [parent] = await t.db.select().from(equipment).where(eq(equipment.stampedId, 'RL-1'));
    await t.db.update(equipment).set({ parentId: parent.id }).where(eq(equipment.stampedId, 'RL-2'));
    const elsewhere = await createCertificate(t.db, { catalogue: aker, items: ['RL-OTHER'] });
    const theirs = await createCertificate(t.db, { catalogue: blue });
    const response = await put(
      id,
      {
        ...body,
        equipment: [
          { stampedId: 'RL-1', deleted: true },
          { stampedId: 'RL-2', moveToCertificateId: target },
          { stampedId: 'RL-3', moveToCertificateId: id },
          { stampedId: 'RL-4', moveToCertificateId: theirs.certificate.id },
          { stampedId: 'RL-OTHER', changed: true, comment: 'not mine' },
          { stampedId: 'RL-5', deleted: true },
          { stampedId: 'RL-6', new: true, parentStampedId: 'RL-5' },
        ],
      },
      akerAdmin,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'equipment.0.deleted': [m.rowHasRelatives('RL-1')],
      'equipment.1.deleted': [m.rowHasRelatives('RL-2')],
      'equipment.2.moveToCertificateId': [m.moveToSelf],
      'equipment.3.moveToCertificateId': [m.moveTargetNotFound],
      'equipment.4.stampedId': [m.notOnCertificate('RL-OTHER')],
      'equipment.5.deleted': [m.rowHasRelatives('RL-5')],
      'equipment.6.parentStampedId': [m.parentRemoved('RL-5')],
    });
    expect(await versionOf(id)).toBe(1);
    expect((await rowsOf(id)).map((row) => row.stampedId)).toEqual(['RL-1', 'RL-2', 'RL-3', 'RL-4', 'RL-5']);
    expect((await rowsOf(elsewhere.certificate.id))[0].comment).toBeNull();
    const cycle = await put(id, {
      ...body,
      equipment: [
        { stampedId: 'RL-3', changed: true, parentStampedId: 'RL-4' },
        { stampedId: 'RL-4', changed: true, parentStampedId: 'RL-3' },
      ],
    });
    expect(cycle.json().errors).toEqual({
      'equipment.0.parentStampedId': [m.parentCycle('RL-3')],
      'equipment.1.parentStampedId': [m.parentCycle('RL-4')],
    });
  });

  it('answers 404 for a foreign or missing certificate; a restricted user cannot move rows to a foreign one', async () => {
    const theirs = await createCertificate(t.db, { catalogue: blue, certificateNumber: 'BW-SAVE', items: ['BW-1'] });
    const foreignBody = { ...fieldsOf(blue, 'BW-SAVE'), version: 1 };
    expect((await put(theirs.certificate.id, foreignBody, akerAdmin)).statusCode).toBe(404);
    expect((await put(999_999, foreignBody)).statusCode).toBe(404);
    const { id, body } = await fixture('FM');
    const move = await put(id, { ...body, equipment: [{ stampedId: 'FM-1', moveToCertificateId: theirs.certificate.id }] }, akerAdmin);
    expect(move.statusCode).toBe(400);
    expect(move.json().errors).toEqual({ 'equipment.0.moveToCertificateId': [m.moveTargetNotFound] });
    // Moving the certificate itself to a foreign owner reads as a missing owner.
    const owner = await put(id, { ...body, ...fieldsOf(blue, 'FM-A') }, akerAdmin);
    expect(owner.statusCode).toBe(400);
    expect(Object.keys(owner.json().errors)).toEqual(['ownerId']);
    expect(await versionOf(id)).toBe(1);
    const items = await t.db
      .select()
      .from(equipment)
      .where(inArray(equipment.stampedId, ['FM-1', 'BW-1']));
    expect(items.map((item) => item.certificateId).sort()).toEqual([id, theirs.certificate.id].sort());
  });

  it('refuses a missing version and bad row flags with their messages', async () => {
    const { id, target, body } = await fixture('BV');
    const { version: _version, ...noVersion } = body;
    const missing = await put(id, noVersion);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.version).toEqual(['Version is required']);
    const flags = await put(id, {
      ...body,
      equipment: [
        { stampedId: 'BV-1', deleted: true, moveToCertificateId: target },
        { stampedId: 'BV-2', changed: true, deleted: true },
      ],
    });
    expect(flags.json().errors).toEqual({
      'equipment.0.deleted': [m.deleteAndMove],
      'equipment.1.changed': [m.changedRowDeleteOrMove],
    });
    expect(await versionOf(id)).toBe(1);
  });
});
