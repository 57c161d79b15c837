import { catalogueMessages, messages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createCatalogue } from '../../../test/factories-owners.ts';
import { certificateSubTypes, certificateTypes, dimensions } from '../../db/schema.ts';

const t = await setupTestApp();
const north = await createCatalogue(t.db, { owner: 'Northsea Anchors' });
const west = await createCatalogue(t.db, { owner: 'West Mooring' });
const admin = await t.loginAs({ level: 'Admin' });

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, authorization = admin.authorization) =>
  t.app.inject({
    method,
    url: `/api/CertificateTypes/${url}`,
    payload: payload as object,
    headers: authorization ? { authorization } : {},
  });
const counts = async () => [await t.db.$count(certificateTypes), await t.db.$count(certificateSubTypes), await t.db.$count(dimensions)];

describe('POST and PUT /api/CertificateTypes/...', () => {
  it('adds a type, a sub-type under it and a dimension under that, with audit', async () => {
    const type = await send('POST', 'certificateType', { name: 'Fibre rope', owner: north.owner.id });
    expect(type.statusCode).toBe(201);
    expect(type.json()).toMatchObject({
      name: 'Fibre rope',
      owner: { id: north.owner.id, name: 'Northsea Anchors' },
      createdBy: admin.email,
    });

    const subType = await send('POST', 'certificateSubType', { name: 'Polyester', certificateType: type.json().id });
    expect(subType.statusCode).toBe(201);
    expect(subType.json()).toMatchObject({
      name: 'Polyester',
      certificateType: { id: type.json().id, name: 'Fibre rope', owner: { id: north.owner.id } },
      updatedBy: admin.email,
    });

    const dimension = await send('POST', 'dimension', { name: '160 mm', subType: subType.json().id });
    expect(dimension.statusCode).toBe(201);
    expect(dimension.json()).toMatchObject({
      name: '160 mm',
      subType: { id: subType.json().id, name: 'Polyester' },
      createdBy: admin.email,
    });

    const listed = await t.app.inject({
      url: `/api/Owners/${north.owner.id}/types/${type.json().id}/subtypes/${subType.json().id}/dimensions`,
      headers: { authorization: admin.authorization },
    });
    expect(listed.json().map((d: { name: string }) => d.name)).toEqual(['160 mm']);
  });

  it('renames each level and stamps the update, keeping the parent', async () => {
    const type = await send('PUT', `certificateType/${west.type.id}`, { name: 'Chain (studless)' });
    expect(type.statusCode).toBe(200);
    expect(type.json()).toMatchObject({ id: west.type.id, name: 'Chain (studless)', owner: { id: west.owner.id }, updatedBy: admin.email });
    const subType = await send('PUT', `certificateSubType/${west.subType.id}`, { name: 'Studless R4S' });
    expect(subType.json()).toMatchObject({ name: 'Studless R4S', certificateType: { id: west.type.id } });
    const dimension = await send('PUT', `dimension/${west.dimension.id}`, { name: '95 mm' });
    expect(dimension.json()).toMatchObject({ name: '95 mm', subType: { id: west.subType.id }, updatedBy: admin.email });
    // A rename that changes only the case of its own name is no clash.
    expect((await send('PUT', `dimension/${west.dimension.id}`, { name: '95 MM' })).statusCode).toBe(200);
  });

  it('allows the same name under another parent', async () => {
    // Northsea and West both have 'Chain'; a new 'Studless R4' under West's type is fine as well.
    const response = await send('POST', 'certificateSubType', { name: 'Studless R4', certificateType: west.type.id });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a name its siblings have (any case) with 400 on name, and writes nothing', async () => {
    const before = await counts();
    const cases = [
      [send('POST', 'certificateType', { name: 'CHAIN', owner: north.owner.id }), catalogueMessages.typeNameTaken('CHAIN')],
      [
        send('POST', 'certificateSubType', { name: 'studless r4', certificateType: north.type.id }),
        catalogueMessages.subTypeNameTaken('studless r4'),
      ],
      [send('POST', 'dimension', { name: '84 MM', subType: north.subType.id }), catalogueMessages.dimensionNameTaken('84 MM')],
    ] as const;
    for (const [request, message] of cases) {
      const response = await request;
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, errors: { name: [message] } });
    }
    const extra = await send('POST', 'dimension', { name: '76 mm', subType: north.subType.id });
    const renamed = await send('PUT', `dimension/${extra.json().id}`, { name: '84 mm' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors.name).toEqual([catalogueMessages.dimensionNameTaken('84 mm')]);
    expect(await counts()).toEqual([before[0], before[1], before[2] + 1]);
  });

  it('refuses missing, bad and unknown fields and unknown parents with 400 naming the field, and writes nothing', async () => {
    const before = await counts();
    const empty = await send('POST', 'certificateType', { name: '', extra: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      name: [messages.required('Name')],
      owner: [messages.required('Owner')],
      extra: ['This field is not allowed'],
    });
    const long = await send('POST', 'dimension', { name: 'x'.repeat(101), subType: north.subType.id });
    expect(long.json().errors).toEqual({ name: [messages.maxLength('Name', 100)] });
    const parents = [
      [send('POST', 'certificateType', { name: 'Wire', owner: 999999 }), 'owner', catalogueMessages.ownerNotFound],
      [
        send('POST', 'certificateSubType', { name: 'Six-strand', certificateType: 999999 }),
        'certificateType',
        catalogueMessages.typeNotFound,
      ],
      [send('POST', 'dimension', { name: '50 mm', subType: 999999 }), 'subType', catalogueMessages.subTypeNotFound],
    ] as const;
    for (const [request, field, message] of parents) {
      const response = await request;
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ [field]: [message] });
    }
    const moved = await send('PUT', `certificateType/${north.type.id}`, { name: 'Chain', owner: west.owner.id });
    expect(moved.json().errors).toEqual({ owner: ['This field is not allowed'] });
    expect((await send('PUT', 'dimension/999999', { name: 'Nothing' })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('refuses levels below Admin, Report-type users and no token; a scoped admin sees other owners as absent', async () => {
    const before = await counts();
    const writes = [
      ['POST', 'certificateType', { name: 'Sneaky', owner: west.owner.id }],
      ['PUT', `certificateType/${west.type.id}`, { name: 'Sneaky' }],
      ['POST', 'certificateSubType', { name: 'Sneaky', certificateType: west.type.id }],
      ['PUT', `certificateSubType/${west.subType.id}`, { name: 'Sneaky' }],
      ['POST', 'dimension', { name: 'Sneaky', subType: west.subType.id }],
      ['PUT', `dimension/${west.dimension.id}`, { name: 'Sneaky' }],
    ] as const;
    const refused = [
      ...(await Promise.all((['None', 'Read', 'Events', 'Certificates'] as const).map((level) => t.loginAs({ level })))),
      await t.loginAs({ level: 'SystemAdministrator', type: 'Report' }),
    ];
    for (const [method, url, body] of writes) {
      for (const user of refused) expect((await send(method, url, body, user.authorization)).statusCode, url).toBe(403);
      expect((await send(method, url, body, '')).statusCode, url).toBe(401);
    }
    const scoped = await t.loginAs({ level: 'Admin', owners: [north.owner.id] });
    const statuses = [];
    for (const [method, url, body] of writes) statuses.push((await send(method, url, body, scoped.authorization)).statusCode);
    // POSTs name a parent it cannot see (400 on that field); PUTs address a node it cannot see (404).
    expect(statuses).toEqual([400, 404, 400, 404, 400, 404]);
    expect(await counts()).toEqual(before);
    expect((await send('POST', 'dimension', { name: '120 mm', subType: north.subType.id }, scoped.authorization)).statusCode).toBe(201);
  });
});
