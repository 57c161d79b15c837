/**
 * Hostile JSON bodies on every endpoint that takes one (issue 13 "hostile input"), generated from the
 * contract: each run fills the body's fields with wrong types, out-of-range numbers, huge, invisible
 * or script-like text, nesting and unknown keys, from a seeded generator (the failing seed and body
 * are in the message, so a failure replays). Never a 5xx or a stack trace; every error has the error
 * model; and an endpoint that refused every body wrote nothing. `FUZZ_RUNS` sets the runs per endpoint
 * (`npm run fuzz` runs many more).
 */
import { allEndpoints } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupTestApp } from '../../test/app.ts';
import { fingerprint } from '../../test/fingerprint.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'SystemAdministrator' });

/** mulberry32: a small seeded generator, so a run can be replayed from its seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}

const hostileValues: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 53),
  1e308,
  '',
  ' ',
  'x'.repeat(5000),
  '\u0000',
  'a\u0000b',
  '\u202Egnp.exe',
  '\u001b[31m',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '=HYPERLINK("http://x")',
  '2024-02-30',
  '1e3',
  '../../etc/passwd',
  [],
  [1, 'a', null],
  {},
  { nested: { deeper: { deepest: [1] } } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
];

const bodyKeys = (schema: z.ZodType | undefined): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

function hostileBody(random: ReturnType<typeof generator>, keys: string[]): unknown {
  if (random.next() < 0.1) return random.pick(hostileValues);
  const body: Record<string, unknown> = {};
  for (const key of keys) if (random.next() < 0.8) body[key] = random.pick(hostileValues);
  if (random.next() < 0.2) {
    // defineProperty: assigning '__proto__' would set the prototype instead of sending the key.
    const key = random.pick(['isAdmin', 'userLevel', 'id', 'ownerId', 'constructor', '__proto__', 'toString']);
    Object.defineProperty(body, key, { value: random.pick(hostileValues), enumerable: true, writable: true, configurable: true });
  }
  return body;
}

/** Path parameters of records that do not exist: a body is judged before the record is looked up. */
const pathOf = (path: string) => `/api${path.replace(/:(\w+)/g, (_, name: string) => (name === 'flag' ? 'true' : '2000000000'))}`;

const withBodies = allEndpoints.filter((endpoint) => endpoint.body);

describe(`hostile JSON bodies: ${withBodies.length} endpoints x ${RUNS} runs (seed ${SEED})`, () => {
  for (const [index, endpoint] of withBodies.entries()) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const random = generator(SEED + index);
      const keys = bodyKeys(endpoint.body);
      const before = await fingerprint(t.handle);
      let accepted = 0;
      for (let run = 0; run < RUNS; run++) {
        const body = hostileBody(random, keys);
        const response = await t.app.inject({
          method: endpoint.method,
          url: pathOf(endpoint.path),
          headers: { authorization: admin.authorization, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        const replay = `seed ${SEED + index}, run ${run}: ${JSON.stringify(body)?.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, replay).toBeLessThan(500);
        expect(response.body, replay).not.toMatch(/\bat .+\.(ts|js):\d+/);
        if (response.statusCode >= 400)
          expect(response.json(), replay).toMatchObject({ status: response.statusCode, message: expect.any(String) });
        else accepted += 1;
      }
      if (accepted === 0) expect(await fingerprint(t.handle)).toEqual(before);
    });
  }
});
