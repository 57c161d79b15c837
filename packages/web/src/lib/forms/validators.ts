import { messages } from '@portal/contract';
import dayjs from 'dayjs';
import { isDateText, parseDate } from './dateParser.ts';
import { parseNumber } from './numberParser.ts';
import { OK, type Severity, type ValidationResult, type Validator } from './validation.ts';

/** Messages of our own for rules the spec names without quoting a message. */
export const validatorMessages = {
  pattern: (field: string) => `${field} has an invalid format`,
  notANumber: (field: string) => `${field} must be a number`,
  notADate: (field: string) => `${field} must be a valid date (DD.MM.YYYY)`,
  minimum: (field: string, n: number) => `${field} must be at least ${n}`,
  exclusiveMinimum: (field: string, n: number) => `${field} must be greater than ${n}`,
  maximum: (field: string, n: number) => `${field} must be at most ${n}`,
  exclusiveMaximum: (field: string, n: number) => `${field} must be less than ${n}`,
};

const fail = (message: string, severity: Severity = 'Error'): ValidationResult => ({ severity, message });

export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** '{field} is required'. `emptyValues` lets a placeholder (e.g. the event type's -1) count as empty. */
export function required(field: string, options: { message?: string; emptyValues?: unknown[] } = {}): Validator {
  return (value) => (isBlank(value) || options.emptyValues?.includes(value) ? fail(options.message ?? messages.required(field)) : OK);
}

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** Integer formats (int32/int64): 'Must be integer', critical. Blank passes (see required). */
export function integer(format: 'int32' | 'int64' = 'int64'): Validator {
  return (value) => {
    if (isBlank(value)) return OK;
    const n = parseNumber(value as string | number);
    const inRange = format === 'int32' ? n !== null && n >= INT32.min && n <= INT32.max : true;
    return n !== null && Number.isSafeInteger(n) && inRange ? OK : fail(messages.mustBeInteger, 'Critical');
  };
}

export function pattern(field: string, regex: RegExp, message = validatorMessages.pattern(field)): Validator {
  return (value) => (isBlank(value) || regex.test(String(value)) ? OK : fail(message));
}

/**
 * At least `min` characters. The spec's message says "more than N", so N is min - 1: a password of
 * minimum 8 reads 'Password must contain more than 7 characters'.
 */
export function minLength(field: string, min: number): Validator {
  return (value) => (isBlank(value) || String(value).length >= min ? OK : fail(messages.minLength(field, min - 1)));
}

export function maxLength(field: string, max: number): Validator {
  return (value) => (isBlank(value) || String(value).length <= max ? OK : fail(messages.maxLength(field, max)));
}

interface BoundOptions {
  exclusive?: boolean;
  message?: string;
}

function numberBound(field: string, bound: number, kind: 'min' | 'max', options: BoundOptions): Validator {
  return (value) => {
    if (isBlank(value)) return OK;
    const n = parseNumber(value as string | number);
    if (n === null || Number.isNaN(n)) return fail(validatorMessages.notANumber(field));
    const ok = kind === 'min' ? (options.exclusive ? n > bound : n >= bound) : options.exclusive ? n < bound : n <= bound;
    if (ok) return OK;
    const message =
      kind === 'min'
        ? options.exclusive
          ? validatorMessages.exclusiveMinimum(field, bound)
          : validatorMessages.minimum(field, bound)
        : options.exclusive
          ? validatorMessages.exclusiveMaximum(field, bound)
          : validatorMessages.maximum(field, bound);
    return fail(options.message ?? message);
  };
}

export const minimum = (field: string, min: number, options: BoundOptions = {}) => numberBound(field, min, 'min', options);
export const maximum = (field: string, max: number, options: BoundOptions = {}) => numberBound(field, max, 'max', options);

/**
 * A date field's text as typed (dateParser.ts): a day of the calendar, so that an impossible date
 * (31.02.2026) is a field error and never another day. Blank passes (see required).
 */
export function calendarDate(field: string): Validator {
  return (value) => (isDateText(value) ? OK : fail(validatorMessages.notADate(field)));
}

type DateLike = string | Date | dayjs.Dayjs;
/** A bound may depend on other fields (e.g. an end date after the start date). */
type DateBound<Values> = DateLike | null | ((values: Values) => DateLike | null | undefined);

/** ISO strings and Dates as they are; a date field's text (DD.MM.YYYY as typed) through parseDate, never Date's guess. */
function asDay(value: DateLike): dayjs.Dayjs {
  if (typeof value !== 'string' || /^\d{4}-\d{2}-\d{2}/.test(value)) return dayjs(value);
  return dayjs(parseDate(value) ?? Number.NaN);
}

function dateBound<Values>(bound: DateBound<Values>, kind: 'min' | 'max', message: string): Validator<unknown, Values> {
  return (value, values) => {
    if (isBlank(value)) return OK;
    const limit = typeof bound === 'function' ? bound(values) : bound;
    if (limit === null || limit === undefined) return OK;
    const date = asDay(value as DateLike);
    if (!date.isValid()) return fail(message);
    const outside = kind === 'min' ? date.isBefore(asDay(limit), 'day') : date.isAfter(asDay(limit), 'day');
    return outside ? fail(message) : OK;
  };
}

/** The earliest allowed day (inclusive), with the screen's own message. */
export const minDate = <Values = any>(min: DateBound<Values>, message: string) => dateBound(min, 'min', message);
/** The latest allowed day (inclusive), with the screen's own message. */
export const maxDate = <Values = any>(max: DateBound<Values>, message: string) => dateBound(max, 'max', message);

type CheckAnswer = string | null | undefined | ValidationResult;

function toResult(answer: CheckAnswer, severity: Severity): ValidationResult {
  if (answer === null || answer === undefined || answer === '') return OK;
  return typeof answer === 'string' ? fail(answer, severity) : answer;
}

/** A rule of the screen's own: answer a message (or a full result) when the value is wrong. */
export function custom<Value = any, Values = any>(
  check: (value: Value, values: Values) => CheckAnswer,
  severity: Severity = 'Error',
): Validator<Value, Values> {
  return (value, values) => toResult(check(value, values), severity);
}

/** A rule that asks the server (e.g. is this stamped id available). The signal aborts stale runs. */
export function customAsync<Value = any, Values = any>(
  check: (value: Value, values: Values, signal: AbortSignal) => Promise<CheckAnswer>,
  severity: Severity = 'Error',
): Validator<Value, Values> {
  const validator: Validator<Value, Values> = async (value, values, signal) => toResult(await check(value, values, signal), severity);
  validator.async = true;
  return validator;
}

/** Turns any rule's failure into a warning: shown to the user, but it does not block saving. */
export function asWarning<Value, Values>(validator: Validator<Value, Values>): Validator<Value, Values> {
  const downgrade = (result: ValidationResult) => (result.severity === 'Ok' ? result : { ...result, severity: 'Warning' as const });
  const warning: Validator<Value, Values> = (value, values, signal) => {
    const result = validator(value, values, signal);
    return result instanceof Promise ? result.then(downgrade) : downgrade(result);
  };
  warning.async = validator.async;
  return warning;
}
