/**
 * Scale seed, part 2: event types with statuses and rigs with projects (found or created by name),
 * events over the last six years, their event items (each event a contiguous run of the new
 * equipment, so (event, equipment) stays unique). The latest status and the other derived tables
 * follow by their triggers (db/derived/).
 */
import type { StatusMeaning } from '@portal/contract';
import type pg from 'pg';
import { BY, CHUNK, chunked, log, one, pick, rnd, type ScaleOptions, seconds } from './scale-sql.ts';

const EVENT_USERS = ['anna.berg', 'lars.moen', 'siri.aas', 'tor.lie', 'eva.nes', 'nils.ruud'].map((u) => `${u}@scale.example`);
const EVENT_TYPES: [string, number, [string, string, boolean, StatusMeaning][]][] = [
  [
    'Inspection',
    0.7,
    [
      ['OK', 'success', true, 'fit'],
      ['Monitor', 'warning', false, 'monitor'],
      ['Replace', 'danger', false, 'condemned'],
      ['Not inspected', 'default', false, 'notInspected'],
    ],
  ],
  [
    'MPI',
    0.2,
    [
      ['No indications', 'success', true, 'fit'],
      ['Indication, monitor', 'warning', false, 'monitor'],
      ['Crack, replace', 'danger', false, 'condemned'],
    ],
  ],
  [
    'Renewal survey',
    0.1,
    [
      ['Accepted', 'success', true, 'fit'],
      ['Repaired', 'info', false, 'fit'],
      ['Monitor', 'warning', false, 'monitor'],
      ['Rejected', 'danger', false, 'condemned'],
    ],
  ],
];
const RIGS = 20;
const PROJECTS_PER_RIG = 3;

/** Returns the number of projects (rows of temp table sc_project); leaves sc_type and sc_status. */
export async function fillFolders(client: pg.PoolClient): Promise<number> {
  // ---- folders: event types with statuses, rigs with projects (found or created by name)
  const types = EVENT_TYPES.map((t) => t[0]);
  await client.query(
    `insert into folders (kind, name, color, sort_order, created_by, updated_by)
     select 'eventType', v.name, 'default', 100 + v.ord, $2, $2 from unnest($1::text[]) with ordinality v(name, ord)
     on conflict do nothing`,
    [types, BY],
  );
  const st = EVENT_TYPES.flatMap(([type, , list]) =>
    list.map(([name, color, def, meaning], i) => ({ type, name, color, def, meaning, i })),
  );
  await client.query(
    `insert into folders (kind, parent_id, name, color, is_default, sort_order, meaning, created_by, updated_by)
     select 'status', t.id, v.name, v.color,
       v.def and not exists (select 1 from folders d where d.kind = 'status' and d.parent_id = t.id and d.is_default), v.i, v.meaning, $7, $7
     from unnest($1::text[], $2::text[], $3::text[], $4::bool[], $5::int[], $6::text[]) v(type, name, color, def, i, meaning)
     join folders t on t.kind = 'eventType' and t.parent_id is null and lower(t.name) = lower(v.type)
     on conflict do nothing`,
    [
      st.map((x) => x.type),
      st.map((x) => x.name),
      st.map((x) => x.color),
      st.map((x) => x.def),
      st.map((x) => x.i),
      st.map((x) => x.meaning),
      BY,
    ],
  );
  const rigNames = Array.from({ length: RIGS }, (_, i) => `Synthetic Rig ${String(i + 1).padStart(2, '0')}`);
  await client.query(
    `insert into folders (kind, name, color, sort_order, created_by, updated_by)
     select 'rig', v.name, 'default', 100 + v.ord, $2, $2 from unnest($1::text[]) with ordinality v(name, ord)
     on conflict do nothing`,
    [rigNames, BY],
  );
  await client.query(
    `insert into folders (kind, parent_id, name, color, sort_order, created_by, updated_by)
     select 'project', r.id, 'Campaign ' || p, 'default', p, $2, $2
     from folders r cross join generate_series(1, ${PROJECTS_PER_RIG}) p
     where r.kind = 'rig' and r.name = any($1::text[])
     on conflict do nothing`,
    [rigNames, BY],
  );
  await client.query(`create temp table sc_type (rn int primary key, id int, name text, cnt int)`);
  await client.query(
    `insert into sc_type select v.ord - 1, t.id, t.name, (select count(*) from folders s where s.kind = 'status' and s.parent_id = t.id and s.enabled)
     from unnest($1::text[]) with ordinality v(name, ord)
     join folders t on t.kind = 'eventType' and t.parent_id is null and lower(t.name) = lower(v.name)`,
    [types],
  );
  await client.query(`create temp table sc_status (type_id int, n int, id int, primary key (type_id, n))`);
  await client.query(
    `insert into sc_status select s.parent_id, row_number() over (partition by s.parent_id order by s.is_default desc, s.sort_order, s.id) - 1, s.id
     from folders s join sc_type t on t.id = s.parent_id where s.kind = 'status' and s.enabled`,
  );
  await client.query(`create temp table sc_project (rn int primary key, rig_id int, project_id int, rig text)`);
  const projects = await one(
    client,
    `with ins as (insert into sc_project
       select row_number() over (order by r.id, p.id) - 1, r.id, p.id, r.name from folders r join folders p on p.parent_id = r.id and p.kind = 'project'
       where r.kind = 'rig' and r.name = any($1::text[]) returning 1) select count(*) from ins`,
    [rigNames],
  );
  log(`folders: ${types.length} event types, ${RIGS} rigs, ${projects} projects`);
  return projects;
}

