/**
 * Number strings as people type them (spec section 5): a comma or a dot as the decimal separator and
 * optional thousands grouping with spaces, apostrophes, dots or commas.
 *   '1 234,5', '1,234.5', '1.234,5', "1'234.5" -> 1234.5;  '12,5' -> 12.5;  '1.234.567' -> 1234567
 * A single separator with no other is read as the decimal separator ('1,234' -> 1.234), since
 * most users write a decimal comma. Returns null for a blank string and NaN for anything else
 * that is not a number.
 */
export function parseNumber(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return input;
  if (input === null || input === undefined) return null;
  // Spaces (incl. no-break and narrow no-break) and apostrophes only ever group thousands.
  const text = input.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (text === '') return null;
  const match = /^([+-]?)([\d.,]+)$/.exec(text);
  if (!match) return Number.NaN;
  const [, sign, digits] = match;

  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  let decimalSeparator: string | null = null;
  if (lastDot >= 0 && lastComma >= 0) decimalSeparator = lastDot > lastComma ? '.' : ',';
  else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    // Repeated, the one separator can only be grouping ('1.234.567').
    decimalSeparator = digits.split(separator).length > 2 ? null : separator;
  }

  let integerPart = digits;
  let fraction = '';
  if (decimalSeparator) {
    const at = digits.lastIndexOf(decimalSeparator);
    integerPart = digits.slice(0, at);
    fraction = digits.slice(at + 1);
    if (!/^\d*$/.test(fraction)) return Number.NaN;
  }
  const integerDigits = ungroup(integerPart);
  if (integerDigits === null || (integerDigits === '' && fraction === '')) return Number.NaN;
  return Number(`${sign}${integerDigits || '0'}.${fraction || '0'}`);
}

/** Removes a grouping separator, checking that groups after the first have three digits. */
function ungroup(part: string): string | null {
  if (/^\d*$/.test(part)) return part;
  const groups = part.split(/[.,]/);
  const [first, ...rest] = groups;
  if (!/^\d{1,3}$/.test(first) || !rest.every((group) => /^\d{3}$/.test(group))) return null;
  if (new Set(part.replace(/\d/g, '')).size > 1) return null;
  return groups.join('');
}

/** True when the text is blank or a number parseNumber accepts. */
export function isNumberText(input: string | number | null | undefined): boolean {
  return !Number.isNaN(parseNumber(input));
}
