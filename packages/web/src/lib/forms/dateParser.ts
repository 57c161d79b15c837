/**
 * Dates as people type them (spec section 9, UI.md): DD.MM.YYYY, also D.M.YYYY and DDMMYYYY, with
 * '.', '-' or '/' between the parts. Forms hold the text as typed and send the calendar date
 * ('YYYY-MM-DD'); both are plain strings, never a Date, so no time zone can move the day.
 */
const WITH_SEPARATORS = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
const DIGITS_ONLY = /^(\d{2})(\d{2})(\d{4})$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The typed text's calendar date as 'YYYY-MM-DD', or null when the text is blank, not in one of the
 * forms above, or names no day of the calendar (31.02.2026, 29.02.2027, 00.01.2026, 01.13.2026). A
 * year starts with 1-9: '0026' is a slip of the finger, not the year 26.
 */
export function parseDate(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  const match = WITH_SEPARATORS.exec(trimmed) ?? DIGITS_ONLY.exec(trimmed);
  if (!match) return null;
  const [day, month, year] = match.slice(1).map(Number);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** 'YYYY-MM-DD' (or a timestamp starting so) as the screens show it, DD.MM.YYYY; '' for null. */
export function typedDate(isoDate: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/** True when the text is blank or a date parseDate accepts. */
export function isDateText(text: string | null | undefined): boolean {
  return (text ?? '').trim() === '' || parseDate(text) !== null;
}
