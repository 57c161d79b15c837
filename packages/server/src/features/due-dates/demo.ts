/**
 * Demo regimes (issue 14): the trade's intervals by certificate type name, and what the demo event
 * types count as. Used by the demo data and by `npm run seed:scale`; adds only what is missing, and
 * the triggers fill `equipment_due` for every item of the types it adds (one statement each).
 */
export const DUE_DEMO_KINDS_SQL = `
  insert into event_type_due_kinds (event_type_id, kind, created_by, updated_by)
  select f.id, v.kind, 'seed', 'seed' from folders f
  join (values ('inspection', 'inspection'), ('mpi', 'inspection'), ('rov survey', 'inspection'), ('renewal survey', 'renewal')) v(name, kind)
    on lower(f.name) = v.name
  where f.kind = 'eventType'
  on conflict do nothing`;

/** LOLER practice: lifting accessories 6 months, other lifting gear 12; mooring chain renewal every 5 years. */
export const DUE_DEMO_REGIMES_SQL = `
  insert into due_regimes (certificate_type_id, inspection_months, renewal_months, created_by, updated_by)
  select ct.id, v.inspection, v.renewal, 'seed', 'seed' from certificate_types ct
  join (values ('shackles', 6, null::int), ('slings', 6, null), ('wire rope', 12, null), ('fibre rope', 12, null),
    ('chain', 12, 60), ('kenter links', 12, 60)) v(name, inspection, renewal)
    on lower(ct.name) = v.name
  on conflict do nothing`;
