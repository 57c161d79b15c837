/**
 * The bench's database: DATABASE_URL, or `portal_bench` on the local PostgreSQL server (created when
 * missing); with `--scale N` (N > 1), `portal_bench_Nx` there, N times the scale set. An empty database
 * is filled with `npm run seed:scale` (the scale set times N); one that already holds it is reused. The fixtures are ids found in it, plus one certificate of 2,000 items that the
 * bench adds once ('BENCH-2000'), since the scale set's certificates have about four items each, and the
 * seed's due-date regimes when a scale set seeded before them has none.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { DUE_DEMO_KINDS_SQL, DUE_DEMO_REGIMES_SQL } from '../packages/server/src/features/due-dates/demo.ts';

export const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432';
export const SCALE_EQUIPMENT = 200_000;
/** The scale set's defaults (seed/scale.ts), multiplied by `--scale`. */
const SCALE_SET = { equipment: SCALE_EQUIPMENT, certificates: 50_000, events: 20_000, 'event-items': 2_000_000 };
const BIG_CERTIFICATE = 'BENCH-2000';

export interface Fixtures {
  login: { username: string; password: string };
  certificateId: number;
  bigCertificateId: number;
  stampedId: string;
  rigId: number;
  /** The event with the most items (the detail, chips and summary). */
  bigEventId: number;
  /** The owner and certificate type with the most certificates (the General report). */
  ownerId: number;
  typeId: number;
  /** An event of 2,000 items (the event PDF export). */
  pdfEventId: number;
  /** The owner and rig with the most active items last seen there (the survey pack). */
  packOwnerId: number;
  packRigId: number;
}

const BIG_EVENT = 'Bench 2,000-item event';
export const BENCH_USER = { username: 'bench@example.com', password: 'Bench-password-1' };

/**
 * The connection string to use, creating the local bench database when no DATABASE_URL is given. A run
 * at more than the scale set always uses its own database on the local server (DATABASE_URL holds 1x).
 */
export async function benchDatabaseUrl(log: (line: string) => void, scale = 1): Promise<string> {
  if (process.env.DATABASE_URL && scale === 1) return process.env.DATABASE_URL;
  const name = scale === 1 ? 'portal_bench' : `portal_bench_${scale}x`;
  const admin = new pg.Client({ connectionString: `${LOCAL_SERVER}/postgres` });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `No DATABASE_URL and no PostgreSQL at ${LOCAL_SERVER} (${(error as Error).message}). Set DATABASE_URL, or run with --embedded.`,
    );
  }
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) {
    log(`creating database ${name} on the local server`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  return `${LOCAL_SERVER}/${name}`;
}

async function equipmentCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Two statements: a query naming a missing table fails when planned, whatever its CASE says.
    const { rows } = await client.query(`select to_regclass('equipment') is not null as present`);
    if (!rows[0].present) return 0;
    return (await client.query('select count(*)::int as n from equipment')).rows[0].n;
  } finally {
    await client.end();
  }
}

/** Runs `npm run seed:scale` (times `scale`) when the database does not hold that set yet. */
export async function ensureScaleData(url: string, env: NodeJS.ProcessEnv, log: (line: string) => void, scale = 1): Promise<void> {
  const n = await equipmentCount(url);
  if (n >= SCALE_EQUIPMENT * scale) return log(`scale set ×${scale} present (${n.toLocaleString('en')} equipment)`);
  if (n > 0) throw new Error(`The database holds ${n} equipment items, fewer than the scale set ×${scale}: use an empty database.`);
  log(`seeding the scale set ×${scale} (npm run seed:scale; ${scale === 1 ? 'a few minutes' : 'about 15 minutes at ×5'})`);
  const sizes = Object.entries(SCALE_SET).flatMap(([option, n]) => [`--${option}`, String(n * scale)]);
  await runNode(['packages/server/src/seed/scale.ts', ...sizes], env);
}

