import { UserLevel } from '@portal/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { verifyPassword } from './auth/passwords.ts';
import { prepareDatabase } from './bootstrap.ts';
import { readConfig } from './config.ts';
import { users } from './db/schema.ts';

const log = { info: () => {}, error: () => {} } as never;
const handle = await createTestDatabase();
afterAll(() => handle.close());

describe('start-up administrator', () => {
  it('creates admin@example.com with a random password, printed once, when the database has no user', async () => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    await prepareDatabase(handle, readConfig({ DEMO_DATA: '0' }), log);
    const [admin] = await handle.db.select().from(users);
    expect(admin).toMatchObject({ email: 'admin@example.com', userLevel: UserLevel.SystemAdministrator, allOwners: true });
    const password =
      print.mock.calls
        .flat()
        .join(' ')
        .match(/password (\S+)/)?.[1] ?? '';
    expect(await verifyPassword(password, admin.passwordHash)).toBe(true);
    // A second start creates nothing and prints no password.
    print.mockClear();
    await prepareDatabase(handle, readConfig({ DEMO_DATA: '0' }), log);
    expect(await handle.db.$count(users)).toBe(1);
    expect(print).not.toHaveBeenCalled();
    print.mockRestore();
  });

  it('creates PORTAL_ADMIN_EMAIL with PORTAL_ADMIN_PASSWORD when no user has that email', async () => {
    const env = { DEMO_DATA: '0', PORTAL_ADMIN_EMAIL: 'Boss@Rig.example', PORTAL_ADMIN_PASSWORD: 'Start-password-9' };
    await prepareDatabase(handle, readConfig(env), log);
    await prepareDatabase(handle, readConfig(env), log);
    const bosses = (await handle.db.select().from(users)).filter((u) => u.email === 'Boss@Rig.example');
    expect(bosses).toHaveLength(1);
    expect(bosses[0].userLevel).toBe(UserLevel.SystemAdministrator);
    expect(await verifyPassword('Start-password-9', bosses[0].passwordHash)).toBe(true);
  });
});
