/**
 * Report and export speed on the scale data: not a test (timings are never asserted), a measuring
 * script. Quoted in docs/reports.md.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a copy of portal_scale> node packages/server/test/measure-reports.ts
 *
 * 1. Each report's page query and count, EXPLAIN ANALYZE, 10 runs, for all owners and for owner 1:
 *    the p95 of page + count execution time.
 * 2. Excel of the stamped ids report for all owners (200,000 rows) through the app: wall time and the
 *    process's RSS growth.
 * 3. PDF of an event with 2,000 items through the app (one is added to the copy if none): wall time.
 */
import { defaultReportSettings, reportNameList } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { createSession } from '../src/auth/sessions.ts';
import { readConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { reportCounts, reportPages, reportQueries } from '../src/features/reports/queries.ts';
import { createUser } from './factories.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to a copy of the scale database');
const RUNS = Number(process.env.RUNS ?? 10);
const handle = openPostgres(url);
const db = handle.db;

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];
async function executionMs(query: ReturnType<typeof sql>) {
  const { rows } = await db.execute(sql`explain (analyze, format json) ${query}`);
  return (rows[0] as { 'QUERY PLAN': { 'Execution Time': number }[] })['QUERY PLAN'][0]['Execution Time'];
}

if (!process.env.SKIP_REPORTS) {
  console.log('report                 scope   rows     p95 ms (page 50 + count)');
  for (const name of reportNameList) {
    for (const scope of ['all', [1]] as const) {
      const ctx = { scope, settings: defaultReportSettings, internal: true };
      const query = reportQueries[name](ctx);
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS; run++) {
        const page = await executionMs(reportPages[name]?.(ctx, 50, 0) ?? sql`${query} limit 50 offset 0`);
        const count = await executionMs(reportCounts[name]?.(ctx) ?? sql`select count(*) from (${query}) r`);
        times.push(page + count);
      }
      total = ((await db.execute(reportCounts[name]?.(ctx) ?? sql`select count(*)::int as n from (${query}) r`)).rows[0] as { n: number })
        .n;
      console.log(
        `${name.padEnd(22)} ${String(scope === 'all' ? 'all' : 'owner 1').padEnd(7)} ${String(total).padEnd(8)} ${p95(times).toFixed(1)}`,
      );
    }
  }
}

const app = await buildApp({ db, databaseReady: handle.ready, config: { ...readConfig({}), publicUrl: 'http://portal.measure' } });
await app.ready();
const user = await createUser(db, { level: 'Admin' });
const authorization = `Bearer ${await createSession(db, { userId: user.id, ip: '127.0.0.1' })}`;

async function timed(path: string) {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const response = await app.inject({ url: path, headers: { authorization } });
  const ms = performance.now() - started;
  clearInterval(sampler);
  return { status: response.statusCode, bytes: response.rawPayload.length, ms, rssGrowthMb: (peak - rssBefore) / 1e6 };
}

const excel = await timed('/api/Report/stampedids/excel');
console.log(`stampedids Excel, all owners: ${JSON.stringify(excel)}`);
// The scale set's events hold up to 180 items: one event of 2,000 items is added (once) for the PDF.
const { rows: big } = await db.execute(
  sql`select event_id as id, count(*)::int as n from event_items group by event_id having count(*) >= 2000 limit 1`,
);
let event = big[0] as { id: number; n: number } | undefined;
if (!event) {
  const { rows } = await db.execute(sql`
    with ev as (
      insert into events (type_id, rig_id, project_id, event_date, event_location, comment, created_by)
      select type_id, rig_id, project_id, current_date, 'Measure', 'A 2,000-item event for the PDF measure', 'measure@example.com'
      from events limit 1 returning id
    ), items as (
      insert into event_items (event_id, equipment_id, sequence, status_id, comment)
      select ev.id, e.id, row_number() over (order by e.id), s.id, 'Measured item ' || e.stamped_id
      from ev, (select id, stamped_id from equipment order by id limit 2000) e,
        lateral (select id from folders where kind = 'status' order by id limit 1) s
      returning 1
    )
    select ev.id, (select count(*) from items)::int as n from ev`);
  event = rows[0] as { id: number; n: number };
}
const pdf = await timed(`/api/Export/Pdf/${event.id}`);
console.log(`event PDF, ${event.n} items: ${JSON.stringify(pdf)}`);
const eventExcel = await timed(`/api/Export/${event.id}?trace=true`);
console.log(`event Excel, ${event.n} items: ${JSON.stringify(eventExcel)}`);
await app.close();
await handle.close();
