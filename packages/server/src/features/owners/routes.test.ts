import { catalogueMessages, messages } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createOwner } from '../../../test/factories.ts';
import { createCatalogue, createCertificateSubType, createCertificateType, createDimension } from '../../../test/factories-owners.ts';
import { owners, userOwners } from '../../db/schema.ts';

const t = await setupTestApp();
const north = await createCatalogue(t.db, { owner: 'Northsea Anchors' });
const west = await createCatalogue(t.db, { owner: 'West Mooring' });
// Dimensions sort by their size, not as text.
await createDimension(t.db, north.subType.id, { name: '102 mm' });
await createDimension(t.db, north.subType.id, { name: '76 mm' });

const reader = await t.loginAs({ level: 'Read' });
const external = await t.loginAs({ level: 'Read', type: 'Report', owners: [north.owner.id] });
const none = await t.loginAs({ level: 'None' });
const admin = await t.loginAs({ level: 'Admin' });

const get = (url: string, authorization: string | undefined = reader.authorization) =>
  t.app.inject({ url: `/api${url}`, headers: authorization ? { authorization } : {} });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown, authorization = admin.authorization) =>
  t.app.inject({ method, url: `/api${url}`, payload: payload as object, headers: { authorization } });

const northPaths = [
  `/Owners/${north.owner.id}`,
  `/Owners/${north.owner.id}/types`,
  `/Owners/${north.owner.id}/types/${north.type.id}`,
  `/Owners/${north.owner.id}/types/${north.type.id}/subtypes`,
  `/Owners/${north.owner.id}/types/${north.type.id}/subtypes/${north.subType.id}`,
  `/Owners/${north.owner.id}/types/${north.type.id}/subtypes/${north.subType.id}/dimensions`,
];
const westPaths = northPaths.map((path) =>
  path
    .replace(`/Owners/${north.owner.id}`, `/Owners/${west.owner.id}`)
    .replace(`/types/${north.type.id}`, `/types/${west.type.id}`)
    .replace(`/subtypes/${north.subType.id}`, `/subtypes/${west.subType.id}`),
);

