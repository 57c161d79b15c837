import { CHIP_LOGIN_PASSWORD, messages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/factories.ts';
import { createEquipmentChip, createUserChip, newChipCode } from '../../../test/factories-users.ts';
import { CHIP_LOGINS_PER_MINUTE } from './service.ts';

const t = await setupTestApp();
let address = 0;
const login = (username: string, password: string, remoteAddress = `10.30.0.${++address}`) =>
  t.app.inject({ method: 'POST', url: '/api/Account/Login', payload: { username, password }, remoteAddress });
const me = (token: string) => t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization: `Bearer ${token}` } });

describe('POST /api/Account/Login with a chip', () => {
  it("signs in with a user's chip and the fixed password; the session gets at most Events level", async () => {
    const user = await createUser(t.db, { level: 'SystemAdministrator' });
    const chip = await createUserChip(t.db, user.id);
    const response = await login(chip.toLowerCase(), CHIP_LOGIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: expect.any(String), userName: user.email });
    const { token } = response.json();
    expect((await me(token)).json()).toMatchObject({ id: user.id, userLevel: 2 });
    // The profile behind the user menu shows the session's level too, not the account's.
    const info = await t.app.inject({ url: '/api/Account/UserInfo', headers: { authorization: `Bearer ${token}` } });
    expect(info.json()).toMatchObject({ id: user.id, userLevel: 2, levelName: 'Events' });
    // Every check sees the capped level: a SystemAdministrator page is refused to the chip session.
    expect((await t.app.inject({ url: '/api/Backups', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
    // Its download links too: a backup stays out of reach.
    const link = (
      await t.app.inject({ method: 'POST', url: '/api/Account/DownloadToken', headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect((await t.app.inject({ url: `/api/Backups/portal-full-20260101-000000.backup.gz?access_token=${link.token}` })).statusCode).toBe(
      403,
    );
    // The same user signing in with the password keeps their level.
    const byPassword = (await login(user.email, user.password)).json().token;
    expect((await me(byPassword)).json().userLevel).toBe(5);
    const infoByPassword = await t.app.inject({ url: '/api/Account/UserInfo', headers: { authorization: `Bearer ${byPassword}` } });
    expect(infoByPassword.json()).toMatchObject({ userLevel: 5, levelName: 'SystemAdministrator' });
  });

  it('keeps a lower level as it is', async () => {
    const user = await createUser(t.db, { level: 'Read' });
    const chip = await createUserChip(t.db, user.id);
    expect((await me((await login(chip, CHIP_LOGIN_PASSWORD)).json().token)).json().userLevel).toBe(1);
  });

  it('never takes the fixed password as a password: not with an email, not even when it is the real password', async () => {
    const user = await createUser(t.db, { password: CHIP_LOGIN_PASSWORD });
    for (const username of [user.email, newChipCode()]) {
      const response = await login(username, CHIP_LOGIN_PASSWORD);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(messages.loginFailed);
    }
  });

  it("refuses an equipment chip and a user's chip with a real password", async () => {
    const { chipId } = await createEquipmentChip(t.db);
    expect((await login(chipId, CHIP_LOGIN_PASSWORD)).statusCode).toBe(401);
    const user = await createUser(t.db);
    const chip = await createUserChip(t.db, user.id);
    expect((await login(chip, user.password)).statusCode).toBe(401);
  });

  it('limits chip sign-ins per address; another address goes on', async () => {
    const statuses = [];
    for (let i = 0; i <= CHIP_LOGINS_PER_MINUTE; i++)
      statuses.push((await login(newChipCode(), CHIP_LOGIN_PASSWORD, '10.31.0.1')).statusCode);
    expect(statuses.slice(0, CHIP_LOGINS_PER_MINUTE).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const user = await createUser(t.db);
    const chip = await createUserChip(t.db, user.id);
    expect((await login(chip, CHIP_LOGIN_PASSWORD, '10.31.0.1')).statusCode).toBe(429);
    expect((await login(chip, CHIP_LOGIN_PASSWORD, '10.31.0.2')).statusCode).toBe(200);
  });

  it('refuses an empty code with 400 and the field message', async () => {
    const response = await login('', CHIP_LOGIN_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ username: [messages.required('Username')] });
  });
});
