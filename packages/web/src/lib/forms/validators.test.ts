import { describe, expect, it } from 'vitest';
import { isBlocking, OK, runValidators, type ValidationResult, type Validator, worst } from './validation.ts';
import {
  asWarning,
  calendarDate,
  custom,
  customAsync,
  integer,
  maxDate,
  maximum,
  maxLength,
  minDate,
  minimum,
  minLength,
  pattern,
  required,
} from './validators.ts';

const signal = new AbortController().signal;
/** Runs a synchronous rule. */
const check = (validator: Validator, value: unknown, values: unknown = {}) => validator(value, values, signal) as ValidationResult;

describe('required', () => {
  it("says '{field} is required' for blank values", () => {
    for (const blank of ['', '  ', null, undefined, []]) {
      expect(check(required('Rig'), blank)).toEqual({ severity: 'Error', message: 'Rig is required' });
    }
    expect(check(required('Rig'), 'A')).toEqual(OK);
    expect(check(required('Rig'), 0)).toEqual(OK);
  });

  it('treats a placeholder value as empty, with the screen message', () => {
    const rule = required('Event type', { emptyValues: [-1, '-1'], message: 'Event type is required' });
    expect(check(rule, -1)).toEqual({ severity: 'Error', message: 'Event type is required' });
    expect(check(rule, 3)).toEqual(OK);
  });
});

describe('integer', () => {
  it("is critical with 'Must be integer'", () => {
    expect(check(integer(), '1,5')).toEqual({ severity: 'Critical', message: 'Must be integer' });
    expect(check(integer(), 'abc')).toEqual({ severity: 'Critical', message: 'Must be integer' });
    expect(check(integer(), '1 234')).toEqual(OK);
    expect(check(integer(), 12)).toEqual(OK);
    expect(check(integer(), '')).toEqual(OK);
  });

  it('keeps int32 within its range', () => {
    expect(check(integer('int32'), String(2 ** 31))).toEqual({ severity: 'Critical', message: 'Must be integer' });
    expect(check(integer('int32'), String(2 ** 31 - 1))).toEqual(OK);
    expect(check(integer('int64'), String(2 ** 31))).toEqual(OK);
  });
});

describe('lengths and patterns', () => {
  it('minLength says "more than min - 1"', () => {
    expect(check(minLength('Password', 8), 'short')).toEqual({
      severity: 'Error',
      message: 'Password must contain more than 7 characters',
    });
    expect(check(minLength('Password', 8), '12345678')).toEqual(OK);
  });

  it('maxLength', () => {
    expect(check(maxLength('Comment', 3), 'abcd')).toEqual({
      severity: 'Error',
      message: 'Comment must not contain more than 3 characters',
    });
    expect(check(maxLength('Comment', 3), 'abc')).toEqual(OK);
  });

  it('pattern', () => {
    const digits = pattern('Number from', /^\d+$/, 'The number from needs to be a valid number');
    expect(check(digits, '12a')).toEqual({ severity: 'Error', message: 'The number from needs to be a valid number' });
    expect(check(digits, '12')).toEqual(OK);
    expect(check(digits, '')).toEqual(OK);
  });
});

describe('minimum and maximum', () => {
  it('are inclusive by default and read number text', () => {
    expect(check(minimum('Length', 1), '1,0')).toEqual(OK);
    expect(check(minimum('Length', 1), '0,5')).toEqual({ severity: 'Error', message: 'Length must be at least 1' });
    expect(check(maximum('Length', 10), '10')).toEqual(OK);
    expect(check(maximum('Length', 10), '1 000')).toEqual({ severity: 'Error', message: 'Length must be at most 10' });
  });

  it('have exclusive variants and custom messages', () => {
    expect(check(minimum('Length', 0, { exclusive: true }), '0')).toEqual({
      severity: 'Error',
      message: 'Length must be greater than 0',
    });
    expect(check(maximum('Age', 5, { exclusive: true }), 5)).toEqual({ severity: 'Error', message: 'Age must be less than 5' });
    expect(check(maximum('Age', 5, { exclusive: true, message: 'Too old' }), 6).message).toBe('Too old');
    expect(check(minimum('Length', 0), 'x').message).toBe('Length must be a number');
  });
});

