/**
 * Argon2id password hashing from node:crypto (no native addon). The stored form is the PHC string
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (OWASP's recommended minimum parameters).
 */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);
const PARAMS = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };

export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const hash = await argon2Async('argon2id', { message: password, nonce, ...PARAMS });
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${nonce.toString('base64url')}$${hash.toString('base64url')}`;
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
