import { describe, expect, it } from 'vitest';
import { isNumberText, parseNumber } from './numberParser.ts';

describe('parseNumber', () => {
  it.each([
    ['1 234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1.234,5', 1234.5],
    ["1'234.5", 1234.5],
    ['1\u00a0234,5', 1234.5],
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['1.234.567', 1234567],
    ['1,234,567', 1234567],
    ['1,234,567.89', 1234567.89],
    ['1.234.567,89', 1234567.89],
    ['-3,25', -3.25],
    ['+7', 7],
    [',5', 0.5],
    ['42', 42],
    ['  42  ', 42],
    ['0', 0],
  ])('reads %j as %d', (text, expected) => {
    expect(parseNumber(text)).toBe(expected);
  });

  it('reads a lone separator as the decimal separator', () => {
    expect(parseNumber('1,234')).toBe(1.234);
    expect(parseNumber('1.234')).toBe(1.234);
  });

  it('answers null for blank input and passes numbers through', () => {
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('   ')).toBeNull();
    expect(parseNumber(null)).toBeNull();
    expect(parseNumber(undefined)).toBeNull();
    expect(parseNumber(12.5)).toBe(12.5);
  });

  it.each(['abc', '1,2,3.4,5', '12,34.5', '1.2.3,4', '1e5', '--1', ',', '.', '1,234.5.6', '12a'])('rejects %j', (text) => {
    expect(parseNumber(text)).toBeNaN();
    expect(isNumberText(text)).toBe(false);
  });
});
