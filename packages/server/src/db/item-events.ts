/**
 * One equipment item's events, newest first, as the General report's details and the stamped id
 * exports list them: date, type, rig, project, status and colour, the item's comment, and who signed
 * the event off (docs/sign-off.md). An event
 * recorded while the item was another owner's (a moved item's former owner, docs/security.md rule 28)
 * keeps its date, type and status; its rig, project and comment are null.
 */
import { sql } from 'drizzle-orm';
import type { OwnerScope } from '../auth/scope.ts';
import { recordedForAnotherOwner } from './equipment-scope.ts';
import { inOwnerScope } from './scope.ts';

/** `colorAs`: the colour column's name in the caller's answer. */
export const itemEventsQuery = (equipmentId: number, scope: OwnerScope, colorAs: 'color' | 'statusColor' = 'color') => sql`
  select v.event_date as "eventDate", t.name as "eventType",
    case when not f.former then r.name end as rig, case when not f.former then p.name end as project,
    s.name as status, s.color as ${sql.identifier(colorAs)}, case when not f.former then i.comment end as comment,
    case when not f.former then (select so.inspector || ' (' || so.qualification || ', ' || so.company || ')'
      from event_seals so where so.event_id = v.id and so.kind = 'signOff') end as "signedOff"
  from event_items i
  join events v on v.id = i.event_id
  join folders t on t.id = v.type_id
  join folders r on r.id = v.rig_id
  join folders p on p.id = v.project_id
  left join folders s on s.id = i.status_id
  cross join lateral (select ${recordedForAnotherOwner(inOwnerScope(sql`hc.owner_id`, scope), sql`i`)} as former) f
  where i.equipment_id = ${equipmentId}
  order by v.event_date desc, v.id desc`;
