/** Nominal sizes of dimensions (issue 28 part 2): the upgrade's reading of names, and the API. */
import { readFileSync } from 'node:fs';
import { type Dimension, nominalFromName, nominalMessages } from '@portal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createCatalogue, createDimension } from '../../../test/factories-owners.ts';
import { dimensions } from '../../db/schema.ts';

const t = await setupTestApp();
const north = await createCatalogue(t.db, { owner: 'Nominal North' });
const west = await createCatalogue(t.db, { owner: 'Nominal West' });
const admin = await t.loginAs({ level: 'Admin' });
const westAdmin = await t.loginAs({ level: 'Admin', owners: [west.owner.id] });
const reader = await t.loginAs({ level: 'Read' });

const send = (method: 'POST' | 'PUT', url: string, payload: object, who = admin) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: { authorization: who.authorization } });
const create = (payload: object, who = admin) =>
  send('POST', '/CertificateTypes/dimension', { subType: north.subType.id, ...payload }, who);
const edit = (id: number, payload: object, who = admin) => send('PUT', `/CertificateTypes/dimension/${id}`, payload, who);

describe('the upgrade (migration 0034)', () => {
  it('reads the same sizes from names as the contract’s nominalFromName, and leaves other names empty', async () => {
    const names = ['76 mm', '102mm', '25,4 mm', '3.5″', '4 in', '12 t', '12.5 T', 'Long link', 'R4 84 mm', '0 mm', '84', 'Various'];
    const rows = [];
    for (const name of names) rows.push(await createDimension(t.db, north.subType.id, { name, nominalSize: null, nominalUnit: null }));
    const migration = readFileSync(new URL('../../../migrations/0034_nominal_sizes.sql', import.meta.url), 'utf8');
    const fill = migration.split('--> statement-breakpoint').at(-1)!;
    await t.db.execute(sql.raw(fill));
    const read = await t.db
      .select({ name: dimensions.name, nominalSize: dimensions.nominalSize, nominalUnit: dimensions.nominalUnit })
      .from(dimensions)
      .where(
        inArray(
          dimensions.id,
          rows.map((row) => row.id),
        ),
      );
    for (const row of read) {
      const expected = nominalFromName(row.name) ?? { nominalSize: null, nominalUnit: null };
      expect({ name: row.name, nominalSize: row.nominalSize, nominalUnit: row.nominalUnit }).toEqual({ name: row.name, ...expected });
    }
    expect(read.filter((row) => row.nominalSize !== null)).toHaveLength(7);
  });
});

describe('nominal size through the API', () => {
  it('a new dimension takes its size from its name, or the size given', async () => {
    const named = await create({ name: '114 mm' });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json<Dimension>()).toMatchObject({ name: '114 mm', nominalSize: 114, nominalUnit: 'mm' });
    expect((await create({ name: 'Long link A' })).json<Dimension>()).toMatchObject({ nominalSize: null, nominalUnit: null });
    const given = await create({ name: 'Long link B', nominalSize: 95.5, nominalUnit: 'mm' });
    expect(given.json<Dimension>()).toMatchObject({ nominalSize: 95.5, nominalUnit: 'mm' });
  });

  it('a rename keeps the size; the size is set, cleared and marked as none', async () => {
    const { id } = (await create({ name: '130 mm' })).json<Dimension>();
    expect((await edit(id, { name: '130 mm R4' })).json<Dimension>()).toMatchObject({
      name: '130 mm R4',
      nominalSize: 130,
      nominalUnit: 'mm',
    });
    expect((await edit(id, { name: '130 mm R4', nominalSize: 5.1, nominalUnit: 'in' })).json<Dimension>()).toMatchObject({
      nominalSize: 5.1,
      nominalUnit: 'in',
    });
    expect((await edit(id, { name: 'Various sizes', nominalSize: null, nominalUnit: 'none' })).json<Dimension>()).toMatchObject({
      nominalSize: null,
      nominalUnit: 'none',
    });
    const listed = await t.app.inject({
      url: `/api/Owners/${north.owner.id}/types/${north.type.id}/subtypes/${north.subType.id}/dimensions`,
      headers: { authorization: reader.authorization },
    });
    expect(listed.json<Dimension[]>().find((d) => d.id === id)).toMatchObject({ name: 'Various sizes', nominalUnit: 'none' });
  });

  it('refuses a size without a unit, a size with none, a unit without a size, and bad values (400 on the field)', async () => {
    const { id } = (await create({ name: 'Odd link' })).json<Dimension>();
    const refused = async (payload: object, field: string, message?: string) => {
      const response = await edit(id, { name: 'Odd link', ...payload });
      expect(response.statusCode, response.body).toBe(400);
      const errors = response.json().errors as Record<string, string[]>;
      expect(Object.keys(errors)).toEqual([field]);
      if (message) expect(errors[field]).toEqual([message]);
    };
    await refused({ nominalSize: 84 }, 'nominalUnit', nominalMessages.sizeNeedsUnit);
    await refused({ nominalSize: 84, nominalUnit: 'none' }, 'nominalSize', nominalMessages.noSizeForNone);
    await refused({ nominalUnit: 't' }, 'nominalSize', nominalMessages.unitNeedsSize);
    await refused({ nominalSize: '84', nominalUnit: 'mm' }, 'nominalSize', 'Nominal size must be a number');
    await refused({ nominalSize: -2, nominalUnit: 'mm' }, 'nominalSize', 'Nominal size must be more than 0');
    await refused({ nominalSize: 84, nominalUnit: 'cm' }, 'nominalUnit');
    const [row] = await t.db.select().from(dimensions).where(eq(dimensions.id, id));
    expect(row).toMatchObject({ nominalSize: null, nominalUnit: null });
  });

  it('needs Admin level, and an Admin restricted to other owners cannot change this owner’s dimension', async () => {
    const { id } = (await create({ name: '140 mm' })).json<Dimension>();
    expect((await edit(id, { name: '140 mm', nominalSize: 141, nominalUnit: 'mm' }, reader)).statusCode).toBe(403);
    expect((await edit(id, { name: '140 mm', nominalSize: 141, nominalUnit: 'mm' }, westAdmin)).statusCode).toBe(404);
    expect((await create({ name: '150 mm' }, westAdmin)).statusCode).toBe(400);
    const [row] = await t.db.select().from(dimensions).where(eq(dimensions.id, id));
    expect(row).toMatchObject({ nominalSize: 140, nominalUnit: 'mm' });
  });
});
