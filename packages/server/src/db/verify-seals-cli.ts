/**
 * `npm run verify-seals`: walks the seals' chain (db/verify-seals.ts) and prints the first broken link,
 * exiting 1, or how many seals and stored files it checked. Uses DATABASE_URL, else the embedded
 * database in DATA_DIR.
 */
import { readConfig } from '../config.ts';
import { openPostgres } from './client.ts';
import { openEmbedded } from './embedded.ts';
import { verifySeals } from './verify-seals.ts';

const config = readConfig();
const handle = config.databaseUrl ? openPostgres(config.databaseUrl, 1) : await openEmbedded(config.dataDir);
try {
  const { rows } = await handle.pool.query<{ table: string | null }>(`select to_regclass('event_seals')::text as table`);
  if (!rows[0].table) {
    console.error('This database has no seals yet: start the portal once on it to upgrade it (migration 0035).');
    process.exit(2);
  }
  const started = performance.now();
  const walk = await verifySeals(handle.db, (done) => {
    if (done % 500 === 0) console.log(`${done} seals checked`);
  });
  const ms = Math.round(performance.now() - started);
  if (walk.broken) {
    const { sealId, eventId, kind, problem } = walk.broken;
    console.error(`Broken at seal ${sealId} (${kind === 'signOff' ? 'sign-off' : kind} of event ${eventId}): ${problem}.`);
    console.error(`${walk.seals - 1} seals before it are intact; the seals after it were not checked.`);
    process.exitCode = 1;
  } else {
    console.log(`All ${walk.seals} seals intact, ${walk.files} stored files rehashed (${ms} ms).`);
  }
} finally {
  await handle.close();
}
