/**
 * Effective age of an equipment item (docs/equipment-age.md), a pure function of the certificate's
 * signed date, the item's renewal and reset-age events and today's date. Dates are calendar dates
 * ('YYYY-MM-DD'); years are counted by anniversaries, so that exactly five years is 5.0 on any calendar.
 */
import { EFFECTIVE_AGE_FLAG_YEARS } from '../../constants.ts';

export interface AgeEvent {
  eventId: number;
  eventDate: string;
  isRenewal: boolean;
  resetAge: boolean;
  ageAtReset: number | null;
}

export interface EffectiveAge {
  /** Exact years (not rounded); null when nothing dates the item. */
  years: number | null;
  /** Years rounded to one decimal, as shown. */
  shown: number | null;
  /** Above EFFECTIVE_AGE_FLAG_YEARS (exactly five years is not flagged). */
  flagged: boolean;
  /** The date of the renewal or reset-age event the age counts from; null when it counts from the signed date. */
  dateLastReset: string | null;
}

interface CalendarDate {
  y: number;
  m: number;
  d: number;
}

function parseDate(text: string): CalendarDate {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  return { y, m, d };
}

const dayNumber = ({ y, m, d }: CalendarDate) => Date.UTC(y, m - 1, d) / 86_400_000;
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The n-th anniversary of a date; 29 February falls on 28 February in other years. */
function anniversary(from: CalendarDate, years: number): CalendarDate {
  const y = from.y + years;
  return { y, m: from.m, d: Math.min(from.d, daysInMonth(y, from.m)) };
}

/** Years from one date to another: whole anniversaries plus the part of the current year; 0 when `to` is not later. */
export function yearsBetween(fromText: string, toText: string): number {
  const from = parseDate(fromText);
  const to = dayNumber(parseDate(toText));
  if (to <= dayNumber(from)) return 0;
  let whole = parseDate(toText).y - from.y;
  while (whole > 0 && dayNumber(anniversary(from, whole)) > to) whole--;
  const start = dayNumber(anniversary(from, whole));
  const next = dayNumber(anniversary(from, whole + 1));
  return whole + (to - start) / (next - start);
}

/** A renewal or a reset-age event with an age: the events that set the age. */
const isReset = (event: AgeEvent) => event.isRenewal || (event.resetAge && event.ageAtReset !== null);

/** The latest event by date, then by id (the later-registered event of one day wins). */
function latestReset(events: readonly AgeEvent[]): AgeEvent | null {
  let latest: AgeEvent | null = null;
  for (const event of events) {
    if (!isReset(event)) continue;
    if (!latest || event.eventDate > latest.eventDate || (event.eventDate === latest.eventDate && event.eventId > latest.eventId)) {
      latest = event;
    }
  }
  return latest;
}

/**
 * The rule: the age counts from the latest of (the certificate's signed date, at age 0), (a renewal
 * event, at age 0) and (a reset-age event, at its ageAtReset); an event on the signed date or later
 * than it wins over the signed date. Ages do not run backwards: a start after today counts as today.
 */
export function effectiveAge(options: { dateSigned: string | null; events: readonly AgeEvent[]; today: string }): EffectiveAge {
  const reset = latestReset(options.events);
  const useReset = reset !== null && (options.dateSigned === null || reset.eventDate >= options.dateSigned.slice(0, 10));
  let years: number | null = null;
  if (useReset) {
    const base = reset.isRenewal ? 0 : (reset.ageAtReset ?? 0);
    years = base + yearsBetween(reset.eventDate, options.today);
  } else if (options.dateSigned) {
    years = yearsBetween(options.dateSigned, options.today);
  }
  return {
    years,
    shown: years === null ? null : Math.round(years * 10) / 10,
    flagged: years !== null && years > EFFECTIVE_AGE_FLAG_YEARS,
    dateLastReset: useReset ? reset.eventDate : null,
  };
}

/** Today's calendar date in UTC ('YYYY-MM-DD'). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
