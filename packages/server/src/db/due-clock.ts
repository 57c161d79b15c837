/**
 * "Today" for due dates, and the warning window (the due-dates feature and the survey pack read them). The clock is injectable so tests (and the reminder
 * job's tests) can move time without waiting; the server's date is UTC like every other date rule.
 */
import { DUE_WARNING_DAYS_DEFAULT, todayUtc } from '@portal/contract';

let now: () => Date = () => new Date();

export const dueToday = (): string => todayUtc(now());

/** Tests only: answers a function that restores the real clock. */
export function setDueClock(clock: () => Date): () => void {
  now = clock;
  return () => {
    now = () => new Date();
  };
}

/** DUE_WARNING_DAYS (default 30): items due within this many days are yellow. */
export function dueWarningDays(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.DUE_WARNING_DAYS);
  return env.DUE_WARNING_DAYS && Number.isInteger(value) && value >= 0 && value <= 365 ? value : DUE_WARNING_DAYS_DEFAULT;
}
