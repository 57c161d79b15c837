/**
 * When an item needs a reason (issue 28 part 4, docs/measurements.md "Recording"): its measurements
 * propose a status, its status is another, and no reason is on record. The editor's rows flag it
 * ('Differs from proposed: reason needed') and sign-off refuses the event while any item is so: one
 * expression for both, over an `event_items` row aliased `i`. After sign-off a status can only change by
 * an amendment, whose own reason is on record (docs/sign-off.md): an amended item needs none more.
 */
import { type SQL, sql } from 'drizzle-orm';

export const reasonNeeded = (item: SQL = sql`i`): SQL =>
  sql`(${item}.proposed_status_id is not null and ${item}.status_id is distinct from ${item}.proposed_status_id and ${item}.verdict_reason is null
    and not exists (select 1 from event_seals a where a.event_item_id = ${item}.id and a.kind = 'amendment'))`;
