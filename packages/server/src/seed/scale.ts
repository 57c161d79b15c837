/**
 * Fills a database with synthetic, well-formed data of production size, for performance work:
 *
 *   npm run seed:scale -- --equipment 200000 --event-items 2000000 [--certificates N] [--events N]
 *
 * Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data). All rows are
 * made by set-based SQL (INSERT ... SELECT over generate_series) in chunks, so 2M event items take
 * minutes, not hours. It adds to what is there (demo data or an earlier run): owners, catalogue,
 * folders are found or created by name, and stamped ids continue after the highest 'SC-' number.
 * "Random" choices come from hashes of row numbers, so a run on an empty database is reproducible.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type DatabaseHandle, maintainDatabase, openPostgres } from '../db/client.ts';
import { withDerivedDeferred } from '../db/derived/apply.ts';
import { openEmbedded } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { DUE_DEMO_KINDS_SQL, DUE_DEMO_REGIMES_SQL } from '../features/due-dates/demo.ts';
import { measurementDemoSql } from '../features/measurements/demo.ts';
import { chainReadingsSql } from './measurements.ts';
import { fillCatalogue } from './scale-catalogue.ts';
import { fillEvents, fillFolders } from './scale-events.ts';
import { log, type ScaleOptions, seconds, started } from './scale-sql.ts';

const TABLES = [
  'owners',
  'certificate_types',
  'certificate_sub_types',
  'dimensions',
  'certificates',
  'equipment',
  'equipment_history',
  'chips',
  'folders',
  'events',
  'event_items',
  'equipment_latest_status',
  'equipment_due',
  'equipment_wear',
  'users',
];

function readOptions(): ScaleOptions {
  const { values } = parseArgs({
    options: {
      equipment: { type: 'string' },
      certificates: { type: 'string' },
      events: { type: 'string' },
      'event-items': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(
      'Usage: seed:scale [--equipment 200000] [--certificates equipment/4] [--events min(20000, event-items/100)] [--event-items 2000000]',
    );
    process.exit(0);
  }
  const num = (name: string, raw: string | undefined, fallback: number, min: number) => {
    const n = raw === undefined ? fallback : Number(raw.replaceAll('_', ''));
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer of at least ${min}`);
    return n;
  };
  const equipment = num('equipment', values.equipment, 200_000, 1);
  const eventItems = num('event-items', values['event-items'], 2_000_000, 0);
  return {
    equipment,
    certificates: num('certificates', values.certificates, Math.max(1, Math.floor(equipment / 4)), 1),
    // 20,000 for the full set; a smaller set keeps about 100 items per event.
    events: num('events', values.events, Math.min(20_000, Math.max(1, Math.floor(eventItems / 100))), 0),
    eventItems,
  };
}

async function seed(handle: DatabaseHandle, o: ScaleOptions): Promise<void> {
  // One connection throughout: the steps share temp tables.
  const client = await handle.pool.connect();
  try {
    await client.query(`set work_mem = '64MB'`);
    if (handle.kind === 'postgres') await client.query('set synchronous_commit = off');
    const eqCount = await fillCatalogue(client, o);
    const projects = await fillFolders(client);
    // The latest status is rebuilt once after the last event item, not for every 200,000 of them.
    let loaded = 0;
    await withDerivedDeferred(client, ['equipment_latest_status'], async () => {
      await fillEvents(client, o, eqCount, projects);
      loaded = performance.now();
    });
    log(`equipment_latest_status rebuilt, with the tables derived from it, in ${seconds(loaded)} s`);
    // Due dates (issue 14): the regimes' insert makes the triggers fill equipment_due for every item.
    const due = performance.now();
    for (const statement of [DUE_DEMO_KINDS_SQL, DUE_DEMO_REGIMES_SQL]) await client.query(statement);
    log(`due regimes: equipment_due filled in ${seconds(due)} s`);
    for (const statement of measurementDemoSql()) await client.query(statement);
    // After the templates: the chain items' measurements, whose trigger fills equipment_wear.
    const measured = performance.now();
    const items = (await client.query(chainReadingsSql('select id from sc_eq'))).rowCount ?? 0;
    log(`measurements: ${items.toLocaleString('en-US')} chain inspections, equipment_wear filled in ${seconds(measured)} s`);
    for (const table of ['sc_node', 'sc_type', 'sc_status', 'sc_project', 'sc_cert', 'sc_eq', 'sc_ev'])
      await client.query(`drop table ${table}`);
  } finally {
    client.release();
  }
}

async function main() {
  const options = readOptions();
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  log(`seed:scale ${JSON.stringify(options)} into ${url ? 'DATABASE_URL' : `the embedded database in ${dataDir}`}`);
  const handle = url ? openPostgres(url) : await openEmbedded(dataDir);
  try {
    await runMigrations(handle.db);
    log('migrations applied');
    await seed(handle, options);
    const t = performance.now();
    await maintainDatabase(handle);
    log(`vacuum analyze in ${seconds(t)} s`);
    console.log('\nRows per table:');
    for (const table of TABLES) {
      const n = await handle.pool.query(`select count(*) as n from ${table}`);
      console.log(`  ${table.padEnd(26)} ${Number(n.rows[0].n).toLocaleString('en-US').padStart(12)}`);
    }
    const size = await handle.pool.query('select pg_size_pretty(pg_database_size(current_database())) as size');
    console.log(`\nDone in ${seconds(started)} s; database size ${size.rows[0].size}.`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
