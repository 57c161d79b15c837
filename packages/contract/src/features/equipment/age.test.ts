import { describe, expect, it } from 'vitest';
import { type AgeEvent, effectiveAge, yearsBetween } from './age.ts';

let nextId = 1;
const event = (eventDate: string, values: Partial<AgeEvent> = {}): AgeEvent => ({
  eventId: nextId++,
  eventDate,
  isRenewal: false,
  resetAge: false,
  ageAtReset: null,
  ...values,
});
const renewal = (date: string) => event(date, { isRenewal: true });
const reset = (date: string, ageAtReset: number) => event(date, { resetAge: true, ageAtReset });

describe('yearsBetween', () => {
  it('counts whole anniversaries and the part of the current year', () => {
    expect(yearsBetween('2020-06-15', '2025-06-15')).toBe(5);
    expect(yearsBetween('2020-06-15', '2025-06-14')).toBeLessThan(5);
    expect(yearsBetween('2021-01-01', '2021-07-02')).toBeCloseTo(182 / 365, 10);
    expect(yearsBetween('2024-01-01', '2024-07-01')).toBeCloseTo(182 / 366, 10);
  });

  it('is 0 for the same day and for a start after the end', () => {
    expect(yearsBetween('2024-03-01', '2024-03-01')).toBe(0);
    expect(yearsBetween('2025-03-01', '2024-03-01')).toBe(0);
  });

  it('puts the anniversary of a leap day on 28 February', () => {
    expect(yearsBetween('2020-02-29', '2025-02-28')).toBe(5);
    expect(yearsBetween('2020-02-29', '2024-02-29')).toBe(4);
    expect(yearsBetween('2020-02-29', '2025-02-27')).toBeLessThan(5);
    expect(yearsBetween('2019-03-01', '2020-02-29')).toBeLessThan(1);
    expect(yearsBetween('2019-03-01', '2020-03-01')).toBe(1);
  });
});

describe('effectiveAge', () => {
  it('counts from the signed date without events', () => {
    const age = effectiveAge({ dateSigned: '2021-06-15', events: [], today: '2024-12-15' });
    expect(age.shown).toBe(3.5);
    expect(age).toMatchObject({ flagged: false, dateLastReset: null });
  });

  it('does not flag exactly five years, and flags the day after', () => {
    expect(effectiveAge({ dateSigned: '2020-06-15', events: [], today: '2025-06-15' })).toMatchObject({
      years: 5,
      shown: 5,
      flagged: false,
    });
    const dayAfter = effectiveAge({ dateSigned: '2020-06-15', events: [], today: '2025-06-16' });
    expect(dayAfter).toMatchObject({ shown: 5, flagged: true });
  });

  it('handles a leap-day signed date at the five-year edge', () => {
    expect(effectiveAge({ dateSigned: '2020-02-29', events: [], today: '2025-02-28' }).flagged).toBe(false);
    expect(effectiveAge({ dateSigned: '2020-02-29', events: [], today: '2025-03-01' }).flagged).toBe(true);
  });

  it('is unknown without a signed date or a reset event, and ignores events that set no age', () => {
    expect(effectiveAge({ dateSigned: null, events: [event('2022-01-01')], today: '2025-01-01' })).toEqual({
      years: null,
      shown: null,
      flagged: false,
      dateLastReset: null,
    });
    // A reset-age event without an age sets nothing.
    expect(effectiveAge({ dateSigned: null, events: [event('2022-01-01', { resetAge: true })], today: '2025-01-01' }).years).toBeNull();
  });

  it('restarts at 0 from a renewal event, also without a signed date', () => {
    const age = effectiveAge({ dateSigned: '2010-01-01', events: [renewal('2023-01-01'), event('2024-01-01')], today: '2025-01-01' });
    expect(age).toMatchObject({ years: 2, flagged: false, dateLastReset: '2023-01-01' });
    expect(effectiveAge({ dateSigned: null, events: [renewal('2024-01-01')], today: '2025-07-02' }).shown).toBe(1.5);
  });

  it('sets ageAtReset at a reset-age event, and grows from there', () => {
    const age = effectiveAge({ dateSigned: '2022-01-01', events: [reset('2023-01-01', 4.5)], today: '2024-01-01' });
    expect(age).toMatchObject({ years: 5.5, shown: 5.5, flagged: true, dateLastReset: '2023-01-01' });
  });

  it('takes the latest event: a reset after a renewal, a renewal after a reset', () => {
    const resetAfterRenewal = effectiveAge({
      dateSigned: '2015-01-01',
      events: [renewal('2020-01-01'), reset('2022-01-01', 8)],
      today: '2023-01-01',
    });
    expect(resetAfterRenewal).toMatchObject({ years: 9, dateLastReset: '2022-01-01' });
    const renewalAfterReset = effectiveAge({
      dateSigned: '2015-01-01',
      events: [reset('2022-01-01', 8), renewal('2022-06-01')],
      today: '2023-06-01',
    });
    expect(renewalAfterReset).toMatchObject({ years: 1, dateLastReset: '2022-06-01' });
  });

  it('on one day, the later-registered event wins', () => {
    const first = renewal('2023-01-01');
    const second = reset('2023-01-01', 3);
    expect(effectiveAge({ dateSigned: null, events: [second, first], today: '2024-01-01' }).years).toBe(4);
  });

  it('a certificate signed after the last reset counts from its signed date', () => {
    const age = effectiveAge({ dateSigned: '2023-01-01', events: [reset('2021-01-01', 9)], today: '2024-01-01' });
    expect(age).toMatchObject({ years: 1, dateLastReset: null });
  });

  it('does not run backwards from a date after today', () => {
    expect(effectiveAge({ dateSigned: '2030-01-01', events: [], today: '2025-01-01' }).years).toBe(0);
    expect(effectiveAge({ dateSigned: null, events: [reset('2030-01-01', 2)], today: '2025-01-01' }).years).toBe(2);
  });
});
