import { messages, userLevelNames, userMessages } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createOwner, createUser } from '../../../test/factories.ts';
import { createUserChip } from '../../../test/factories-users.ts';
import { chips, userOwners, users } from '../../db/schema.ts';

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'SystemAdministrator', email: 'boss@test.example' });
const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown, authorization = admin.authorization) =>
  t.app.inject({ method, url, payload: payload as object, headers: { authorization } });
const whoAmI = (authorization: string) => t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization } });

const alpha = await createOwner(t.db, { name: 'Alpha Mooring', shortCode: 'ALM' });
const beta = await createOwner(t.db, { name: 'Beta Offshore', shortCode: 'BOF' });

describe('GET /api/Account/GetUsers', () => {
  it('lists users by email with owners, chip, type and audit; search matches email or alias', async () => {
    const report = await createUser(t.db, {
      email: 'zed.customer@client.example',
      type: 'Report',
      level: 'Read',
      owners: [beta.id, alpha.id],
      alias: 'Zeddy',
    });
    const chipId = await createUserChip(t.db, report.id);
    const all = (await call('GET', '/api/Account/GetUsers')).json();
    const emails = all.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all.find((u: { id: number }) => u.id === report.id)).toEqual({
      id: report.id,
      email: 'zed.customer@client.example',
      alias: 'Zeddy',
      userType: 1,
      userLevel: 1,
      externalUser: true,
      allOwners: false,
      owners: [
        { id: alpha.id, name: 'Alpha Mooring', shortCode: 'ALM' },
        { id: beta.id, name: 'Beta Offshore', shortCode: 'BOF' },
      ],
      chipId,
      inspectorName: null,
      inspectorQualification: null,
      inspectorCompany: null,
      createdBy: null,
      createdDate: expect.any(String),
      updatedBy: null,
      updatedDate: expect.any(String),
    });
    const byAlias = (await call('GET', '/api/Account/GetUsers?search=zEDd')).json();
    expect(byAlias.map((u: { id: number }) => u.id)).toEqual([report.id]);
    const byEmail = (await call('GET', '/api/Account/GetUsers?search=CLIENT.example')).json();
    expect(byEmail.map((u: { id: number }) => u.id)).toEqual([report.id]);
    // LIKE wildcards in the search are plain characters.
    expect((await call('GET', '/api/Account/GetUsers?search=%25')).json()).toEqual([]);
  });
});

describe('GET /api/Account/Users/External/{id}', () => {
  it("lists the external users who have the owner, not internal users or other owners' customers", async () => {
    const owner = await createOwner(t.db);
    const customer = await createUser(t.db, { type: 'Report', level: 'Read', owners: [owner.id] });
    await createUser(t.db, { type: 'Internal', level: 'Events', owners: [owner.id] });
    await createUser(t.db, { type: 'Report', level: 'Read', owners: [alpha.id] });
    const response = await call('GET', `/api/Account/Users/External/${owner.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((u: { id: number }) => u.id)).toEqual([customer.id]);
    expect((await call('GET', '/api/Account/Users/External/999999')).statusCode).toBe(404);
  });
});

describe('GET /api/Users/{id}', () => {
  it('answers the user with every owner the editor can grant', async () => {
    const user = await createUser(t.db, { level: 'Events', owners: [alpha.id] });
    const response = await call('GET', `/api/Users/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, userLevel: 2, owners: [{ id: alpha.id }], chipId: null, externalUser: false });
    expect(response.json().availableOwners).toEqual(expect.arrayContaining([{ id: beta.id, name: 'Beta Offshore', shortCode: 'BOF' }]));
    expect((await call('GET', '/api/Users/999999')).statusCode).toBe(404);
  });
});

