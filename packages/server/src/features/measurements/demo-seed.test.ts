/** The demo templates as the demo data and the scale seed add them: once, by name, overrides included. */
import type { MeasurementTemplates } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createCatalogue, createCertificateSubType } from '../../../test/factories-owners.ts';
import { DEMO_TEMPLATES, measurementDemoSql } from './demo.ts';

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'Admin' });
const chain = await createCatalogue(t.db, { owner: 'Nordsund Drilling', type: 'Chain', subType: 'Studless R4' });
const studlink = await createCertificateSubType(t.db, chain.type.id, { name: 'Studlink R3S' });
const slings = await createCatalogue(t.db, { owner: 'Brattvaag Offshore', type: 'Slings', subType: 'Round sling' });

const templates = async (typeId: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/Measurements/Templates/${typeId}`, headers: { authorization: admin.authorization } })
  ).json<MeasurementTemplates>();

it('adds each demo template once, as version 1 by seed, and leaves other types alone', async () => {
  for (let run = 0; run < 2; run++) for (const statement of measurementDemoSql()) await t.db.execute(sql.raw(statement));
  const body = await templates(chain.type.id);
  const chainDemo = DEMO_TEMPLATES.find((template) => template.type === 'Chain' && !template.subType);
  expect(body.certificateType.template).toMatchObject({ version: 1, createdBy: 'seed', criteria: chainDemo?.definition.criteria });
  expect(body.subTypes.find((subType) => subType.id === studlink.id)?.template?.fields.map((field) => field.key)).toContain('stud');
  expect(body.subTypes.find((subType) => subType.id === chain.subType.id)?.template).toBeNull();
  expect((await templates(slings.type.id)).certificateType.template).toBeNull();
  const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from measurement_template_versions`);
  expect(rows[0].n).toBe(2);
});
