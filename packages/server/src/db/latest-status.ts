/**
 * Keeps `equipment_latest_status` (decision 015) in step for a set of equipment items: recomputed
 * from their event items (by event date, then event id) in the caller's transaction. Every write of
 * event items or of an event's date calls it with the items it touched; items left without any event
 * lose their row. Set-based, so an event of 2,000 items is one statement.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

export async function refreshLatestStatus(db: Executor, equipmentIds: readonly number[]): Promise<void> {
  if (equipmentIds.length === 0) return;
  const ids = sql`${`{${[...new Set(equipmentIds)].join(',')}}`}::int[]`;
  await db.execute(sql`
    with latest as (
      select distinct on (ei.equipment_id) ei.equipment_id, ei.id as event_item_id, e.id as event_id, e.event_date, ei.status_id, f.color
      from event_items ei
      join events e on e.id = ei.event_id
      left join folders f on f.id = ei.status_id
      where ei.equipment_id = any(${ids})
      order by ei.equipment_id, e.event_date desc, e.id desc
    ), gone as (
      delete from equipment_latest_status s
      where s.equipment_id = any(${ids}) and not exists (select 1 from latest l where l.equipment_id = s.equipment_id)
    )
    insert into equipment_latest_status (equipment_id, event_item_id, event_id, event_date, status_id, color)
    select equipment_id, event_item_id, event_id, event_date, status_id, color from latest
    on conflict (equipment_id) do update set
      event_item_id = excluded.event_item_id, event_id = excluded.event_id, event_date = excluded.event_date,
      status_id = excluded.status_id, color = excluded.color`);
}

/** The equipment ids of an event's items (before the event or its date changes). */
export async function eventEquipmentIds(db: Executor, eventId: number): Promise<number[]> {
  const { rows } = await db.execute<{ equipment_id: number }>(sql`select equipment_id from event_items where event_id = ${eventId}`);
  return rows.map((row) => Number(row.equipment_id));
}
