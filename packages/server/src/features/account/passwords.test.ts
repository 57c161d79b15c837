import { accountMessages, messages, userMessages } from '@portal/contract';
import { desc, eq, getTableName, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../test/app.ts';
import { createUser } from '../../../test/factories.ts';
import { outboxMails, passwordResetCodes, sessions } from '../../db/schema.ts';
import { forgotPassword, RESET_FAILURES_PER_HOUR, RESET_MAILS_PER_HOUR } from './passwords.ts';
import { PASSWORD_CALLS_PER_WINDOW } from './routes.ts';

const t = await setupTestApp();
let address = 0;
/** Each test speaks from its own address, so the per-address limit is tested only where meant. */
const nextAddress = () => `10.20.${Math.floor(++address / 250)}.${address % 250}`;
const post = (url: string, payload: unknown, remoteAddress = nextAddress(), headers = {}) =>
  t.app.inject({ method: 'POST', url: `/api/Account/${url}`, payload: payload as object, remoteAddress, headers });
const login = (username: string, password: string) => post('Login', { username, password });

async function mailsTo(email: string) {
  return t.db.select().from(outboxMails).where(eq(outboxMails.to, email)).orderBy(desc(outboxMails.id));
}
/** The user id and code of the latest reset link mailed to the address. */
async function linkFor(email: string) {
  const [mail] = await mailsTo(email);
  const match = mail.body.match(/^http:\/\/portal\.test\/ResetPassword\/(\d+)\/([\w-]+)$/m);
  if (!match) throw new Error(`no link in ${mail.body}`);
  return { userId: Number(match[1]), code: match[2] };
}
const reset = (link: { userId: number; code: string }, password: string, remoteAddress?: string) =>
  post('ResetPassword', { ...link, newPassword: password, confirmPassword: password }, remoteAddress);

describe('POST /api/Account/ForgotPassword', () => {
  it('mails a PUBLIC_URL link (never the Host header) to the user found by email or alias; the code is stored hashed', async () => {
    const user = await createUser(t.db, { alias: 'forgetful' });
    const response = await post('ForgotPassword', { username: 'Forgetful' }, nextAddress(), { host: 'evil.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: accountMessages.resetMailSent });
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toBe('Reset your password on the rigging equipment portal');
    expect(mail.body).not.toContain('evil.example');
    const link = await linkFor(user.email);
    expect(link.userId).toBe(user.id);
    const codes = await t.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    expect(codes).toHaveLength(1);
    expect(codes[0].codeHash).not.toContain(link.code);
    expect(codes[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(codes[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  });

  it('answers a known and an unknown user identically, and mails only the known one', async () => {
    const user = await createUser(t.db);
    const before = await t.db.$count(outboxMails);
    const known = await post('ForgotPassword', { username: user.email });
    const unknown = await post('ForgotPassword', { username: 'nobody-here@test.example' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await t.db.$count(outboxMails)).toBe(before + 1);
  });

  it('does the same statements for an unknown name, an account and an account past its limit; only the account keeps them', async () => {
    const user = await createUser(t.db);
    const limited = await createUser(t.db);
    for (let i = 0; i < RESET_MAILS_PER_HOUR; i++) await post('ForgotPassword', { username: limited.email });
    const statements = async (username: string) => {
      const seen: string[] = [];
      const record = <T extends object>(target: T): T =>
        new Proxy(target, {
          get(object, name, receiver) {
            const value = Reflect.get(object, name, receiver);
            if (typeof value !== 'function') return value;
            if (name === 'transaction') return (work: (tx: object) => unknown) => value.call(object, (tx: object) => work(record(tx)));
            if (['select', 'insert', 'update', 'delete', 'execute'].includes(String(name)))
              return (...args: unknown[]) => {
                seen.push(`${String(name)} ${args[0] && typeof args[0] === 'object' ? getTableName(args[0] as Table) : ''}`);
                return value.apply(object, args);
              };
            return value.bind(object);
          },
        });
      const answer = await forgotPassword({ db: record(t.db), config: t.config, log: { info() {}, warn() {} } }, username);
      return { answer, seen };
    };
    const mailsBefore = await t.db.$count(outboxMails);
    const codesBefore = await t.db.$count(passwordResetCodes);
    const known = await statements(user.email);
    const unknown = await statements('nobody-at-all@test.example');
    const overLimit = await statements(limited.email);
    expect(unknown.seen.length).toBeGreaterThan(5);
    expect(overLimit).toEqual(unknown);
    // The account's mail is then read for delivery, which the answer does not wait for.
    expect(known).toEqual({ answer: unknown.answer, seen: [...unknown.seen, 'select '] });
    expect(await t.db.$count(outboxMails)).toBe(mailsBefore + 1);
    expect(await t.db.$count(passwordResetCodes)).toBe(codesBefore + 1);
  });

  it("refuses a username under 3 characters with the spec's message, and mails nothing", async () => {
    const before = await t.db.$count(outboxMails);
    for (const username of ['ab', '  a ', '']) {
      const response = await post('ForgotPassword', { username });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ username: [messages.usernameTooShort] });
    }
    const missing = await post('ForgotPassword', {});
    expect(missing.json().errors).toEqual({ username: [messages.usernameTooShort] });
    expect(await t.db.$count(outboxMails)).toBe(before);
  });

  it('mails at most RESET_MAILS_PER_HOUR links an hour per account; past that the answer is the same and the last link still works', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) {
      const response = await post('ForgotPassword', { username: user.email });
      expect(response.json()).toEqual({ message: accountMessages.resetMailSent });
    }
    expect(await mailsTo(user.email)).toHaveLength(RESET_MAILS_PER_HOUR);
    expect((await reset(await linkFor(user.email), 'Brand-new-pass')).statusCode).toBe(204);
  });

  it('allows PASSWORD_CALLS_PER_WINDOW calls per address, then 429; another address goes on', async () => {
    const statuses = [];
    for (let i = 0; i <= PASSWORD_CALLS_PER_WINDOW; i++)
      statuses.push((await post('ForgotPassword', { username: `someone${i}@test.example` }, '10.99.0.1')).statusCode);
    expect(statuses.slice(0, PASSWORD_CALLS_PER_WINDOW).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await post('ForgotPassword', { username: 'someone@test.example' }, '10.99.0.2')).statusCode).toBe(200);
  });
});

describe('POST /api/Account/ResetPassword', () => {
  it('sets the new password with the mailed code and ends every session; the old password stops working', async () => {
    const user = await createUser(t.db);
    const token = (await login(user.email, user.password)).json().token;
    await post('ForgotPassword', { username: user.email });
    expect((await reset(await linkFor(user.email), 'New-password-1')).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'New-password-1')).statusCode).toBe(200);
  });

  it('refuses a used, an expired, a voided or a wrong code with 400, changing nothing', async () => {
    const user = await createUser(t.db);
    await post('ForgotPassword', { username: user.email });
    const first = await linkFor(user.email);
    await post('ForgotPassword', { username: user.email });
    const second = await linkFor(user.email);
    // A new code voids the old one.
    const voided = await reset(first, 'Voided-pass-1');
    expect(voided.statusCode).toBe(400);
    expect(voided.json()).toMatchObject({
      message: accountMessages.resetLinkInvalid,
      errors: { code: [accountMessages.resetLinkInvalid] },
    });
    expect((await reset(second, 'Second-pass-1')).statusCode).toBe(204);
    // Single use.
    expect((await reset(second, 'Again-pass-1')).statusCode).toBe(400);
    expect((await reset({ userId: user.id, code: 'x'.repeat(43) }, 'Wrong-pass-1')).statusCode).toBe(400);
    await post('ForgotPassword', { username: user.email });
    const expiring = await linkFor(user.email);
    await t.db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.userId, user.id));
    expect((await reset(expiring, 'Expired-pass-1')).statusCode).toBe(400);
    expect((await login(user.email, 'Second-pass-1')).statusCode).toBe(200);
  });

  it('the registration mail link uses the same mechanism: it sets the first password once', async () => {
    const admin = await t.loginAs({ level: 'SystemAdministrator' });
    const email = `new-${Date.now()}@test.example`;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/Account/Register',
      headers: { authorization: admin.authorization },
      payload: { email },
    });
    expect(added.statusCode).toBe(201);
    const link = await linkFor(email);
    expect((await reset(link, 'First-pass-1')).statusCode).toBe(204);
    expect((await reset(link, 'First-pass-2')).statusCode).toBe(400);
    expect((await login(email, 'First-pass-1')).statusCode).toBe(200);
  });

  it('checks the new password (8+ characters, retyped equal) with 400 and the field messages, spending no code', async () => {
    const user = await createUser(t.db);
    await post('ForgotPassword', { username: user.email });
    const link = await linkFor(user.email);
    const short = await post('ResetPassword', { ...link, newPassword: 'short', confirmPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: [messages.minLength('New password', 7)] });
    const differ = await post('ResetPassword', { ...link, newPassword: 'Long-enough-1', confirmPassword: 'Long-enough-2' });
    expect(differ.json().errors).toEqual({ confirmPassword: [userMessages.passwordsDiffer] });
    const missing = await post('ResetPassword', { newPassword: 'Long-enough-1', confirmPassword: 'Long-enough-1' });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['code', 'userId']);
    expect((await reset(link, 'Long-enough-1')).statusCode).toBe(204);
  });

  it('refuses a common or breached password, one character repeated or a run of digits, with 400 on newPassword, spending no code', async () => {
    const user = await createUser(t.db);
    await post('ForgotPassword', { username: user.email });
    const link = await linkFor(user.email);
    for (const common of ['12345678', 'aaaaaaaa', 'Password1', 'iloveyou', 'qwertyuiop', '98765432', 'ABCDEFGHI']) {
      const response = await reset(link, common);
      expect(response.statusCode, common).toBe(400);
      expect(response.json().errors, common).toEqual({ newPassword: [accountMessages.passwordTooCommon] });
    }
    expect((await login(user.email, '12345678')).statusCode).toBe(401);
    expect((await reset(link, 'Rigging-Crane-77')).statusCode).toBe(204);
  });

  it('after RESET_FAILURES_PER_HOUR wrong codes answers 429 to wrong codes, yet the owner with the mailed code still gets in', async () => {
    const user = await createUser(t.db);
    await post('ForgotPassword', { username: user.email });
    const link = await linkFor(user.email);
    for (let i = 0; i < RESET_FAILURES_PER_HOUR; i++)
      expect((await reset({ userId: user.id, code: `wrong-${i}` }, 'Guess-pass-1')).statusCode).toBe(400);
    const limited = await reset({ userId: user.id, code: 'wrong-again' }, 'Guess-pass-1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(accountMessages.tooManyResets);
    expect((await reset(link, 'Owner-pass-1')).statusCode).toBe(204);
  });
});