describe('GET /api/Owners and /api/Owners/User', () => {
  it('lists owners by name with code, label and audit', async () => {
    const response = await get('/Owners');
    expect(response.statusCode).toBe(200);
    const names = response.json().map((o: { name: string }) => o.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(response.json().find((o: { id: number }) => o.id === north.owner.id)).toEqual({
      id: north.owner.id,
      name: 'Northsea Anchors',
      shortCode: 'OWN',
      label: 'primary',
      createdBy: null,
      createdDate: expect.any(String),
      updatedBy: null,
      updatedDate: expect.any(String),
    });
  });

  it("gives the user's own owners: all of them for allOwners users, the granted ones otherwise", async () => {
    const all = (await get('/Owners/User')).json();
    expect(all.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([north.owner.id, west.owner.id]));
    const mine = await get('/Owners/User', external.authorization);
    expect(mine.json()).toEqual([{ id: north.owner.id, name: 'Northsea Anchors', shortCode: 'OWN', label: 'primary' }]);
    expect((await get('/Owners', external.authorization)).json().map((o: { id: number }) => o.id)).toEqual([north.owner.id]);
  });
});

describe('GET /api/Owners/{id}/types/...', () => {
  it('walks owner -> type -> sub-type -> dimension', async () => {
    expect((await get(northPaths[0])).json()).toMatchObject({ id: north.owner.id, name: 'Northsea Anchors' });
    const ownerRef = { id: north.owner.id, name: 'Northsea Anchors', shortCode: 'OWN', label: 'primary' };
    expect((await get(northPaths[1])).json()).toEqual([expect.objectContaining({ id: north.type.id, name: 'Chain', owner: ownerRef })]);
    expect((await get(northPaths[2])).json()).toMatchObject({ id: north.type.id, name: 'Chain', owner: ownerRef });
    const subType = { id: north.subType.id, name: 'Studless R4', certificateType: { id: north.type.id, name: 'Chain', owner: ownerRef } };
    expect((await get(northPaths[3])).json()).toEqual([expect.objectContaining(subType)]);
    expect((await get(northPaths[4])).json()).toMatchObject(subType);
    const dimensions = (await get(northPaths[5])).json();
    expect(dimensions.map((d: { name: string }) => d.name)).toEqual(['76 mm', '84 mm', '102 mm']);
    expect(dimensions[0]).toMatchObject({ subType: { id: north.subType.id, name: 'Studless R4' }, createdDate: expect.any(String) });
  });

  it('answers 404 when a nested id belongs to another parent', async () => {
    const n = north.owner.id;
    const w = west.owner.id;
    for (const path of [
      `/Owners/${n}/types/${west.type.id}`,
      `/Owners/${n}/types/${west.type.id}/subtypes`,
      `/Owners/${n}/types/${north.type.id}/subtypes/${west.subType.id}`,
      `/Owners/${w}/types/${west.type.id}/subtypes/${north.subType.id}`,
      `/Owners/${n}/types/${north.type.id}/subtypes/${west.subType.id}/dimensions`,
      '/Owners/999999',
      '/Owners/999999/types',
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().status).toBe(404);
    }
  });

  it('lets an external Report user read only their own owners: others answer 404 as if absent', async () => {
    for (const path of northPaths) expect((await get(path, external.authorization)).statusCode, path).toBe(200);
    for (const path of westPaths) {
      const response = await get(path, external.authorization);
      expect(response.statusCode, path).toBe(404);
    }
  });

  it('refuses level None with 403 and no token with 401', async () => {
    for (const path of ['/Owners', '/Owners/User', ...northPaths]) {
      expect((await get(path, none.authorization)).statusCode, path).toBe(403);
      expect((await get(path, '')).statusCode, path).toBe(401);
    }
  });

  it('refuses a non-numeric id with 400', async () => {
    const response = await get(`/Owners/${north.owner.id}/types/abc`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['t']);
  });
});

describe('POST /api/Owners and PUT /api/Owners/{id}', () => {
  it('adds an owner with audit and answers it', async () => {
    const response = await send('POST', '/Owners', { name: '  Coastal Lift AS ', shortCode: 'CLA', label: 'light' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Coastal Lift AS',
      shortCode: 'CLA',
      label: 'light',
      createdBy: admin.email,
      updatedBy: admin.email,
    });
    const [row] = await t.db.select().from(owners).where(eq(owners.id, response.json().id));
    expect(row).toMatchObject({ name: 'Coastal Lift AS', createdBy: admin.email });
  });

  it('an owner added by an Admin with an owner list joins that list, so they see and can grant it; an unrestricted Admin’s list stays as it was', async () => {
    const scoped = await t.loginAs({ level: 'Admin', owners: [north.owner.id] });
    const added = await send('POST', '/Owners', { name: 'Scoped New Owner', shortCode: 'SNO' }, scoped.authorization);
    expect(added.statusCode).toBe(201);
    // The signed-in user's owners are cached with the session; on PostgreSQL the change is heard a
    // moment after the commit (NOTIFY portal_auth), so the list is read until it has the new owner.
    const mine = async () =>
      (await get('/Owners/User', scoped.authorization))
        .json()
        .map((owner: { id: number }) => owner.id)
        .sort();
    await expect.poll(mine, { timeout: 5000 }).toEqual([north.owner.id, added.json().id].sort());
    expect((await get(`/Owners/${added.json().id}`, scoped.authorization)).statusCode).toBe(200);
    const other = await send('POST', '/Owners', { name: 'Unscoped New Owner', shortCode: 'UNO' });
    expect(other.statusCode).toBe(201);
    expect(await t.db.$count(userOwners, eq(userOwners.ownerId, other.json().id))).toBe(0);
  });

  it('defaults the label to default', async () => {
    const response = await send('POST', '/Owners', { name: 'Plain Owner', shortCode: 'PLN' });
    expect(response.json().label).toBe('default');
  });

  it('changes name, code and label and stamps the update', async () => {
    const target = await createOwner(t.db, { name: 'Old Name', createdBy: 'someone@test.example' });
    const response = await send('PUT', `/Owners/${target.id}`, { name: 'New Name', shortCode: 'NEW', label: 'danger' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: target.id,
      name: 'New Name',
      shortCode: 'NEW',
      label: 'danger',
      createdBy: 'someone@test.example',
      updatedBy: admin.email,
    });
    // Saving an owner under its own name is no clash.
    expect((await send('PUT', `/Owners/${target.id}`, { name: 'new name', shortCode: 'NEW', label: 'danger' })).statusCode).toBe(200);
  });

  it('refuses a name another owner has (any case) with 400 on name, and writes nothing', async () => {
    const before = await t.db.$count(owners);
    const clash = await send('POST', '/Owners', { name: 'northsea anchors', shortCode: 'DUP' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toMatchObject({
      message: catalogueMessages.ownerNameTaken('northsea anchors'),
      errors: { name: [catalogueMessages.ownerNameTaken('northsea anchors')] },
    });
    const rename = await send('PUT', `/Owners/${west.owner.id}`, { name: 'Northsea Anchors', shortCode: 'W', label: 'info' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().errors.name).toEqual([catalogueMessages.ownerNameTaken('Northsea Anchors')]);
    expect(await t.db.$count(owners)).toBe(before);
    expect((await get(`/Owners/${west.owner.id}`)).json()).toMatchObject({ name: 'West Mooring', label: 'primary' });
  });

  it('refuses a short code another owner has (any case) with 400 on shortCode, and writes nothing', async () => {
    const holder = (await send('POST', '/Owners', { name: 'Shortcode Holder', shortCode: 'NSA' })).json();
    const before = await t.db.$count(owners);
    const clash = await send('POST', '/Owners', { name: 'Another anchors', shortCode: 'nsa' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toMatchObject({
      message: catalogueMessages.shortCodeTaken('nsa'),
      errors: { shortCode: [catalogueMessages.shortCodeTaken('nsa')] },
    });
    const rename = await send('PUT', `/Owners/${west.owner.id}`, { name: 'West Mooring', shortCode: 'Nsa', label: 'info' });
    expect(rename.json().errors.shortCode).toEqual([catalogueMessages.shortCodeTaken('Nsa')]);
    expect(await t.db.$count(owners)).toBe(before);
    expect((await get(`/Owners/${west.owner.id}`)).json()).toMatchObject({ label: 'primary' });
    // Keeping its own short code is no clash.
    expect((await send('PUT', `/Owners/${holder.id}`, { name: 'Shortcode Holder', shortCode: 'nsa', label: 'primary' })).statusCode).toBe(
      200,
    );
  });

  it('refuses missing and bad fields with 400 naming each, and writes nothing', async () => {
    const before = await t.db.$count(owners);
    const response = await send('POST', '/Owners', { name: ' ', shortCode: 'TOO-LONG-CODE', label: 'purple', extra: true });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(errors.name).toEqual([messages.required('Name')]);
    expect(errors.shortCode).toEqual([messages.maxLength('Short code', 10)]);
    expect(errors.label).toHaveLength(1);
    expect(errors.extra).toEqual(['This field is not allowed']);
    expect((await send('POST', '/Owners', {})).json().errors).toMatchObject({
      name: [messages.required('Name')],
      shortCode: [messages.required('Short code')],
    });
    expect(await t.db.$count(owners)).toBe(before);
  });

  it('refuses levels below Admin, Report-type admins and no token; a scoped admin cannot edit others', async () => {
    const before = await t.db.$count(owners);
    const body = { name: 'Sneaky Owner', shortCode: 'SNK' };
    for (const level of ['None', 'Read', 'Events', 'Certificates'] as const) {
      const user = await t.loginAs({ level });
      expect((await send('POST', '/Owners', body, user.authorization)).statusCode, level).toBe(403);
      expect((await send('PUT', `/Owners/${west.owner.id}`, body, user.authorization)).statusCode, level).toBe(403);
    }
    const reportAdmin = await t.loginAs({ level: 'SystemAdministrator', type: 'Report' });
    expect((await send('POST', '/Owners', body, reportAdmin.authorization)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/Owners', payload: body })).statusCode).toBe(401);
    const scoped = await t.loginAs({ level: 'Admin', owners: [north.owner.id] });
    expect((await send('PUT', `/Owners/${west.owner.id}`, { ...body, label: 'info' }, scoped.authorization)).statusCode).toBe(404);
    expect(await t.db.$count(owners)).toBe(before);
  });
});

describe('catalogue lists', () => {
  it('lists only the types of the asked owner', async () => {
    const extra = await createCertificateType(t.db, west.owner.id, { name: 'Wire' });
    await createCertificateSubType(t.db, extra.id, { name: 'Six-strand' });
    const types = (await get(`/Owners/${west.owner.id}/types`)).json();
    expect(types.map((x: { name: string }) => x.name)).toEqual(['Chain', 'Wire']);
    expect(types.every((x: { owner: { id: number } }) => x.owner.id === west.owner.id)).toBe(true);
  });
});
