/**
 * The daily due-date digest (docs/due-dates.md "Reminder mails"). One run at a time across every
 * instance: the run is one transaction holding a transaction-level advisory lock, so a second
 * instance's run finds it taken and skips. An item is mailed once per due date and light
 * (`due_reminders_sent`): it can be mailed yellow and later red, never twice the same.
 */
import { addDays, dueMessages, plural } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { bool, type Column, date, defineRead, int, readRows, renderRead, run, text, textArray } from '../../db/read.ts';
import { dueReminderRuns } from '../../db/schema.ts';
import { deliverMail, queueMail } from '../../mail/outbox.ts';
import { dueToday, dueWarningDays } from './clock.ts';

export const DUE_REMINDER_LOCK_KEY = 740_014;
/** A digest lists at most this many items and links to the compliance view for the rest. */
const DIGEST_MAX_LINES = 200;

export interface ReminderContext {
  db: Database;
  config: Pick<Config, 'smtpUrl' | 'publicUrl'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

type NewItem = {
  equipment_id: number;
  owner_id: number;
  due_date: string;
  light: 'yellow' | 'red';
  stamped_id: string;
  owner_name: string;
  type_name: string;
  condemned: boolean;
  last_inspection: string | null;
};

const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** Where the mail's reader switches the reminders off: the switch on the due list (docs/due-dates.md). */
const remindersSwitchUrl = (publicUrl: string) => `${publicUrl}/Reports/Due#reminders`;

/**
 * The digest's text: the items by light, each with its due date. It never says an item "turned" red:
 * the first run (or a regime set on old items) lists items overdue for years.
 */
function digestText(items: NewItem[], publicUrl: string): string {
  const shown = items.slice(0, DIGEST_MAX_LINES);
  const line = (item: NewItem) =>
    `  ${dmy(item.due_date)}  ${item.stamped_id}  ${item.type_name}  (${item.owner_name})  ` +
    `${item.condemned ? 'Condemned, ' : ''}${item.last_inspection ? `last inspection ${dmy(item.last_inspection)}` : 'never inspected'}`;
  const group = (light: NewItem['light'], title: string) => {
    const count = items.filter((item) => item.light === light).length;
    const lines = shown.filter((item) => item.light === light).map(line);
    return count ? [`${title} (${plural(count, 'item')}, by due date):`, ...lines, ''] : [];
  };
  const left = items.length - shown.length;
  return [
    'Items due for inspection that no earlier digest listed.',
    '',
    ...group('red', 'Overdue or condemned'),
    ...group('yellow', 'Due soon'),
    ...(left ? [`Not listed here: ${plural(left, 'more item')}; the link below lists them all.`, ''] : []),
    `All due items: ${publicUrl}/Reports/Due`,
    '',
    'You get this mail because your due-date reminders are on.',
    `To stop them, sign in and switch off "Due-date reminders" at ${remindersSwitchUrl(publicUrl)}`,
  ].join('\n');
}

export type ReminderOutcome = { status: 'busy' } | { status: 'done'; items: number; mails: number };

/** One digest run for `today` (the injected clock by default). */
export async function runDueReminders(ctx: ReminderContext, today = dueToday(), warningDays = dueWarningDays()): Promise<ReminderOutcome> {
  const outcome = await ctx.db.transaction(async (tx) => {
    // Held anywhere (pg_locks; the embedded database has a single session, where the try would succeed), or taken now.
    const [lock] = await readRows(
      tx,
      renderRead('due.reminderLock', {
        columns: {
          locked:
            bool(sql`not exists (select 1 from pg_locks where locktype = 'advisory' and classid = 0 and objid = ${DUE_REMINDER_LOCK_KEY} and objsubid = 1 and granted)
        and pg_try_advisory_xact_lock(${DUE_REMINDER_LOCK_KEY})`),
        },
        from: sql``,
      }),
    );
    if (!lock.locked) return { status: 'busy' as const, mailIds: [] };
    const lastYellow = addDays(today, warningDays);
    const newItems = renderRead('due.reminderItems', {
      columns: {
        equipment_id: int(sql`d.equipment_id`),
        owner_id: int(sql`d.owner_id`),
        due_date: date(sql`d.due_date`),
        light: text(sql`l.light`) as Column<'yellow' | 'red'>,
        stamped_id: text(sql`e.stamped_id`),
        owner_name: text(sql`o.name`),
        type_name: text(sql`ct.name`),
        condemned: bool(sql`d.condemned`),
        last_inspection: date.orNull(sql`ls.inspection_date`),
      },
      from: sql`from equipment_due d
      cross join lateral (select case when d.condemned or d.due_date < ${today}::date then 'red' else 'yellow' end as light) l
      left join equipment_latest_status ls on ls.equipment_id = d.equipment_id
      join equipment e on e.id = d.equipment_id
      join owners o on o.id = d.owner_id
      join certificate_types ct on ct.id = d.certificate_type_id
      where (d.due_date <= ${lastYellow}::date or d.condemned)
        and not exists (select 1 from due_reminders_sent s
          where s.equipment_id = d.equipment_id and s.due_date = d.due_date and s.light = l.light)
      order by d.due_date, e.stamped_id`,
    });
    const items: NewItem[] = await readRows(tx, newItems);
    const subscribersRead = defineRead('due.reminderSubscribers', () => ({
      columns: {
        email: text(sql`u.email`),
        all_owners: bool(sql`u.all_owners`),
        // As text: the loop below reads each as a Number.
        owner_ids: textArray.orNull(sql`array_remove(array_agg(uo.owner_id), null)`),
      },
      from: sql`from due_subscriptions s join users u on u.id = s.user_id
      left join user_owners uo on uo.user_id = u.id
      group by u.id, u.email, u.all_owners order by u.id`,
    }));
    const subscribers = await readRows(tx, subscribersRead);
    const mailIds: number[] = [];
    for (const subscriber of items.length ? subscribers : []) {
      const owners = new Set((subscriber.owner_ids ?? []).map(Number));
      const theirs = subscriber.all_owners ? items : items.filter((item) => owners.has(Number(item.owner_id)));
      if (theirs.length === 0) continue;
      mailIds.push(
        await queueMail(tx, {
          to: subscriber.email,
          subject: dueMessages.digestSubject(
            theirs.filter((item) => item.light === 'red').length,
            theirs.filter((item) => item.light === 'yellow').length,
          ),
          text: digestText(theirs, ctx.config.publicUrl),
        }),
      );
    }
    if (items.length) {
      // One statement over arrays (unnest), however many items.
      await run(
        tx,
        sql`
        insert into due_reminders_sent (equipment_id, due_date, light)
        select * from unnest(${sql.param(items.map((i) => i.equipment_id))}::int[], ${sql.param(items.map((i) => i.due_date))}::date[],
          ${sql.param(items.map((i) => i.light))}::text[])
        on conflict do nothing`,
      );
    }
    await tx.insert(dueReminderRuns).values({ runDate: today, items: items.length, mails: mailIds.length });
    return { status: 'done' as const, items: items.length, mailIds };
  });
  if (outcome.status === 'busy') return { status: 'busy' };
  for (const id of outcome.mailIds) await deliverMail({ db: ctx.db, config: ctx.config, log: ctx.log }, id);
  return { status: 'done', items: outcome.items, mails: outcome.mailIds.length };
}

/** Milliseconds from `now` to the next `HH:MM` UTC (tomorrow's when today's has passed). */
function msUntilNext(at: string, now: Date): number {
  const [hours, minutes] = at.split(':').map(Number);
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes);
  return next > now.getTime() ? next - now.getTime() : next + 86_400_000 - now.getTime();
}

/** DUE_REMINDERS_AT (UTC 'HH:MM', default 06:00; 'off' for none). */
export function remindersAt(env: NodeJS.ProcessEnv = process.env): string | null {
  const value = env.DUE_REMINDERS_AT?.trim();
  if (value === 'off') return null;
  return value && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : '06:00';
}

/** Every instance keeps the timer; the lock (and the sent table) make one digest a day. Answers a stop function. */
export function scheduleDueReminders(ctx: ReminderContext, dailyAt = remindersAt()): () => void {
  if (!dailyAt) return () => {};
  let timer: NodeJS.Timeout;
  const plan = () => {
    timer = setTimeout(
      async () => {
        try {
          ctx.log.info({ outcome: await runDueReminders(ctx) }, 'due-date digest');
        } catch (error) {
          ctx.log.error({ err: error }, 'due-date digest could not run');
        }
        plan();
      },
      msUntilNext(dailyAt, new Date()),
    );
    timer.unref();
  };
  plan();
  return () => clearTimeout(timer);
}
