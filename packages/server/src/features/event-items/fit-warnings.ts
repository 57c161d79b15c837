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
import { bool, date, int, num, readRows, renderRead, text } from '../../db/read.ts';

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
  const read = renderRead('eventItems.fitWarnings', {
    columns: {
      stampedId: text(sql`q.stamped_id`),
      renewalDue: date.orNull(sql`d.renewal_due`),
      dateSigned: date.orNull(sql`c.date_signed`),
      // The latest age-setting event (by date, then id), the only one the effective age reads.
      resetEventId: int.orNull(sql`a.event_id`),
      resetEventDate: date.orNull(sql`a.event_date`),
      resetIsRenewal: bool.orNull(sql`a.is_renewal`),
      resetResetAge: bool.orNull(sql`a.reset_age`),
      resetAgeAtReset: num.orNull(sql`a.age_at_reset`),
    },
    from: sql`from event_items i
    join folders s on s.id = i.status_id and s.meaning = 'fit'
    join equipment q on q.id = i.equipment_id
    left join certificates c on c.id = q.certificate_id
    left join equipment_due d on d.equipment_id = q.id and d.renewal_due < ${today}::date
    left join lateral (select a.event_id, a.event_date, a.is_renewal, a.reset_age, a.age_at_reset
        from equipment_age_events a where a.equipment_id = q.id order by a.event_date desc, a.event_id desc limit 1) a on true
    where i.event_id = ${options.eventId} and ${options.itemIds === undefined ? sql`true` : sql`i.id = any(${sql.param(options.itemIds)}::bigint[])`}
      and ${itemInScope(options.scope)}
    order by i.sequence`,
  });
  const rows = await readRows(db, read);
  return rows.flatMap((row) => {
    const reset: AgeEvent | null =
      row.resetEventId === null
        ? null
        : {
            eventId: row.resetEventId,
            eventDate: row.resetEventDate as string,
            isRenewal: row.resetIsRenewal as boolean,
            resetAge: row.resetResetAge as boolean,
            ageAtReset: row.resetAgeAtReset,
          };
    const age = effectiveAge({ dateSigned: row.dateSigned, today, events: reset ? [reset] : [] });
    if (row.renewalDue === null && !age.flagged) return [];
    return [{ stampedId: row.stampedId, renewalDue: row.renewalDue, effectiveAge: age.flagged ? age.shown : null }];
  });
}
