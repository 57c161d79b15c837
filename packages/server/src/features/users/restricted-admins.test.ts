/**
 * Issue 24 part 1: a SystemAdministrator with an owner list stays within it (docs/security.md rule 21).
 * Each test is one of the attacks an outside test made, as the attacker made it; each must now fail,
 * and fail without writing anything.
 */
import { userMessages } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createOwner, createUser } from '../../../test/factories.ts';
import { createCertificate } from '../../../test/factories-items.ts';
import { createCatalogue } from '../../../test/factories-owners.ts';
import { createUserChip } from '../../../test/factories-users.ts';
import { fingerprint } from '../../../test/fingerprint.ts';
import { users } from '../../db/schema.ts';

const t = await setupTestApp();
const mine = await createOwner(t.db, { name: 'Mine Offshore', shortCode: 'MIO' });
const otherCatalogue = await createCatalogue(t.db, { owner: 'Other Mooring' });
const other = otherCatalogue.owner;
const otherCertificate = (await createCertificate(t.db, { catalogue: otherCatalogue })).certificate;

/** The attacker: a SystemAdministrator restricted to `mine`. */
const attacker = await t.loginAs({ level: 'SystemAdministrator', owners: [mine.id], email: 'scoped-admin@test.example' });
const boss = await createUser(t.db, { level: 'SystemAdministrator', email: 'boss@test.example' });
const ofMine = await createUser(t.db, { level: 'Certificates', owners: [mine.id], email: 'mine-user@test.example' });
const ofOther = await createUser(t.db, { level: 'Read', owners: [other.id], email: 'other-user@test.example' });
const ofBoth = await createUser(t.db, { level: 'Read', owners: [mine.id, other.id], email: 'both-user@test.example' });
const externalOfMine = await createUser(t.db, { type: 'Report', level: 'Read', owners: [mine.id], email: 'ext-mine@test.example' });
const externalOfBoth = await createUser(t.db, {
  type: 'Report',
  level: 'Read',
  owners: [mine.id, other.id],
  email: 'ext-both@test.example',
});
/** Users the attacker must not manage: all owners, an owner outside their list, or both. */
const unmanaged = [boss, ofOther, ofBoth, externalOfBoth];

const as = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, authorization = attacker.authorization) =>
  t.app.inject({ method, url, headers: { authorization }, ...(payload && { payload }) });
const edit = (owners: number[] | 'all', level = 5) => ({
  userLevel: level,
  userType: 0,
  allOwners: owners === 'all',
  owners: owners === 'all' ? [] : owners,
  alias: null,
});

describe('a restricted SystemAdministrator cannot widen their own owners', () => {
  it('PUT /Users/{own id} with all owners, or with an owner they lack, is refused; they still do not see that owner', async () => {
    const before = await fingerprint(t.handle);
    const all = await as('PUT', `/api/Users/${attacker.userId}`, edit('all'));
    expect(all.statusCode).toBe(400);
    expect(all.json().errors).toEqual({ allOwners: [userMessages.ownersBeyondOwn] });
    const more = await as('PUT', `/api/Users/${attacker.userId}`, edit([mine.id, other.id]));
    expect(more.json().errors).toEqual({ owners: [userMessages.ownersBeyondOwn] });
    // Nor narrow them, nor change their level: their own access is someone else's to change.
    expect((await as('PUT', `/api/Users/${attacker.userId}`, edit([]))).json().errors).toEqual({ owners: [userMessages.ownOwners] });
    expect((await as('PUT', `/api/Users/${attacker.userId}`, edit([mine.id], 4))).json().errors).toEqual({
      userLevel: [userMessages.ownLevel],
    });
    expect(await fingerprint(t.handle)).toEqual(before);
    expect((await as('GET', `/api/Certificates/${otherCertificate.id}`)).statusCode).toBe(404);
    // Their own alias they may still change.
    expect((await as('PUT', `/api/Users/${attacker.userId}`, { ...edit([mine.id]), alias: 'scoped' })).statusCode).toBe(200);
  });
});

