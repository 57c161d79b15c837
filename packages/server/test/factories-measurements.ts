/** A chain catalogue with a measurement template saved through the Admin's call, for tests of what is measured. */
import type { TemplateBody } from '@portal/contract';
import type { TestContext } from './app.ts';
import { createCertificate } from './factories-items.ts';
import { createCatalogue } from './factories-owners.ts';

/** The demo chain template's measure (docs/measurements.md): the smaller grip's % loss, monitor over 4 %, condemned at 12 %. */
export const chainTemplate: TemplateBody = {
  fields: [
    { key: 'gripDiameter1', label: 'Grip diameter 1', kind: 'number', unit: 'mm' },
    { key: 'gripDiameter2', label: 'Grip diameter 2', kind: 'number', unit: 'mm' },
    { key: 'crack', label: 'Crack (MPI)', kind: 'yesNo', required: false },
  ],
  derived: [{ key: 'diameterLoss', label: 'Diameter loss', kind: 'lossPercentOfNominal', of: ['gripDiameter1', 'gripDiameter2'] }],
  criteria: [
    { subject: 'diameterLoss', op: '>', limit: 4, meaning: 'monitor' },
    { subject: 'diameterLoss', op: '>=', limit: 12, meaning: 'condemned' },
  ],
};

/** An owner's 76 mm chain type with `template` saved by an Admin, and a certificate of it. */
export async function createMeasuredChain(t: TestContext, owner: string, template: TemplateBody = chainTemplate) {
  const catalogue = await createCatalogue(t.db, { owner, type: 'Chain', dimension: '76 mm' });
  const admin = await t.loginAs({ level: 'Admin' });
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/Measurements/Templates/${catalogue.type.id}`,
    headers: { authorization: admin.authorization },
    payload: template,
  });
  if (saved.statusCode !== 200) throw new Error(`template not saved: ${saved.body}`);
  const { certificate } = await createCertificate(t.db, { catalogue });
  return { ...catalogue, certificate, admin };
}
