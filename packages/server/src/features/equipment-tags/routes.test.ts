import { tagFileMessages } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { samplePdf } from '../../../test/factories-files.ts';
import { createCertificate, createEquipment, createTag } from '../../../test/factories-items.ts';
import { oneFile } from '../../../test/multipart.ts';
import { equipmentTags } from '../../db/schema.ts';

const t = await setupTestApp();
const certificates = await t.loginAs({ level: 'Certificates' });

const tagCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(equipmentTags))[0].n;
const post = (text: string | Buffer, query = '', authorization: string | null = certificates.authorization, fileName = 'tags.txt') => {
  const { payload, headers } = oneFile(fileName, text, 'text/plain');
  return t.app.inject({
    method: 'POST',
    url: `/api/EquipmentTags${query}`,
    headers: { ...headers, ...(authorization ? { authorization } : {}) },
    payload,
  });
};
const list = (query = '', authorization = certificates.authorization) =>
  t.app.inject({ url: `/api/EquipmentTags${query}`, headers: { authorization } });

describe('POST /api/EquipmentTags?validate=true', () => {
  it('answers the content of a good file and writes nothing', async () => {
    const before = await tagCount();
    const response = await post('TG-1;Spare;warning\nTG-2;Leg 1\n', '?validate=true');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      content: [
        { stampedId: 'TG-1', tag: 'Spare', color: 'warning' },
        { stampedId: 'TG-2', tag: 'Leg 1', color: 'default' },
      ],
    });
    expect(await tagCount()).toBe(before);
  });

  it('answers the errors per line of a bad file', async () => {
    const response = await post('TG-1;Spare\nTG-2\n', '?validate=true');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ errors: [{ line: 2, message: tagFileMessages.tagRequired }] });
  });

  it('refuses a file that is not text, and no file at all, with 400 on File', async () => {
    const pdf = await post(Buffer.concat([samplePdf(), Buffer.from([0, 1, 2])]), '?validate=true', certificates.authorization, 'tags.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().errors).toEqual({ File: [tagFileMessages.notText] });
    const latin1 = await post(Buffer.from('TG-1;Bl\xe5', 'latin1'), '?validate=true');
    expect(latin1.json().errors).toEqual({ File: [tagFileMessages.notText] });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/EquipmentTags',
      headers: { authorization: certificates.authorization },
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(Object.keys(json.json().errors)).toEqual(['File']);
    const big = await post(`${'TG-1;Spare\n'.repeat(100_000)}`, '?validate=true');
    expect(big.json().errors).toEqual({ File: ['The file is larger than 1 MB'] });
  });
});

describe('POST /api/EquipmentTags (import)', () => {
  it('writes all lines, then updates the colour of existing pairs instead of duplicating them', async () => {
    const first = await post('IM-1;Spare;warning\nIM-2;Spare\nIM-3;Leg 1;info\n');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: 3, updated: 0 });
    const second = await post('IM-1;Spare;danger\nIM-2;Spare\nIM-4;Leg 2\n');
    expect(second.json()).toMatchObject({ created: 1, updated: 1 });
    const rows = await t.db
      .select()
      .from(equipmentTags)
      .where(sql`${equipmentTags.stampedId} like 'IM-%'`)
      .orderBy(equipmentTags.stampedId);
    expect(rows.map((r) => [r.stampedId, r.tag, r.color])).toEqual([
      ['IM-1', 'Spare', 'danger'],
      ['IM-2', 'Spare', 'default'],
      ['IM-3', 'Leg 1', 'info'],
      ['IM-4', 'Leg 2', 'default'],
    ]);
    expect(rows.every((r) => r.createdBy === certificates.email && r.updatedBy === certificates.email)).toBe(true);
  });

  it('writes nothing when any line is bad, answering 400 with the line errors', async () => {
    const before = await tagCount();
    const response = await post('NO-1;Fine\nNO-2;Fine;pink\n;Orphan\n');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: tagFileMessages.fileHasErrors(2),
      errors: { File: [`Line 2: ${tagFileMessages.badColor}`, `Line 3: ${tagFileMessages.stampedIdRequired}`] },
    });
    expect(await tagCount()).toBe(before);
  });

  it('refuses Events level, Report users and no token, writing nothing', async () => {
    const before = await tagCount();
    expect((await post('P-1;T', '', null)).statusCode).toBe(401);
    expect((await post('P-1;T', '', (await t.loginAs({ level: 'Events' })).authorization)).statusCode).toBe(403);
    expect((await post('P-1;T', '', (await t.loginAs({ level: 'SystemAdministrator', type: 'Report' })).authorization)).statusCode).toBe(
      403,
    );
    expect(await tagCount()).toBe(before);
  });
});

