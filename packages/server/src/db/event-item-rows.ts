/**
 * What the event detail's chip rows and the exports' item lists select from: an event's items with
 * their equipment, certificate (type, sub-type, dimension, owner) and status. Aliases: i (event_items),
 * e (equipment), c, ct, cst, d, o, s (the item's status). Callers add the columns and the where.
 */
import { sql } from 'drizzle-orm';

export const eventItemRowsFrom = sql`event_items i
  join equipment e on e.id = i.equipment_id
  left join certificates c on c.id = e.certificate_id
  left join certificate_types ct on ct.id = c.type_id
  left join certificate_sub_types cst on cst.id = c.sub_type_id
  left join dimensions d on d.id = c.dimension_id
  left join owners o on o.id = c.owner_id
  left join folders s on s.id = i.status_id`;

/**
 * An equipment row's certificate and its names, for queries that call the equipment `q`: aliases c,
 * ct (type), cst (sub-type), d (dimension), o (owner); all left joins (unlinked items have none).
 */
export const certificateNamesOfQ = sql`left join certificates c on c.id = q.certificate_id
  left join certificate_types ct on ct.id = c.type_id
  left join certificate_sub_types cst on cst.id = c.sub_type_id
  left join dimensions d on d.id = c.dimension_id
  left join owners o on o.id = c.owner_id`;
