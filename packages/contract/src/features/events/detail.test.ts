import { describe, expect, it } from 'vitest';
import { timeAgo } from './detail.ts';

describe('timeAgo (spec section 9)', () => {
  it('counts days under 31 days', () => {
    expect(timeAgo(0).text).toBe('today');
    expect(timeAgo(1).text).toBe('1 day ago');
    expect(timeAgo(30)).toEqual({ value: 30, unit: 'days', text: '30 days ago' });
  });

  it('counts months of 30.41 days from 31 to 364 days, rounded down', () => {
    expect(timeAgo(31)).toEqual({ value: 1, unit: 'months', text: '1 month ago' });
    expect(timeAgo(60)).toEqual({ value: 1, unit: 'months', text: '1 month ago' });
    expect(timeAgo(61)).toMatchObject({ value: 2, unit: 'months' });
    expect(timeAgo(364)).toMatchObject({ value: 11, unit: 'months' });
  });

  it('counts years from 365 days', () => {
    expect(timeAgo(365)).toEqual({ value: 1, unit: 'years', text: '1 year ago' });
    expect(timeAgo(729)).toMatchObject({ value: 1, unit: 'years' });
    expect(timeAgo(730)).toEqual({ value: 2, unit: 'years', text: '2 years ago' });
  });

  it('treats a future date as today', () => {
    expect(timeAgo(-3).text).toBe('today');
  });
});