describe('GET /api/EquipmentTags', () => {
  it('pages tags by stamped id and searches the stamped id and the tag', async () => {
    await post('GL-2;Zeta\nGL-1;Alpha;success\nOTHER-9;gl-tag\n');
    const page = (await list('?search=gl&pageSize=2')).json();
    expect(page).toMatchObject({ total: 3, page: 0, pageSize: 2 });
    expect(page.items.map((i: { stampedId: string; tag: string }) => `${i.stampedId}/${i.tag}`)).toEqual(['GL-1/Alpha', 'GL-2/Zeta']);
    expect(page.items[0]).toMatchObject({ color: 'success', createdBy: certificates.email });
    expect((await list('?search=gl&pageSize=2&page=1')).json().items.map((i: { tag: string }) => i.tag)).toEqual(['gl-tag']);
    expect((await list('?search=100%25')).json().total).toBe(0);
  });

  it('refuses Events level, Report users, no token and a bad page size', async () => {
    expect((await t.app.inject({ url: '/api/EquipmentTags' })).statusCode).toBe(401);
    expect((await list('', (await t.loginAs({ level: 'Events' })).authorization)).statusCode).toBe(403);
    expect((await list('', (await t.loginAs({ level: 'Admin', type: 'Report' })).authorization)).statusCode).toBe(403);
    expect(Object.keys((await list('?pageSize=0')).json().errors)).toEqual(['pageSize']);
  });
});

// ------------------------------------------------------------------ owner scope
const a = await createCertificate(t.db);
const b = await createCertificate(t.db);
await createEquipment(t.db, { stampedId: 'OS-A-1', certificateId: a.certificate.id });
await createEquipment(t.db, { stampedId: 'OS-B-1', certificateId: b.certificate.id });
await createEquipment(t.db, { stampedId: 'OS-U-1' });
for (const stampedId of ['OS-A-1', 'OS-B-1', 'OS-U-1', 'OS-NONE-1']) await createTag(t.db, stampedId, 'Scope probe', 'info');
const userOfA = await t.loginAs({ level: 'Certificates', owners: [a.owner.id] });
const stampedIds = (body: { items: { stampedId: string }[] }) => body.items.map((item) => item.stampedId);

describe("owner scope (docs/security.md rule 28): tags follow their item's owner", () => {
  it("reads tags of its owner's items, unlinked items and stamped ids without an item, never another owner's", async () => {
    const mine = (await list('?search=OS-', userOfA.authorization)).json();
    expect(stampedIds(mine)).toEqual(['OS-A-1', 'OS-NONE-1', 'OS-U-1']);
    expect(mine.total).toBe(3);
    expect((await list('?search=OS-B', userOfA.authorization)).json()).toMatchObject({ items: [], total: 0 });
    expect(stampedIds((await list('?search=OS-')).json())).toEqual(['OS-A-1', 'OS-B-1', 'OS-NONE-1', 'OS-U-1']);
  });

  it("refuses a file with a line of another owner's item, in validate mode and on import, writing nothing", async () => {
    const file = 'OS-A-1;Spare\nOS-B-1;Spare\nOS-NEW-1;Spare\n';
    const checked = await post(file, '?validate=true', userOfA.authorization);
    expect(checked.json()).toEqual({ errors: [{ line: 2, message: tagFileMessages.notAvailable }] });
    const before = await tagCount();
    const imported = await post(file, '', userOfA.authorization);
    expect(imported.statusCode).toBe(400);
    expect(imported.json()).toMatchObject({ errors: { File: [`Line 2: ${tagFileMessages.notAvailable}`] } });
    expect(imported.body).not.toContain(b.owner.name);
    expect(await tagCount()).toBe(before);
    // Its own, unlinked and unknown stamped ids it may tag; a user of all owners may tag B's item.
    expect((await post('OS-A-1;Spare\nOS-U-1;Spare\nOS-NEW-1;Spare\n', '', userOfA.authorization)).json()).toMatchObject({ created: 3 });
    expect((await post('OS-B-1;Spare\n')).json()).toMatchObject({ created: 1 });
  });
});