describe('PUT /api/Users/{id}', () => {
  const edit = { userLevel: 3, userType: 0, allOwners: false, owners: [] as number[], alias: null as string | null };

  it('saves level, type, owners and alias, answers the saved user, and ends their sessions', async () => {
    const target = await t.loginAs({ level: 'Read', owners: [alpha.id] });
    const response = await call('PUT', `/api/Users/${target.userId}`, { ...edit, owners: [beta.id], alias: '  Rigger-1 ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userLevel: 3,
      userType: 0,
      allOwners: false,
      owners: [{ id: beta.id }],
      alias: 'Rigger-1',
      updatedBy: 'boss@test.example',
    });
    expect((await whoAmI(target.authorization)).statusCode).toBe(401);
  });

  it('keeps sessions on an alias-only change, and lets a user keep their own alias in any case', async () => {
    const target = await t.loginAs({ level: 'Certificates', owners: [], alias: 'keeper' });
    const response = await call('PUT', `/api/Users/${target.userId}`, { ...edit, alias: 'KEEPER' });
    expect(response.statusCode).toBe(200);
    expect((await whoAmI(target.authorization)).statusCode).toBe(200);
  });

  it('drops the owners list with all owners on', async () => {
    const user = await createUser(t.db, { level: 'Read', owners: [alpha.id] });
    const response = await call('PUT', `/api/Users/${user.id}`, { ...edit, allOwners: true, owners: [beta.id] });
    expect(response.json()).toMatchObject({ allOwners: true, owners: [] });
  });

  it('clears the current owner choice when that owner is taken away', async () => {
    const user = await createUser(t.db, { level: 'Read', owners: [alpha.id, beta.id] });
    await t.db.update(users).set({ currentOwnerId: alpha.id }).where(eq(users.id, user.id));
    await call('PUT', `/api/Users/${user.id}`, { ...edit, owners: [beta.id] });
    const [row] = await t.db.select({ currentOwnerId: users.currentOwnerId }).from(users).where(eq(users.id, user.id));
    expect(row.currentOwnerId).toBeNull();
  });

  it("refuses another user's alias or email as alias, case-insensitive, and writes nothing", async () => {
    await createUser(t.db, { alias: 'Inspector-X', email: 'taken@test.example' });
    const user = await createUser(t.db, { level: 'Read', owners: [alpha.id] });
    const before = await t.db.select().from(users).where(eq(users.id, user.id));
    for (const alias of ['inspector-x', 'TAKEN@test.example']) {
      const response = await call('PUT', `/api/Users/${user.id}`, { ...edit, owners: [beta.id], alias });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: messages.aliasNotAvailable, errors: { alias: [messages.aliasNotAvailable] } });
    }
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual(before);
    expect(await t.db.select().from(userOwners).where(eq(userOwners.userId, user.id))).toEqual([{ userId: user.id, ownerId: alpha.id }]);
  });

  it('refuses unknown fields, bad values and unknown owners with 400 naming the field, and writes nothing', async () => {
    const user = await createUser(t.db, { level: 'Read', owners: [alpha.id] });
    const before = await t.db.select().from(users).where(eq(users.id, user.id));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...edit, email: 'new@test.example' }, 'email', 'This field is not allowed'],
      [{ ...edit, userLevel: 9 }, 'userLevel', 'Level must be one of 0, 1, 2, 3, 4, 5'],
      [{ ...edit, userType: 2 }, 'userType', 'User type must be one of 0, 1'],
      [{ ...edit, alias: 'ab' }, 'alias', messages.minLength('Alias', 2)],
      [{ userType: 0, allOwners: false, owners: [], alias: null }, 'userLevel', messages.required('Level')],
      [{ ...edit, owners: [beta.id, 999999] }, 'owners', userMessages.unknownOwners],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('PUT', `/api/Users/${user.id}`, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toEqual(before);
    expect(await t.db.$count(userOwners, eq(userOwners.userId, user.id))).toBe(1);
  });

  it('refuses changing your own level or type, but saves your own alias', async () => {
    const self = await call('GET', `/api/Users/${admin.userId}`);
    const mine = { userLevel: 5, userType: 0, allOwners: true, owners: [], alias: null };
    expect(self.json().userLevel).toBe(5);
    const level = await call('PUT', `/api/Users/${admin.userId}`, { ...mine, userLevel: 4 });
    expect(level.statusCode).toBe(400);
    expect(level.json().errors).toEqual({ userLevel: [userMessages.ownLevel] });
    const type = await call('PUT', `/api/Users/${admin.userId}`, { ...mine, userType: 1 });
    expect(type.json().errors).toEqual({ userType: [userMessages.ownType] });
    const alias = await call('PUT', `/api/Users/${admin.userId}`, { ...mine, alias: 'the-boss' });
    expect(alias.statusCode).toBe(200);
    expect((await whoAmI(admin.authorization)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await call('PUT', '/api/Users/999999', edit)).statusCode).toBe(404);
  });
});

describe('DELETE /api/Users/{id}', () => {
  it('deletes the user with their chip and owner links, and their token stops working', async () => {
    const target = await t.loginAs({ level: 'Events', owners: [alpha.id] });
    await createUserChip(t.db, target.userId);
    const response = await call('DELETE', `/api/Users/${target.userId}`);
    expect(response.statusCode).toBe(204);
    expect(await t.db.$count(users, eq(users.id, target.userId))).toBe(0);
    expect(await t.db.$count(chips, eq(chips.userId, target.userId))).toBe(0);
    expect((await whoAmI(target.authorization)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/Users/${target.userId}`)).statusCode).toBe(404);
  });

  it('refuses deleting yourself', async () => {
    const response = await call('DELETE', `/api/Users/${admin.userId}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(userMessages.deleteSelf);
    expect(await t.db.$count(users, eq(users.id, admin.userId))).toBe(1);
  });
});

describe('user administration permissions', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/Account/GetUsers'],
    ['GET', `/api/Account/Users/External/${alpha.id}`],
    ['GET', `/api/Users/${admin.userId}`],
    ['PUT', `/api/Users/${admin.userId}`, { userLevel: 1, userType: 0, allOwners: true, owners: [], alias: null }],
    ['DELETE', `/api/Users/${admin.userId}`],
  ];

  it('needs a token (401), SystemAdministrator level and an internal user (403)', async () => {
    const callers = [
      ...(await Promise.all(userLevelNames.filter((l) => l !== 'SystemAdministrator').map((level) => t.loginAs({ level })))),
      await t.loginAs({ level: 'SystemAdministrator', type: 'Report' }),
    ];
    const countBefore = await t.db.$count(users);
    for (const [method, url, payload] of routes) {
      expect((await t.app.inject({ method: method as 'GET', url, payload: payload as object })).statusCode, url).toBe(401);
      for (const caller of callers) expect((await call(method as 'GET', url, payload, caller.authorization)).statusCode, url).toBe(403);
    }
    expect(await t.db.$count(users)).toBe(countBefore);
  });
});