export async function fillEvents(client: pg.PoolClient, o: ScaleOptions, eqCount: number, projects: number): Promise<void> {
  // ---- events over the last six years
  const evIdBefore = await one(client, 'select coalesce(max(id), 0) from events');
  const evBase = await one(
    client,
    `select coalesce(max(substring(document_no from 7)::bigint), 0) from events where document_no ~ '^SC-EV-[0-9]+$'`,
  );
  const typePick = `case when ${rnd('g', 31)} < ${EVENT_TYPES[0][1]} then 0 when ${rnd('g', 31)} < ${EVENT_TYPES[0][1] + EVENT_TYPES[1][1]} then 1 else 2 end`;
  const evDate = `(current_date - floor(${rnd('g', 32)} * 2190)::int)`;
  await chunked('events', o.events, CHUNK, (lo, hi) =>
    client
      .query(
        `insert into events (type_id, rig_id, project_id, event_location, event_date, ahv, comment, document_no, responsible, company,
         is_renewal, category, created_at, created_by, updated_at, updated_by)
       select t.id, p.rig_id, p.project_id, ${pick(['Field A, block 34/7', 'Field B, block 6406/2', 'Kristiansund base', 'Hanøytangen yard'], 'g', 33)},
         ${evDate}, ${pick(['Havørn Supporter', 'Sjøkatt Warrior', 'Bluefin Endeavour', 'Ocean Terne'], 'g', 34)},
         case when g % 3 = 0 then 'Synthetic event ' || g end, 'SC-EV-' || lpad((${evBase} + g)::text, 7, '0'),
         ${pick(['Kari Lunde', 'Ola Brekke', 'Ingrid Sæther', 'Jonas Vik'], 'g', 35)},
         ${pick(['Brage Inspection AS', 'Subsea Integrity Partners', 'Fjordline NDT Services'], 'g', 36)},
         t.name = 'Renewal survey', case t.name when 'Renewal survey' then 'Class' when 'Inspection' then 'Annual' else 'NDT' end,
         ${evDate} + time '15:00', ${pick(EVENT_USERS, 'g', 37)}, ${evDate} + time '15:00', ${pick(EVENT_USERS, 'g', 37)}
       from generate_series(${lo}::int, ${hi}::int) g
       join sc_type t on t.rn = ${typePick}
       join sc_project p on p.rn = g % ${projects}`,
      )
      .then((r) => r.rowCount),
  );
  // Each event gets a contiguous run of items (a leg, a spread) starting somewhere in the new equipment;
  // counts vary from 0.2x to 1.8x the average and add up to --event-items.
  await client.query(`create temp table sc_ev (rn int primary key, id int, type_id int, created_at timestamptz, created_by text,
    start int, cnt int default 0)`);
  const evCount = await one(
    client,
    `with ins as (insert into sc_ev (rn, id, type_id, created_at, created_by, start)
       select row_number() over (order by id), id, type_id, created_at, created_by, floor(${rnd('id', 41)} * ${eqCount})::int
       from events where id > $1 and document_no like 'SC-EV-%' returning 1) select count(*) from ins`,
    [evIdBefore],
  );
  await client.query(
    `with w as (select rn, 0.2 + 1.6 * ${rnd('rn', 42)} as w from sc_ev),
     c as (select rn, sum(w) over (order by rn) as cum, w, sum(w) over () as total from w)
     update sc_ev e set cnt = least(${eqCount}, floor(${o.eventItems}::float8 * c.cum / c.total) - floor(${o.eventItems}::float8 * (c.cum - c.w) / c.total))
     from c where c.rn = e.rn`,
  );
  await client.query('analyze sc_ev');

  // ---- event items, in chunks of whole events
  const buckets = (
    await client.query(
      `select min(rn) lo, max(rn) hi, sum(cnt) n from (select rn, cnt, (sum(cnt) over (order by rn) - cnt) / ${CHUNK} as b from sc_ev) x group by b order by b`,
    )
  ).rows as { lo: number; hi: number; n: number }[];
  const totalItems = buckets.reduce((sum, b) => sum + Number(b.n), 0);
  let done = 0;
  const seedExpr = 'e.id::bigint * 4096 + k';
  const itemSeed = 'x.event_id::bigint * 4096 + x.k';
  for (const b of buckets) {
    const t = performance.now();
    const r = await client.query(
      `insert into event_items (event_id, equipment_id, sequence, status_id, comment, notification, created_at, created_by, updated_at, updated_by)
       select x.event_id, x.equipment_id, x.k, s.id,
         case when x.n > 0 and ${rnd(itemSeed, 51)} < 0.5
           then ${pick(['Pitting on link crowns', 'Wear at contact area', 'Broken wires', 'Jacket abrasion', 'Indication found'], itemSeed, 52)} end,
         ${rnd(itemSeed, 53)} < 0.01, x.created_at, x.created_by, x.created_at, x.created_by
       from (
         select e.id as event_id, q.id as equipment_id, k, e.type_id, e.created_at, e.created_by,
           case when t.cnt <= 1 or ${rnd(seedExpr, 54)} < 0.85 then 0 else 1 + floor(${rnd(seedExpr, 55)} * (t.cnt - 1))::int end as n
         from sc_ev e
         join sc_type t on t.id = e.type_id
         cross join lateral generate_series(1, e.cnt) k
         join sc_eq q on q.rn = 1 + (e.start + k - 1) % ${eqCount}
         where e.rn between ${b.lo} and ${b.hi}
       ) x
       join sc_status s on s.type_id = x.type_id and s.n = x.n`,
    );
    done += r.rowCount ?? 0;
    log(
      `event_items: ${done.toLocaleString('en-US')} / ${totalItems.toLocaleString('en-US')} (${(r.rowCount ?? 0).toLocaleString('en-US')} rows in ${seconds(t)} s)`,
    );
  }
  log(`events: ${evCount.toLocaleString('en-US')} with ${done.toLocaleString('en-US')} items`);
}
