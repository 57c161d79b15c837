/**
 * Hostile JSON bodies on every endpoint that takes one (issue 13 "hostile input"), generated from the
 * contract: each run fills the body's fields with wrong types, out-of-range numbers, huge, invisible
 * or script-like text, nesting and unknown keys, with fast-check (decision 030): seeded per endpoint
 * (FUZZ_SEED + its index), and a failure shrinks to a smallest body and prints its seed and path. Never a 5xx or a stack trace; every error has the error
 * model; and an endpoint that refused every body wrote nothing. `FUZZ_RUNS` sets the runs per endpoint
 * (`npm run fuzz` runs many more).
 */
import { allEndpoints } from '@portal/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupTestApp } from '../../test/app.ts';
import { fingerprint } from '../../test/fingerprint.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const t = await setupTestApp();
const admin = await t.loginAs({ level: 'SystemAdministrator' });

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

/** A field's value: mostly the known-hostile ones above, sometimes any text, number or JSON fast-check makes. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...hostileValues) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** Keys a mass assignment would try. */
const extraKeys = ['isAdmin', 'userLevel', 'id', 'ownerId', 'constructor', '__proto__', 'toString'];

function hostileBody(keys: string[]): fc.Arbitrary<unknown> {
  const fields = fc.record(Object.fromEntries(keys.map((key) => [key, hostileValue])), { requiredKeys: [] });
  const withExtra = fc.tuple(fields, fc.option(fc.tuple(fc.constantFrom(...extraKeys), hostileValue), { freq: 4 })).map(([body, extra]) => {
    const copy: Record<string, unknown> = { ...body };
    // defineProperty: assigning '__proto__' would set the prototype instead of sending the key.
    if (extra) Object.defineProperty(copy, extra[0], { value: extra[1], enumerable: true, writable: true, configurable: true });
    return copy;
  });
  return fc.oneof({ weight: 1, arbitrary: hostileValue }, { weight: 9, arbitrary: withExtra });
}

/** Path parameters of records that do not exist: a body is judged before the record is looked up. */
const pathOf = (path: string) => `/api${path.replace(/:(\w+)/g, (_, name: string) => (name === 'flag' ? 'true' : '2000000000'))}`;

const withBodies = allEndpoints.filter((endpoint) => endpoint.body);

describe(`hostile JSON bodies: ${withBodies.length} endpoints x ${RUNS} runs (seed ${SEED})`, () => {
  for (const [index, endpoint] of withBodies.entries()) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const keys = bodyKeys(endpoint.body);
      const before = await fingerprint(t.handle);
      let accepted = 0;
      // fast-check shrinks a failing body to a smallest one and reports its seed and path (replay
      // with FUZZ_SEED and the index's offset).
      await fc.assert(
        fc.asyncProperty(hostileBody(keys), async (body) => {
          const response = await t.app.inject({
            method: endpoint.method,
            url: pathOf(endpoint.path),
            headers: { authorization: admin.authorization, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          const seen = `${JSON.stringify(body)?.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, seen).toBeLessThan(500);
          expect(response.body, seen).not.toMatch(/\bat .+\.(ts|js):\d+/);
          if (response.statusCode >= 400)
            expect(response.json(), seen).toMatchObject({ status: response.statusCode, message: expect.any(String) });
          else accepted += 1;
        }),
        { numRuns: RUNS, seed: SEED + index },
      );
      if (accepted === 0) expect(await fingerprint(t.handle)).toEqual(before);
    });
  }
});
