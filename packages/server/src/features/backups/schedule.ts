/**
 * The daily backup (BACKUP_DAILY_AT, UTC). Every instance keeps the timer; the advisory lock lets one
 * run at a time, and an instance whose timer fires after another instance's run finished skips.
 */
import { finishedSince } from './queries.ts';
import { type BackupContext, runBackup } from './service.ts';

/** A scheduled run is skipped when any run finished within this window. */
const RECENT_MS = 20 * 60 * 60 * 1000;

/** Milliseconds from `now` to the next `HH:MM` UTC. */
export function msUntil(dailyAt: string, now: Date): number {
  const [hours, minutes] = dailyAt.split(':').map(Number);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/** Answers a stop function. */
export function scheduleDailyBackups(ctx: BackupContext, dailyAt: string): () => void {
  let timer: NodeJS.Timeout;
  const plan = () => {
    timer = setTimeout(
      async () => {
        try {
          if (await finishedSince(ctx.db, new Date(Date.now() - RECENT_MS)))
            ctx.log.info({}, 'daily backup skipped: a recent run finished');
          else ctx.log.info({ outcome: await runBackup(ctx, null) }, 'daily backup');
        } catch (error) {
          ctx.log.error({ err: error }, 'daily backup could not run');
        }
        plan();
      },
      msUntil(dailyAt, new Date()),
    );
    timer.unref();
  };
  plan();
  return () => clearTimeout(timer);
}