describe('POST /api/Account/ChangePassword', () => {
  const change = (authorization: string, body: object) => post('ChangePassword', body, nextAddress(), { authorization });

  it('changes the password with the old one; other sessions end, this one stays', async () => {
    const user = await createUser(t.db, { level: 'None' });
    const here = (await login(user.email, user.password)).json().token;
    const elsewhere = (await login(user.email, user.password)).json().token;
    const response = await change(`Bearer ${here}`, {
      oldPassword: user.password,
      newPassword: 'Changed-pass-1',
      confirmPassword: 'Changed-pass-1',
    });
    expect(response.statusCode).toBe(204);
    const me = (token: string) => t.app.inject({ url: '/api/Account/CurrentUser', headers: { authorization: `Bearer ${token}` } });
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(user.email, 'Changed-pass-1')).statusCode).toBe(200);
  });

  it('refuses a common new password with 400 on newPassword, changing nothing', async () => {
    const user = await createUser(t.db);
    const token = (await login(user.email, user.password)).json().token;
    const response = await change(`Bearer ${token}`, {
      oldPassword: user.password,
      newPassword: 'football1',
      confirmPassword: 'football1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ newPassword: [accountMessages.passwordTooCommon] });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a wrong old password with 400 on oldPassword, changing nothing', async () => {
    const user = await createUser(t.db);
    const token = (await login(user.email, user.password)).json().token;
    const response = await change(`Bearer ${token}`, {
      oldPassword: 'not-it-at-all',
      newPassword: 'Changed-pass-1',
      confirmPassword: 'Changed-pass-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: accountMessages.oldPasswordWrong,
      errors: { oldPassword: [accountMessages.oldPasswordWrong] },
    });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses bad input with the field messages, and no token with 401', async () => {
    const { authorization } = await t.loginAs();
    const response = await change(authorization, { oldPassword: '', newPassword: 'short', confirmPassword: 'other' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      oldPassword: [messages.required('Old password')],
      newPassword: [messages.minLength('New password', 7)],
    });
    expect(
      (await post('ChangePassword', { oldPassword: 'a', newPassword: 'Changed-pass-1', confirmPassword: 'Changed-pass-1' })).statusCode,
    ).toBe(401);
    expect(await t.db.$count(sessions)).toBeGreaterThan(0);
  });
});
