/**
 * Wall time of a global search as the /Search page makes it (equipment, event and certificate
 * look-ups at once), through the whole app: not a test, a measuring script.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a copy of portal_scale> node packages/server/test/measure-search.ts
 *
 * It runs migrations, adds one internal Events user, then each term ROUNDS times and prints p50/p95.
 */
import { buildApp } from '../src/app.ts';
import { createSession } from '../src/auth/sessions.ts';
import { readConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { createUser } from './factories.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const TERMS = ['SC-00123456', 'SC-0012', '0012', 'SC', 'Polar', 'Inspection', 'CERT-0004', 'ZZZ', 'Aster', '2025'];
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a copy of the scale database');
const handle = openPostgres(url);
await runMigrations(handle.db);
const app = await buildApp({
  db: handle.db,
  databaseReady: handle.ready,
  config: { ...readConfig({}), publicUrl: 'http://portal.measure' },
});
await app.ready();
const user = await createUser(handle.db, { level: 'Events' });
const authorization = `Bearer ${await createSession(handle.db, { userId: user.id, ip: '127.0.0.1' })}`;

async function search(term: string) {
  const q = encodeURIComponent(term);
  const started = performance.now();
  const answers = await Promise.all(
    [`/api/Equipment/Search?search=${q}`, `/api/Events/type?search=${q}`, `/api/Certificates/search?search=${q}`].map((url) =>
      app.inject({ url, headers: { authorization } }),
    ),
  );
  for (const answer of answers) if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
  return performance.now() - started;
}

const times: number[] = [];
for (const term of TERMS) await search(term); // warm-up
for (let round = 0; round < ROUNDS; round++) for (const term of TERMS) times.push(await search(term));
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
console.log(`${times.length} searches (3 look-ups each): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
await app.close();
await handle.close();
