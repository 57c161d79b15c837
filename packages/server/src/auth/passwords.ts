/**
 * Argon2id password hashing from node:crypto (no native addon). The stored form is the PHC string
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (OWASP's recommended minimum parameters).
 */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { accountMessages } from '@portal/contract';
import { badRequest } from '../http/errors.ts';

const argon2Async = promisify(argon2);
const PARAMS = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };

export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const hash = await argon2Async('argon2id', { message: password, nonce, ...PARAMS });
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${nonce.toString('base64url')}$${hash.toString('base64url')}`;
}

/**
 * Common and breached passwords of 8 characters or more (the spec's minimum), most used first: the
 * "passwords" list of zxcvbn 4.4.2 (MIT, (c) Dan Wheeler and Dropbox; from breach corpora), lower case.
 * Bundled, so the check makes no network call.
 */
const COMMON_PASSWORDS = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean),
);

/** One character repeated ('aaaaaaaa'), or each character one after the previous, up or down ('12345678', 'hgfedcba'). */
function isRun(password: string): boolean {
  const codes = [...password.toLowerCase()].map((c) => c.codePointAt(0) ?? 0);
  const step = codes[1] - codes[0];
  return Math.abs(step) <= 1 && codes.every((code, i) => i === 0 || code - codes[i - 1] === step);
}

/** Whether a new password is on the bundled list or is a run of one character or of consecutive ones. */
export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase()) || isRun(password);

/** Hashes a password a user chose (reset, change, set by an administrator), refusing a common one on `field` (400). */
export async function hashNewPassword(password: string, field = 'newPassword'): Promise<string> {
  if (isCommonPassword(password)) throw badRequest(field, accountMessages.passwordTooCommon);
  return hashPassword(password);
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (parts?.length !== 6 || parts[1] !== 'argon2id') {
    // Spend the same time as a real check, so a missing account cannot be told from a wrong password.
    await hashPassword(password);
    return false;
  }
  const params = Object.fromEntries(parts[3].split(',').map((kv) => kv.split('=')));
  const nonce = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  const actual = await argon2Async('argon2id', {
    message: password,
    nonce,
    memory: Number(params.m),
    passes: Number(params.t),
    parallelism: Number(params.p),
    tagLength: expected.length,
  });
  return timingSafeEqual(actual, expected);
}
