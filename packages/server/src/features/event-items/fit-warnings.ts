/**
 * Marking `fit` an item that may not be fit (docs/event-items.md "Marking fit"): its renewal is overdue
 * or its effective age is over 5 years. The status is set all the same (a warning, not a refusal); the
 * answer names the items and why. Read after the write, in its transaction, so the derived due and
 * age tables already count the change (a renewal event that renews the item clears its warning).
 */
import { type AgeEvent, effectiveAge, type FitWarning, todayUtc } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { itemInScope } from '../../db/equipment-scope.ts';

/**
 * The warnings of the event's items given (all the caller may change when `itemIds` is left out) whose
 * status now means `fit`. Renewal overdue: the item's renewal clock (equipment_due.renewal_due) is
 * before today, whichever of its two clocks falls due first.
 */
export async function fitWarnings(
  db: Executor,
  options: { eventId: number; itemIds?: number[]; scope: OwnerScope },
): Promise<FitWarning[]> {
  const today = todayUtc();
  const { rows } = await db.execute<{
    stamped_id: string;
    renewal_due: string | null;
    date_signed: string | null;
    reset: AgeEvent | null;
  }>(sql`
    select q.stamped_id, d.renewal_due::text as renewal_due, c.date_signed::text as date_signed,
      (select json_build_object('eventId', a.event_id, 'eventDate', a.event_date, 'isRenewal', a.is_renewal,
          'resetAge', a.reset_age, 'ageAtReset', a.age_at_reset)
        from equipment_age_events a where a.equipment_id = q.id order by a.event_date desc, a.event_id desc limit 1) as reset
    from event_items i
    join folders s on s.id = i.status_id and s.meaning = 'fit'
    join equipment q on q.id = i.equipment_id
    left join certificates c on c.id = q.certificate_id
    left join equipment_due d on d.equipment_id = q.id and d.renewal_due < ${today}::date
    where i.event_id = ${options.eventId} and ${options.itemIds === undefined ? sql`true` : sql`i.id = any(${sql.param(options.itemIds)}::bigint[])`}
      and ${itemInScope(options.scope)}
    order by i.sequence`);
  return rows.flatMap((row) => {
    const age = effectiveAge({ dateSigned: row.date_signed, today, events: row.reset ? [row.reset] : [] });
    if (row.renewal_due === null && !age.flagged) return [];
    return [{ stampedId: row.stamped_id, renewalDue: row.renewal_due, effectiveAge: age.flagged ? age.shown : null }];
  });
}
