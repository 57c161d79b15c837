import { describe, expect, it } from 'vitest';
import { formatBackupTime, formatDate, formatDateTime } from './format.ts';

describe('formatters', () => {
  it('formats dates as DD.MM.YYYY', () => {
    expect(formatDate('2024-03-07')).toBe('07.03.2024');
    expect(formatDate(new Date(2024, 11, 31, 23, 59))).toBe('31.12.2024');
  });

  it('formats date-times as DD.MM.YYYY - HH:mm and backup times as DD/MM/YYYY HH:mm', () => {
    const local = new Date(2024, 2, 7, 9, 5);
    expect(formatDateTime(local)).toBe('07.03.2024 - 09:05');
    expect(formatDateTime(local.toISOString())).toBe('07.03.2024 - 09:05');
    expect(formatBackupTime(local)).toBe('07/03/2024 09:05');
  });

  it('answers an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
