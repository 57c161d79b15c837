/**
 * Memory and time of a backup run on a large database, in this process as the server would run it
 * (the run's own code: lock, one snapshot, data-only then full): not a test, a measuring script.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a copy of portal_scale> BACKUP_DIR=/tmp/x node packages/server/test/measure-backup.ts
 *
 * It prints the RSS before, the peak during the run (sampled every 50 ms), the time and the files.
 */

import { listBackupFiles } from '../src/backups/files.ts';
import { readConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { runBackup } from '../src/features/backups/service.ts';

const config = readConfig();
if (!config.databaseUrl) throw new Error('Set DATABASE_URL to a copy of the scale database');
const handle = openPostgres(config.databaseUrl);
await runMigrations(handle.db);
const { rows } = await handle.pool.query(`select pg_size_pretty(pg_database_size(current_database())) as size`);

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
globalThis.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
const started = performance.now();
const log = { info: () => {}, warn: console.warn, error: console.error };
const outcome = await runBackup({ db: handle.db, config, log }, 'measure');
const seconds = ((performance.now() - started) / 1000).toFixed(1);
clearInterval(sampler);
console.log(
  `database ${rows[0].size}; run ${outcome} in ${seconds} s; RSS before ${mb(before)} MB, peak ${mb(peak)} MB, growth ${mb(peak - before)} MB`,
);
for (const file of await listBackupFiles(config.backupDir)) console.log(`  ${file.name} ${mb(file.size)} MB`);
await handle.close();
