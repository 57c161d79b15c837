/**
 * Scale seed, part 1: owners and catalogue (found or created by name; owners 1 and 83 join in when
 * present), certificates, equipment with one history row each, and chips on about 20 % of the items.
 * Leaves temp tables sc_node, sc_cert and sc_eq (rn -> equipment id) for the later steps.
 */
import type pg from 'pg';
import { BY, CHUNK, chunked, log, one, pick, rnd, type ScaleOptions } from './scale-sql.ts';

const OWNERS: [name: string, code: string, label: string][] = [
  ['Synthetic Owner A', 'SYA', 'primary'],
  ['Synthetic Owner B', 'SYB', 'info'],
  ['Synthetic Owner C', 'SYC', 'warning'],
  ['Synthetic Owner D', 'SYD', 'none'],
];
/** [type, sub-type, kind, grade, dimensions in mm, manufacturers, certifying codes] */
const CATALOGUE: [string, string, string, string, number[], string[], string[]][] = [
  [
    'Chain',
    'Studless R4',
    'chain',
    'R4',
    [76, 84, 95, 102, 114, 127, 147],
    ['Halvorsen Chain Works', 'Baltic Forge AB', 'Ryvik Steel'],
    ['DNV-OS-E302', 'IACS Rec. 38', 'ISO 19901-7'],
  ],
  ['Chain', 'Studless R5', 'chain', 'R5', [147, 178], ['Halvorsen Chain Works', 'Ferrovia Mooring Chain'], ['DNV-OS-E302']],
  ['Chain', 'Studlink R3S', 'chain', 'R3S', [76, 84, 95], ['Baltic Forge AB', 'Ryvik Steel'], ['DNV-OS-E302', 'IACS Rec. 38']],
  ['Wire rope', 'Spiral strand', 'wire', '1570', [96, 110, 128], ['Kessler Wire Rope', 'Norvik Ropes'], ['DNV-OS-E304', 'API RP 2I']],
  ['Wire rope', 'Six-strand IWRC', 'wire', '1960', [64, 76, 84], ['Tamsett Wire Ltd', 'Norvik Ropes'], ['DNV-OS-E304']],
  [
    'Fibre rope',
    'Polyester',
    'fibre',
    'Polyester',
    [160, 190, 220],
    ['Marlin Fibre Systems', 'Polyrope Offshore'],
    ['DNV-OS-E303', 'ISO 19901-7'],
  ],
  [
    'Kenter links',
    'Kenter R4',
    'kenter',
    'R4',
    [76, 84, 95, 114, 127],
    ['Linkwell Connectors', 'Halvorsen Chain Works'],
    ['DNV-OS-E302', 'API RP 2I'],
  ],
  ['Shackles', 'D-shackle', 'shackle', 'R4', [84, 102, 114, 127], ['Grønnes Lifting', 'Hatteras Rigging Supply'], ['DNV-OS-E302']],
];
/** [event type, weight, statuses: name, colour, default] */

