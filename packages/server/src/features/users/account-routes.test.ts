import { messages, userLevelNames, userMessages } from '@portal/contract';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createOwner, createUser } from '../../../test/factories.ts';
import { createEquipmentChip, createUserChip, newChipCode } from '../../../test/factories-users.ts';
import { hashToken } from '../../auth/sessions.ts';
import { chips, outboxMails, passwordResetCodes, users } from '../../db/schema.ts';

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'SystemAdministrator', email: 'root@test.example' });
const post = (url: string, payload?: unknown, authorization = admin.authorization) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization } });
const whoAmI = (authorization: string) => t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization } });
const counts = async () => ({
  users: await t.db.$count(users),
  mails: await t.db.$count(outboxMails),
  codes: await t.db.$count(passwordResetCodes),
});

describe('POST /api/Account/Register', () => {
  it('adds an internal user at level None without a password and mails a single-use set-password link', async () => {
    const response = await post('/api/Account/Register', { email: ' New.Person@Test.example ' });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      email: 'New.Person@Test.example',
      userType: 0,
      userLevel: 0,
      allOwners: false,
      owners: [],
      createdBy: 'root@test.example',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toBeNull();

    const [mail] = await t.db.select().from(outboxMails).orderBy(desc(outboxMails.id)).limit(1);
    expect(mail).toMatchObject({ to: 'New.Person@Test.example', subject: 'Your account on the rigging equipment portal', sentAt: null });
    const code = mail.body.match(new RegExp(`http://portal\\.test/ResetPassword/${user.id}/([\\w-]{43})`))?.[1];
    expect(code).toBeDefined();
    const [stored] = await t.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    expect(stored.codeHash).toBe(hashToken(code!));
    expect(stored.codeHash).not.toContain(code!);
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(stored.usedAt).toBeNull();
  });

  it("refuses a malformed address, a taken one (any case) or an unknown field with 'Could not add the user provided', writing nothing", async () => {
    await createUser(t.db, { email: 'exists@test.example' });
    const before = await counts();
    for (const email of ['not-an-email', '', 'two words@test.example', 'no-domain@', 'EXISTS@test.example', 42]) {
      const response = await post('/api/Account/Register', { email });
      expect(response.statusCode, String(email)).toBe(400);
      expect(response.json().errors).toEqual({ email: [messages.couldNotAddUser] });
    }
    const missing = await post('/api/Account/Register', {});
    expect(missing.json().errors).toEqual({ email: [messages.couldNotAddUser] });
    const extra = await post('/api/Account/Register', { email: 'fine@test.example', userLevel: 5 });
    expect(extra.json().errors).toEqual({ userLevel: ['This field is not allowed'] });
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/Account/SetPassword', () => {
  it("sets another user's password: old sessions and unused links end", async () => {
    const target = await t.loginAs({ level: 'Events' });
    await t.db.insert(passwordResetCodes).values({ userId: target.userId, codeHash: 'x', expiresAt: new Date(Date.now() + 3600_000) });
    const response = await post('/api/Account/SetPassword', {
      userId: target.userId,
      newPassword: 'Fresh-pass-9',
      confirmPassword: 'Fresh-pass-9',
    });
    expect(response.statusCode).toBe(204);
    expect((await whoAmI(target.authorization)).statusCode).toBe(401);
    const [code] = await t.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, target.userId));
    expect(code.usedAt).not.toBeNull();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { username: target.email, password: 'Fresh-pass-9' },
    });
    expect(login.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.userId));
    expect(row).toMatchObject({ updatedBy: 'root@test.example' });
  });

  it('refuses a short or unequal password, your own user and unknown fields with 400, changing nothing', async () => {
    const target = await createUser(t.db, { level: 'Read' });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ userId: target.id, newPassword: 'short', confirmPassword: 'short' }, { newPassword: [messages.minLength('New password', 7)] }],
      [
        { userId: target.id, newPassword: 'Long-enough-1', confirmPassword: 'Long-enough-2' },
        { confirmPassword: [userMessages.passwordsDiffer] },
      ],
      [{ userId: admin.userId, newPassword: 'Long-enough-1', confirmPassword: 'Long-enough-1' }, { userId: [userMessages.setOwnPassword] }],
      [
        { userId: target.id, newPassword: 'Long-enough-1', confirmPassword: 'Long-enough-1', oldPassword: 'x' },
        { oldPassword: ['This field is not allowed'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await post('/api/Account/SetPassword', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row.passwordHash).toBe(target.passwordHash);
    expect(
      (await post('/api/Account/SetPassword', { userId: 999999, newPassword: 'Long-enough-1', confirmPassword: 'Long-enough-1' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('POST /api/Account/SetUserChip/{userId}/{chipId} and /api/Account/{id}/RemoveChip', () => {
  it('gives a user a chip, replaces it (ending their sessions) and removes it', async () => {
    const target = await t.loginAs({ level: 'Events' });
    const first = newChipCode();
    const set = await post(`/api/Account/SetUserChip/${target.userId}/${first}`);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: target.userId, chipId: first, updatedBy: 'root@test.example' });
    expect((await whoAmI(target.authorization)).statusCode).toBe(200);
    // The same chip again changes nothing.
    expect((await post(`/api/Account/SetUserChip/${target.userId}/${first}`)).json().chipId).toBe(first);

    const second = newChipCode();
    expect((await post(`/api/Account/SetUserChip/${target.userId}/${second}`)).json().chipId).toBe(second);
    expect(await t.db.select({ chipId: chips.chipId }).from(chips).where(eq(chips.userId, target.userId))).toEqual([{ chipId: second }]);
    expect((await whoAmI(target.authorization)).statusCode).toBe(401);

    const removed = await post(`/api/Account/${target.userId}/RemoveChip`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().chipId).toBeNull();
    expect(await t.db.$count(chips, eq(chips.userId, target.userId))).toBe(0);
    expect((await post(`/api/Account/${target.userId}/RemoveChip`)).statusCode).toBe(200);
    expect((await post('/api/Account/999999/RemoveChip')).statusCode).toBe(404);
  });

  it('refuses a chip on equipment (any case) or on another user, and a malformed code, with 400 on chipId', async () => {
    const target = await createUser(t.db, { level: 'Events' });
    const onEquipment = await createEquipmentChip(t.db);
    const onUser = await createUserChip(t.db, (await createUser(t.db)).id);
    const before = await t.db.$count(chips);
    const cases: [string, string][] = [
      [onEquipment.chipId, messages.chipInUseOnEquipment],
      [onEquipment.chipId.toLowerCase(), messages.chipInUseOnEquipment],
      [onUser, userMessages.chipInUseByUser],
      ['E28011ABC', userMessages.chipCode],
      ['E28011ABCDEF-123', userMessages.chipCode],
    ];
    for (const [chipId, message] of cases) {
      const response = await post(`/api/Account/SetUserChip/${target.id}/${chipId}`);
      expect(response.statusCode, chipId).toBe(400);
      expect(response.json().errors).toEqual({ chipId: [message] });
    }
    expect(await t.db.$count(chips)).toBe(before);
    expect((await post(`/api/Account/SetUserChip/999999/${newChipCode()}`)).statusCode).toBe(404);
  });
});

describe('GET /api/Account/UserInfo', () => {
  it("answers the signed-in user's profile with level name, type label and current owner", async () => {
    const owner = await createOwner(t.db, { name: 'Gamma Rigging', shortCode: 'GRG' });
    const me = await t.loginAs({ level: 'Read', type: 'Report', owners: [owner.id], alias: 'gamma-reader' });
    await t.db.update(users).set({ currentOwnerId: owner.id }).where(eq(users.id, me.userId));
    const response = await t.app.inject({ url: '/api/Account/UserInfo', headers: { authorization: me.authorization } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: me.userId,
      email: me.email,
      alias: 'gamma-reader',
      userType: 1,
      userTypeLabel: 'Report',
      userLevel: 1,
      levelName: 'Read',
      externalUser: true,
      allOwners: false,
      owners: [{ id: owner.id, name: 'Gamma Rigging', shortCode: 'GRG' }],
      chipId: null,
      currentOwnerId: owner.id,
      inspectorName: null,
      inspectorQualification: null,
      inspectorCompany: null,
    });
    expect((await t.app.inject({ url: '/api/Account/UserInfo' })).statusCode).toBe(401);
  });
});

describe('PUT /api/Account/{id}/currentOwner', () => {
  it('sets the current owner to one of your owners, any owner with all owners', async () => {
    const mine = await createOwner(t.db);
    const other = await createOwner(t.db);
    const me = await t.loginAs({ level: 'None', type: 'Report', owners: [mine.id] });
    const put = (userId: number, query: string, authorization = me.authorization) =>
      t.app.inject({ method: 'PUT', url: `/api/Account/${userId}/currentOwner${query}`, headers: { authorization } });

    const ok = await put(me.userId, `?ownerId=${mine.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().currentOwnerId).toBe(mine.id);

    const notMine = await put(me.userId, `?ownerId=${other.id}`);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().errors).toEqual({ ownerId: [userMessages.notYourOwner] });
    expect((await put(me.userId, '')).json().errors.ownerId).toBeDefined();
    expect((await put(admin.userId, `?ownerId=${mine.id}`)).statusCode).toBe(403);
    const [row] = await t.db.select({ currentOwnerId: users.currentOwnerId }).from(users).where(eq(users.id, me.userId));
    expect(row.currentOwnerId).toBe(mine.id);

    const everyOwner = await t.loginAs({ level: 'Read' });
    expect((await put(everyOwner.userId, `?ownerId=${other.id}`, everyOwner.authorization)).statusCode).toBe(200);
    expect((await put(everyOwner.userId, '?ownerId=999999', everyOwner.authorization)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/Account/${me.userId}/currentOwner?ownerId=${mine.id}` })).statusCode).toBe(401);
  });
});

describe('account user calls: permissions', () => {
  it('need a token (401), SystemAdministrator level and an internal user (403), writing nothing', async () => {
    const target = await createUser(t.db, { level: 'Read' });
    const routes: [string, unknown?][] = [
      ['/api/Account/Register', { email: 'someone.new@test.example' }],
      ['/api/Account/SetPassword', { userId: target.id, newPassword: 'Long-enough-1', confirmPassword: 'Long-enough-1' }],
      [`/api/Account/SetUserChip/${target.id}/${newChipCode()}`],
      [`/api/Account/${target.id}/RemoveChip`],
    ];
    const callers = [
      ...(await Promise.all(userLevelNames.filter((l) => l !== 'SystemAdministrator').map((level) => t.loginAs({ level })))),
      await t.loginAs({ level: 'SystemAdministrator', type: 'Report' }),
    ];
    const before = { ...(await counts()), chips: await t.db.$count(chips) };
    for (const [url, payload] of routes) {
      expect((await t.app.inject({ method: 'POST', url, payload: payload as object })).statusCode, url).toBe(401);
      for (const caller of callers) expect((await post(url, payload, caller.authorization)).statusCode, url).toBe(403);
    }
    expect({ ...(await counts()), chips: await t.db.$count(chips) }).toEqual(before);
  });
});
