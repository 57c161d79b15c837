/**
 * `npm run derived -- check [table ...]` compares derived tables with their rebuild statements (the
 * invariant checks, read only); `npm run derived -- rebuild [table ...]` rebuilds them, each in its
 * own transaction, in the files' order. No table named: all of them. Each line gives the time taken.
 * Uses DATABASE_URL, else the embedded database in DATA_DIR; rebuilding takes the migration lock, so
 * it never runs beside a starting instance's migrations.
 */
import { readConfig } from '../../config.ts';
import { openPostgres } from '../client.ts';
import { openEmbedded } from '../embedded.ts';
import { MIGRATION_LOCK_KEY } from '../migrate.ts';
import { derivedFiles } from './files.ts';
import { rebuildTable, tableDifferences } from './rebuild.ts';

const [command, ...names] = process.argv.slice(2);
if (command !== 'check' && command !== 'rebuild') {
  console.error('Usage: npm run derived -- check|rebuild [table ...]');
  process.exit(2);
}
const files = derivedFiles().filter((file) => file.table && (names.length === 0 || names.includes(file.table)));
const unknown = names.filter((name) => !files.some((file) => file.table === name));
if (unknown.length) {
  console.error(`Not a derived table: ${unknown.join(', ')}`);
  process.exit(2);
}
const config = readConfig();
const handle = config.databaseUrl ? openPostgres(config.databaseUrl, 1) : await openEmbedded(config.dataDir);
const client = await handle.pool.connect();
try {
  if (command === 'rebuild') await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  for (const file of files) {
    const started = performance.now();
    if (command === 'check') {
      const differences = await tableDifferences(client, file);
      const ms = Math.round(performance.now() - started);
      console.log(`${file.table}: ${differences.length ? `differs (${differences.length} rows shown)` : 'in step'} (${ms} ms)`);
      for (const row of differences) console.log(`  ${JSON.stringify(row)}`);
      if (differences.length) process.exitCode = 1;
    } else {
      await client.query('begin');
      const result = await rebuildTable(client, file).catch(async (error) => {
        await client.query('rollback');
        throw error;
      });
      await client.query('commit');
      console.log(`${file.table}: ${result.deleted} rows deleted, ${result.inserted} inserted (${result.ms} ms)`);
    }
  }
} finally {
  client.release();
  await handle.close();
}
