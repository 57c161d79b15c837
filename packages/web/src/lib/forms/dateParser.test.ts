import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth, isDateText, parseDate, typedDate } from './dateParser.ts';

/** Any day of the calendar from 1000 to 9999, as day, month and year. */
const calendarDay = fc
  .record({ year: fc.integer({ min: 1000, max: 9999 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .filter(({ year, month, day }) => day <= daysInMonth(year, month));
const iso = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const separator = fc.constantFrom('.', '-', '/');

describe('parseDate', () => {
  it.each([
    ['05.03.2026', '2026-03-05'],
    ['5.3.2026', '2026-03-05'],
    ['05032026', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['05/03/2026', '2026-03-05'],
    ['5/03-2026', '2026-03-05'],
    ['  17.11.2026 ', '2026-11-17'],
    ['31.12.2026', '2026-12-31'],
    ['01.01.1000', '1000-01-01'],
    ['29.02.2024', '2024-02-29'],
    ['29.02.2000', '2000-02-29'],
  ])('reads %j as %s', (text, expected) => {
    expect(parseDate(text)).toBe(expected);
  });

  it.each([
    ['31.02.2026', 'no 31 February'],
    ['30.02.2024', 'no 30 February in a leap year'],
    ['29.02.2026', 'no 29 February in a common year'],
    ['29.02.1900', 'a century is a common year unless divisible by 400'],
    ['31.04.2026', 'April has 30 days'],
    ['00.01.2026', 'no day 0'],
    ['01.00.2026', 'no month 0'],
    ['01.13.2026', 'no month 13'],
    ['32.01.2026', 'no day 32'],
    ['05.03.0026', 'a year starting with 0'],
    ['05.03.26', 'a two-digit year'],
    ['05.03.202', 'a year still being typed'],
    ['5032026', 'seven digits'],
    ['050326', 'six digits'],
    ['2026-03-05', 'the year first'],
    ['05.03.2026.', 'a separator after the year'],
    ['05 03 2026', 'spaces between the parts'],
    ['05,03,2026', 'commas'],
    ['005.03.2026', 'a three-digit day'],
    ['a5.03.2026', 'a letter'],
    ['', 'blank'],
    ['   ', 'blank'],
  ])('refuses %j (%s)', (text) => {
    expect(parseDate(text)).toBeNull();
  });

  it('refuses null and undefined', () => {
    expect(parseDate(null)).toBeNull();
    expect(parseDate(undefined)).toBeNull();
  });

  it('reads every day back as shown (DD.MM.YYYY), with any separator, single digits, no separators or spaces around', () => {
    fc.assert(
      fc.property(calendarDay, separator, separator, fc.boolean(), fc.constantFrom('', ' ', '  '), (date, first, second, short, space) => {
        const day = short ? String(date.day) : String(date.day).padStart(2, '0');
        const month = short ? String(date.month) : String(date.month).padStart(2, '0');
        expect(parseDate(typedDate(iso(date)))).toBe(iso(date));
        expect(parseDate(`${space}${day}${first}${month}${second}${date.year}${space}`)).toBe(iso(date));
        expect(parseDate(typedDate(iso(date)).replaceAll('.', ''))).toBe(iso(date));
      }),
    );
  });

  it('refuses a day past the end of its month, never rolling it into the next', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 68 }),
        separator,
        (year, month, over, sep) => {
          const day = daysInMonth(year, month) + over;
          expect(parseDate(`${day}${sep}${month}${sep}${year}`)).toBeNull();
        },
      ),
    );
  });

  it('has 29 days in February exactly in leap years', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), (year) => {
        const leap = new Date(Date.UTC(year, 1, 29)).getUTCMonth() === 1;
        expect(parseDate(`29.02.${year}`)).toBe(leap ? `${year}-02-29` : null);
      }),
    );
  });
});

describe('typedDate', () => {
  it('shows a calendar date or a timestamp as DD.MM.YYYY, whatever the time zone', () => {
    expect(typedDate('2026-03-05')).toBe('05.03.2026');
    expect(typedDate('2026-03-05T23:30:00.000Z')).toBe('05.03.2026');
    expect(typedDate(null)).toBe('');
    expect(typedDate('')).toBe('');
  });
});

describe('isDateText', () => {
  it('accepts blank text and dates, refuses the rest', () => {
    expect(isDateText('')).toBe(true);
    expect(isDateText(' ')).toBe(true);
    expect(isDateText(null)).toBe(true);
    expect(isDateText('5.3.2026')).toBe(true);
    expect(isDateText('31.02.2026')).toBe(false);
    expect(isDateText('tomorrow')).toBe(false);
  });
});