/** Runs a script with this Node (the project's pinned one under npm). */
export function runNode(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} exited with ${code}`))));
  });
}

/** Ids the endpoints read, and the 2,000-item certificate (made once, in one transaction). */
export async function findFixtures(client: pg.Client | pg.Pool): Promise<Fixtures> {
  const one = async (text: string) => (await client.query(text)).rows[0];
  let big = await one(`select id from certificates where certificate_number = '${BIG_CERTIFICATE}'`);
  if (!big) {
    await client.query('begin');
    big = await one(`insert into certificates (owner_id, type_id, sub_type_id, dimension_id, certificate_number, date_signed, quality)
      select owner_id, type_id, sub_type_id, dimension_id, '${BIG_CERTIFICATE}', date_signed, quality from certificates order by id limit 1
      returning id`);
    await client.query(`insert into equipment (certificate_id, stamped_id, length, comment)
      select ${big.id}, 'BENCH-' || lpad(g::text, 5, '0'), 27.5, 'Bench row ' || g from generate_series(1, 2000) g`);
    // One item in ten is a child of the item before it, as in the scale set's chains.
    await client.query(`update equipment c set parent_id = p.id from equipment p
      where c.certificate_id = ${big.id} and p.certificate_id = ${big.id}
        and right(c.stamped_id, 1) = '1' and p.stamped_id = 'BENCH-' || lpad((substr(c.stamped_id, 7)::int - 1)::text, 5, '0')`);
    await client.query('commit');
    await client.query('analyze equipment');
  }
  const certificate = await one('select id from certificates order by id offset 25000 limit 1');
  const item = await one(`select e.stamped_id from equipment e
    where e.certificate_id is not null and exists (select 1 from event_items ei where ei.equipment_id = e.id)
    order by e.id offset 1000 limit 1`);
  const rig = await one(`select rig_id from events order by id limit 1`);
  const event = await one(`select c.event_id from event_item_counts c join events e on e.id = c.event_id
    where e.event_location is distinct from '${BIG_EVENT}' order by c.n desc, c.event_id limit 1`);
  const general = await one('select owner_id, type_id from certificates group by 1, 2 order by count(*) desc, 1, 2 limit 1');
  let pdfEvent = await one(`select id from events where event_location = '${BIG_EVENT}'`);
  if (!pdfEvent) {
    // The scale set's events hold up to 180 items: one of 2,000 is added once, on the big certificate's items.
    await client.query('begin');
    pdfEvent = await one(`insert into events (type_id, rig_id, project_id, event_date, event_location, comment, created_by)
      select type_id, rig_id, project_id, event_date, '${BIG_EVENT}', 'A 2,000-item event for the PDF', created_by
      from events order by id limit 1 returning id`);
    await client.query(`insert into event_items (event_id, equipment_id, sequence, status_id, comment)
      select ${pdfEvent.id}, e.id, row_number() over (order by e.stamped_id), s.id, 'Bench item ' || e.stamped_id
      from equipment e, lateral (select id from folders where kind = 'status' order by id limit 1) s
      where e.certificate_id = ${big.id}`);
    await client.query('commit');
  }
  // A scale set seeded before issue 14 has no regimes, so no item has a due date and the due list's
  // row measured an empty answer: the seed's demo regimes, once (their triggers fill equipment_due).
  if (!(await one('select exists (select 1 from due_regimes) as found')).found) {
    for (const statement of [DUE_DEMO_KINDS_SQL, DUE_DEMO_REGIMES_SQL]) await client.query(statement);
    await client.query('analyze equipment_due, equipment_due_days');
  }
  const pack = await one(`select ri.owner_id, v.rig_id from report_items ri join events v on v.id = ri.event_id
    where not ri.hidden group by 1, 2 order by count(*) desc, 1, 2 limit 1`);
  return {
    login: BENCH_USER,
    certificateId: certificate.id,
    bigCertificateId: big.id,
    stampedId: item.stamped_id,
    rigId: rig.rig_id,
    bigEventId: event.event_id,
    ownerId: general.owner_id,
    typeId: general.type_id,
    pdfEventId: pdfEvent.id,
    packOwnerId: pack.owner_id,
    packRigId: pack.rig_id,
  };
}
