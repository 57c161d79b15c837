/**
 * The status an item gets when it is added without one chosen: the event type's first enabled
 * `notInspected` status in the admin's order (the order the editor lists them in), none when the type
 * has none. Adding, copying with equipment and the series and import paths all use this one
 * statement, so an item never looks inspected only because it was added (docs/event-items.md).
 */
import { type SQL, sql } from 'drizzle-orm';

export const notInspectedStatusOf = (typeId: SQL | number): SQL => sql`(select s.id from folders s
  where s.kind = 'status' and s.parent_id = ${typeId} and s.enabled and s.meaning = 'notInspected'
  order by s.sort_order, lower(s.name), s.id limit 1)`;