/** Returns the number of equipment items made (rows of temp table sc_eq). */
export async function fillCatalogue(client: pg.PoolClient, o: ScaleOptions): Promise<number> {
  // ---- owners and their catalogues (found or created by name); owners 1 and 83 join in when present
  await client.query(
    `insert into owners (name, short_code, label, created_by, updated_by)
     select v.name, v.code, v.label, $4, $4 from unnest($1::text[], $2::text[], $3::text[]) v(name, code, label)
     on conflict do nothing`,
    [OWNERS.map((x) => x[0]), OWNERS.map((x) => x[1]), OWNERS.map((x) => x[2]), BY],
  );
  const ownerIds = (
    await client.query(`select id from owners where lower(name) = any($1::text[]) or id in (1, 83) order by id`, [
      OWNERS.map((x) => x[0].toLowerCase()),
    ])
  ).rows.map((r) => r.id as number);
  const flat = CATALOGUE.flatMap(([type, sub, kind, grade, dims, makers, codes]) =>
    dims.map((dim) => ({
      type,
      sub,
      kind,
      grade,
      dim,
      makers: `{${makers.map((m) => `"${m}"`).join(',')}}`,
      codes: `{${codes.map((c) => `"${c}"`).join(',')}}`,
    })),
  );
  const col = <K extends keyof (typeof flat)[number]>(k: K) => flat.map((f) => f[k]);
  await client.query(
    `insert into certificate_types (owner_id, name, created_by, updated_by)
     select o.id, t.name, $3, $3 from unnest($1::int[]) o(id) cross join (select distinct unnest($2::text[]) as name) t
     on conflict do nothing`,
    [ownerIds, col('type'), BY],
  );
  await client.query(
    `insert into certificate_sub_types (certificate_type_id, name, created_by, updated_by)
     select distinct ct.id, v.sub, $4, $4 from unnest($1::int[]) o(id)
     cross join unnest($2::text[], $3::text[]) v(type, sub)
     join certificate_types ct on ct.owner_id = o.id and lower(ct.name) = lower(v.type)
     on conflict do nothing`,
    [ownerIds, col('type'), col('sub'), BY],
  );
  await client.query(
    `insert into dimensions (sub_type_id, name, nominal_size, nominal_unit, created_by, updated_by)
     select st.id, v.dim || ' mm', v.dim, 'mm', $5, $5 from unnest($1::int[]) o(id)
     cross join unnest($2::text[], $3::text[], $4::int[]) v(type, sub, dim)
     join certificate_types ct on ct.owner_id = o.id and lower(ct.name) = lower(v.type)
     join certificate_sub_types st on st.certificate_type_id = ct.id and lower(st.name) = lower(v.sub)
     on conflict do nothing`,
    [ownerIds, col('type'), col('sub'), col('dim'), BY],
  );
  await client.query(`create temp table sc_node (rn int primary key, owner_id int, type_id int, sub_type_id int, dim_id int,
    kind text, grade text, dim int, sub text, makers text[], codes text[])`);
  const nodes = await one(
    client,
    `with ins as (insert into sc_node
       select row_number() over (order by o.id, v.ord) - 1, o.id, ct.id, st.id, d.id, v.kind, v.grade, v.dim, v.sub, v.makers::text[], v.codes::text[]
       from unnest($1::int[]) o(id)
       cross join unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[]) with ordinality v(type, sub, kind, grade, dim, makers, codes, ord)
       join certificate_types ct on ct.owner_id = o.id and lower(ct.name) = lower(v.type)
       join certificate_sub_types st on st.certificate_type_id = ct.id and lower(st.name) = lower(v.sub)
       join dimensions d on d.sub_type_id = st.id and lower(d.name) = lower(v.dim || ' mm')
       returning 1) select count(*) from ins`,
    [ownerIds, col('type'), col('sub'), col('kind'), col('grade'), col('dim'), col('makers'), col('codes')],
  );
  log(`owners ${ownerIds.join(', ')}: ${nodes} catalogue nodes`);

  // ---- certificates
  const certBase = await one(
    client,
    `select coalesce(max(substring(certificate_number from 9)::bigint), 0) from certificates where certificate_number ~ '^SC-CERT-[0-9]+$'`,
  );
  const certIdBefore = await one(client, 'select coalesce(max(id), 0) from certificates');
  const signed = `(current_date - floor(${rnd('g', 1)} * 4380)::int)`;
  await chunked('certificates', o.certificates, CHUNK, (lo, hi) =>
    client
      .query(
        `insert into certificates (owner_id, type_id, sub_type_id, dimension_id, certificate_number, manufacturer, quality,
         certified_to_code, date_signed, certificate_issued_by, other_information, color, created_at, created_by, updated_at, updated_by)
       select n.owner_id, n.type_id, n.sub_type_id, n.dim_id, 'SC-CERT-' || lpad((${certBase} + g)::text, 8, '0'),
         n.makers[1 + floor(${rnd('g', 2)} * cardinality(n.makers))::int], n.grade,
         n.codes[1 + floor(${rnd('g', 3)} * cardinality(n.codes))::int], ${signed},
         ${pick(['DNV', 'ABS', 'Bureau Veritas', "Lloyd's Register"], 'g', 4)},
         case when n.kind in ('chain', 'kenter') then 'Synthetic certificate, ' || n.dim || ' mm ' || n.grade end,
         case when g % 23 = 0 then 'warning' when g % 37 = 0 then 'info' else 'none' end,
         ${signed} + time '10:00' + interval '5 days', '${BY}', ${signed} + time '10:00' + interval '5 days', '${BY}'
       from generate_series(${lo}::int, ${hi}::int) g join sc_node n on n.rn = g % ${nodes}`,
      )
      .then((r) => r.rowCount),
  );
  await client.query(`create temp table sc_cert (rn int primary key, id int, kind text, description text, created_at timestamptz)`);
  await client.query(
    `insert into sc_cert select row_number() over (order by c.id), c.id, n.kind, n.dim || ' mm ' || n.sub, c.created_at
     from certificates c join sc_node n on n.dim_id = c.dimension_id
     where c.id > $1 and c.certificate_number like 'SC-CERT-%'`,
    [certIdBefore],
  );
  const certs = await one(client, 'select count(*) from sc_cert');

  // ---- equipment: about four per certificate, 2 % unlinked, 5 % inactive, 4 % with a parent
  const stampBase = await one(
    client,
    `select coalesce(max(substring(stamped_id from 4)::bigint), 0) from equipment where stamped_id ~ '^SC-[0-9]+$'`,
  );
  const eqIdBefore = await one(client, 'select coalesce(max(id), 0) from equipment');
  await chunked('equipment', o.equipment, CHUNK, (lo, hi) =>
    client
      .query(
        `insert into equipment (stamped_id, certificate_id, description, length, comment, hidden, created_at, created_by, updated_at, updated_by)
       select 'SC-' || lpad((${stampBase} + g)::text, 8, '0'), case when g % 50 = 17 then null else c.id end, c.description,
         case c.kind when 'chain' then round((120 + ${rnd('g', 11)} * 980)::numeric, 1)
                     when 'wire' then round((300 + ${rnd('g', 11)} * 2200)::numeric, 1)
                     when 'fibre' then round((300 + ${rnd('g', 11)} * 1200)::numeric, 1) end,
         case when ${rnd('g', 12)} < 0.03 then ${pick(['Stored at base', 'Re-terminated', 'Marine growth removed', 'Spare'], 'g', 13)} end,
         ${rnd('g', 14)} < 0.05, c.created_at, '${BY}', c.created_at, '${BY}'
       from generate_series(${lo}::int, ${hi}::int) g
       join sc_cert c on c.rn = 1 + ((g - 1)::bigint * ${certs} / ${o.equipment})`,
      )
      .then((r) => r.rowCount),
  );
  await client.query(`create temp table sc_eq (rn int primary key, id int)`);
  const eqCount = await one(
    client,
    `with ins as (insert into sc_eq select row_number() over (order by id), id from equipment where id > $1 and stamped_id like 'SC-%' returning 1)
     select count(*) from ins`,
    [eqIdBefore],
  );
  const parents = await client.query(
    `update equipment e set parent_id = p.id from sc_eq c join sc_eq p on p.rn = c.rn - 1 where e.id = c.id and c.rn % 25 = 0`,
  );
  log(`equipment: ${parents.rowCount} items given a parent`);
  await chunked('equipment_history', eqCount, CHUNK, (lo, hi) =>
    client
      .query(
        `insert into equipment_history (equipment_id, stamped_id, certificate_id, length, hidden, comment, changed_at, changed_by)
       select e.id, e.stamped_id, e.certificate_id, e.length, e.hidden, e.comment, e.created_at, e.created_by
       from sc_eq q join equipment e on e.id = q.id where q.rn between ${lo} and ${hi}`,
      )
      .then((r) => r.rowCount),
  );
  await chunked('chips', eqCount, CHUNK, (lo, hi) =>
    client
      .query(
        `insert into chips (chip_id, equipment_id, date_registered, created_by)
       select upper(substr(md5('sc-chip-' || e.id), 1, 16)), e.id, e.created_at + interval '3 days', '${BY}'
       from sc_eq q join equipment e on e.id = q.id where q.rn between ${lo} and ${hi} and ${rnd('q.id', 21)} < 0.2
       on conflict do nothing`,
      )
      .then((r) => r.rowCount),
  );
  await client.query('analyze sc_eq');
  return eqCount;
}