describe('minDate and maxDate', () => {
  it('compare whole days, inclusive, with the custom message', () => {
    const notBefore = minDate('2024-01-10', 'Too early');
    expect(check(notBefore, '2024-01-09')).toEqual({ severity: 'Error', message: 'Too early' });
    expect(check(notBefore, '2024-01-10')).toEqual(OK);
    const notAfter = maxDate(new Date(2024, 0, 10, 8), 'Too late');
    expect(check(notAfter, '2024-01-10')).toEqual(OK);
    expect(check(notAfter, '2024-01-11')).toEqual({ severity: 'Error', message: 'Too late' });
  });

  it('read a date field as typed (DD.MM.YYYY); an impossible date is outside any bound', () => {
    const notBefore = minDate('2024-01-10', 'Too early');
    expect(check(notBefore, '09.01.2024')).toEqual({ severity: 'Error', message: 'Too early' });
    expect(check(notBefore, '10.1.2024')).toEqual(OK);
    expect(check(notBefore, '31.02.2024')).toEqual({ severity: 'Error', message: 'Too early' });
    expect(check(maxDate('2024-02-01', 'Too late'), '01.02.2024')).toEqual(OK);
  });

  it('may take the bound from other fields', () => {
    const afterStart = minDate<{ from: string }>((values) => values.from, 'End before start');
    expect(check(afterStart, '2024-01-01', { from: '2024-02-01' }).message).toBe('End before start');
    expect(check(afterStart, '2024-03-01', { from: '2024-02-01' })).toEqual(OK);
    expect(check(afterStart, '2024-03-01', { from: '' })).toEqual(OK);
  });
});

describe('calendarDate', () => {
  it('passes blank text and a date as typed; an impossible date is an error, never another day', () => {
    const rule = calendarDate('Event date');
    expect(check(rule, '')).toEqual(OK);
    expect(check(rule, '5.3.2026')).toEqual(OK);
    expect(check(rule, '05032026')).toEqual(OK);
    expect(check(rule, '31.02.2026')).toEqual({ severity: 'Error', message: 'Event date must be a valid date (DD.MM.YYYY)' });
    expect(check(rule, '05.03.26')).toEqual({ severity: 'Error', message: 'Event date must be a valid date (DD.MM.YYYY)' });
  });
});

describe('custom rules and severities', () => {
  it('custom answers a message or a result', () => {
    const rule = custom((value: string) => (value === 'x' ? 'No x' : null));
    expect(check(rule, 'x')).toEqual({ severity: 'Error', message: 'No x' });
    expect(check(rule, 'y')).toEqual(OK);
  });

  it('asWarning downgrades failures, sync and async', async () => {
    expect(check(asWarning(required('Comment')), '')).toEqual({ severity: 'Warning', message: 'Comment is required' });
    const slow = asWarning(customAsync(async () => 'Unusual'));
    await expect(slow('a', {}, signal)).resolves.toEqual({ severity: 'Warning', message: 'Unusual' });
  });

  it('only Error and Critical block', () => {
    expect(isBlocking({ severity: 'Warning', message: 'w' })).toBe(false);
    expect(isBlocking({ severity: 'Error', message: 'e' })).toBe(true);
    expect(isBlocking({ severity: 'Critical', message: 'c' })).toBe(true);
    expect(worst([OK, { severity: 'Warning', message: 'w' }, { severity: 'Critical', message: 'c' }]).severity).toBe('Critical');
  });
});

describe('runValidators', () => {
  it('stays synchronous without async rules and reports the worst result', () => {
    const result = runValidators([required('Name'), maxLength('Name', 2)], 'abc', {});
    expect(result).toEqual({ severity: 'Error', message: 'Name must not contain more than 2 characters' });
  });

  it('skips server look-ups when a synchronous rule already fails', async () => {
    let asked = false;
    const lookUp = customAsync(async () => {
      asked = true;
      return 'Taken';
    });
    expect(runValidators([lookUp, required('Id')], '', {})).toEqual({ severity: 'Error', message: 'Id is required' });
    expect(asked).toBe(false);
    const pending = runValidators([required('Id'), lookUp], 'A-1', {});
    expect(pending).toBeInstanceOf(Promise);
    await expect(pending).resolves.toEqual({ severity: 'Error', message: 'Taken' });
    expect(asked).toBe(true);
  });
});