describe('a restricted SystemAdministrator cannot take over an account outside their owners', () => {
  it('POST /Account/SetPassword of an unrestricted SystemAdministrator (or any user outside) answers 404; the old password still signs in', async () => {
    const before = await fingerprint(t.handle);
    for (const target of unmanaged) {
      const response = await as('POST', '/api/Account/SetPassword', {
        userId: target.id,
        newPassword: 'Taken-over-1',
        confirmPassword: 'Taken-over-1',
      });
      expect(response.statusCode, target.email).toBe(404);
      expect(response.json().message).toBe(userMessages.userNotFound);
    }
    expect(await fingerprint(t.handle)).toEqual(before);
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/Account/Login', payload: { username: boss.email, password } });
    expect((await login('Taken-over-1')).statusCode).toBe(401);
    expect((await login(boss.password)).statusCode).toBe(200);
  });

  it('chips, edits and deletes of a user outside answer 404 and write nothing; the same calls on their own owner’s user work', async () => {
    const chipped = await createUser(t.db, { level: 'Read', owners: [other.id] });
    await createUserChip(t.db, chipped.id);
    const before = await fingerprint(t.handle);
    for (const target of [...unmanaged, chipped]) {
      const calls = [
        as('POST', `/api/Account/SetUserChip/${target.id}/ABCDEF0123456789`),
        as('POST', `/api/Account/${target.id}/RemoveChip`),
        as('PUT', `/api/Users/${target.id}`, edit([mine.id], 1)),
        as('DELETE', `/api/Users/${target.id}`),
      ];
      for (const response of await Promise.all(calls)) expect(response.statusCode, `${target.email} ${response.body}`).toBe(404);
    }
    expect(await fingerprint(t.handle)).toEqual(before);

    expect((await as('POST', `/api/Account/SetUserChip/${ofMine.id}/ABCDEF0123456789`)).statusCode).toBe(200);
    expect((await as('POST', `/api/Account/${ofMine.id}/RemoveChip`)).statusCode).toBe(200);
    const set = { userId: ofMine.id, newPassword: 'Scoped-set-1', confirmPassword: 'Scoped-set-1' };
    expect((await as('POST', '/api/Account/SetPassword', set)).statusCode).toBe(204);
  });
});

describe('a restricted SystemAdministrator grants only their owners', () => {
  it('registers a user, then cannot give them all owners or an owner they lack; their own owners they can', async () => {
    const added = await as('POST', '/api/Account/Register', { email: 'recruit@test.example' });
    expect(added.statusCode).toBe(201);
    const { id } = added.json();
    expect((await as('PUT', `/api/Users/${id}`, edit('all'))).json().errors).toEqual({ allOwners: [userMessages.ownersBeyondOwn] });
    expect((await as('PUT', `/api/Users/${id}`, edit([other.id]))).json().errors).toEqual({ owners: [userMessages.ownersBeyondOwn] });
    const [row] = await t.db.select({ allOwners: users.allOwners, level: users.userLevel }).from(users).where(eq(users.id, id));
    expect(row).toEqual({ allOwners: false, level: 0 });
    const granted = await as('PUT', `/api/Users/${id}`, edit([mine.id], 5));
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ userLevel: 5, allOwners: false, owners: [{ id: mine.id }] });
    // The editor offers only the owners they can grant.
    expect(granted.json().availableOwners.map((owner: { id: number }) => owner.id)).toEqual([mine.id]);
  });
});

describe('a restricted SystemAdministrator reads only the users they manage', () => {
  it('GetUsers, /Users/{id} and /Account/Users/External/{id} leave out every user outside their owners', async () => {
    const listed = (await as('GET', '/api/Account/GetUsers')).json().map((user: { email: string }) => user.email);
    expect(listed).toEqual(expect.arrayContaining([attacker.email, ofMine.email, externalOfMine.email]));
    for (const user of unmanaged) expect(listed).not.toContain(user.email);
    expect((await as('GET', '/api/Account/GetUsers?search=boss')).json()).toEqual([]);

    for (const user of unmanaged) expect((await as('GET', `/api/Users/${user.id}`)).statusCode, user.email).toBe(404);
    expect((await as('GET', `/api/Users/${ofMine.id}`)).statusCode).toBe(200);

    const external = (await as('GET', `/api/Account/Users/External/${mine.id}`)).json().map((user: { email: string }) => user.email);
    expect(external).toEqual([externalOfMine.email]);
    expect((await as('GET', `/api/Account/Users/External/${other.id}`)).statusCode).toBe(404);

    // An unrestricted SystemAdministrator still sees them all.
    const all = await t.loginAs({ level: 'SystemAdministrator' });
    const everyone = (await as('GET', '/api/Account/GetUsers', undefined, all.authorization)).json().map((u: { email: string }) => u.email);
    expect(everyone).toEqual(expect.arrayContaining(unmanaged.map((user) => user.email)));
  });
});

describe('a restricted SystemAdministrator cannot reach backups', () => {
  it('listing, starting and downloading (bearer or download link) answer 403 and start nothing', async () => {
    const before = await fingerprint(t.handle);
    expect((await as('GET', '/api/Backups')).statusCode).toBe(403);
    expect((await as('PUT', '/api/Backups')).statusCode).toBe(403);
    const name = 'portal-full-20000101-000000.backup.gz';
    expect((await as('GET', `/api/Backups/${name}`)).statusCode).toBe(403);
    const token = (await as('POST', '/api/Account/DownloadToken')).json().token;
    expect((await t.app.inject({ url: `/api/Backups/${name}?access_token=${token}` })).statusCode).toBe(403);
    const after = await fingerprint(t.handle);
    // Only the download token's use is recorded; no backup run.
    expect({ ...after, download_tokens: '' }).toEqual({ ...before, download_tokens: '' });
    expect(after.backups).toBe(before.backups);
  });
});
