/**
 * The audit policy (db/audit.ts presentAudit): the fields naming staff, createdBy and updatedBy, are
 * for internal users; an external (Report) user reading their own owner gets them as null.
 */
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createOwner } from '../../../test/factories.ts';
import { createCertificateType } from '../../../test/factories-owners.ts';

const t = await setupTestApp();
const owner = await createOwner(t.db, {
  name: 'Audited Owner',
  createdBy: 'creator@staff.example',
  updatedBy: 'editor@staff.example',
});
await createCertificateType(t.db, owner.id, {
  name: 'Audited type',
  createdBy: 'creator@staff.example',
  updatedBy: 'editor@staff.example',
});

const internal = await t.loginAs({ level: 'Read' });
const external = await t.loginAs({ level: 'Read', type: 'Report', owners: [owner.id] });
const get = (url: string, authorization: string) => t.app.inject({ url: `/api${url}`, headers: { authorization } });

describe('audit fields by viewer', () => {
  it('gives an internal user the emails of who created and last changed an owner', async () => {
    const response = await get(`/Owners/${owner.id}`, internal.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      createdBy: 'creator@staff.example',
      createdDate: owner.createdAt.toISOString(),
      updatedBy: 'editor@staff.example',
      updatedDate: owner.updatedAt.toISOString(),
    });
  });

  it('gives an external user reading their own owner the dates, and null for who', async () => {
    const response = await get(`/Owners/${owner.id}`, external.authorization);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: owner.id,
      name: 'Audited Owner',
      shortCode: owner.shortCode,
      label: owner.label,
      createdBy: null,
      createdDate: owner.createdAt.toISOString(),
      updatedBy: null,
      updatedDate: owner.updatedAt.toISOString(),
    });
  });

  it('hides who in the lists an external user reads too (owners, certificate types)', async () => {
    const owners = (await get('/Owners', external.authorization)).json();
    expect(owners).toEqual([expect.objectContaining({ id: owner.id, createdBy: null, updatedBy: null })]);
    const types = (await get(`/Owners/${owner.id}/types`, external.authorization)).json();
    expect(types).toEqual([expect.objectContaining({ name: 'Audited type', createdBy: null, updatedBy: null })]);
    const internalTypes = (await get(`/Owners/${owner.id}/types`, internal.authorization)).json();
    expect(internalTypes).toEqual([expect.objectContaining({ createdBy: 'creator@staff.example', updatedBy: 'editor@staff.example' })]);
  });
});
