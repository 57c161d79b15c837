/**
 * The words and numbers of our own texts, on screens, in files and in mails (docs/ui.md "Numbers and
 * plurals"). Messages the spec quotes ('Found N items in the file') stay word for word in messages.ts.
 */

/** No-break space between groups of three digits: it keeps '12 345' on one line, in every font and in PDFs. */
const GROUP_SEPARATOR = '\u00a0';
const plain = new Map<number, Intl.NumberFormat>();

/**
 * A number as we show it beside DD.MM.YYYY dates: dot decimal, at most `decimals` decimals (trailing
 * zeros dropped), digits grouped by three with a no-break space from five digits on ('1250', '12 500').
 */
export function formatNumber(value: number, decimals = 2): string {
  // Whole numbers (counts, pagers) without Intl: the first NumberFormat of a page loads the locale's
  // data, some 20 ms of a phone's first paint (docs/ui.md "First rows on a phone").
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) {
    const whole = String(value);
    return Math.abs(value) < 10_000 ? whole : whole.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR);
  }
  let format = plain.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals, useGrouping: false });
    plain.set(decimals, format);
  }
  const text = format.format(value);
  const [whole, fraction] = text.split('.');
  const digits = whole.replace('-', '');
  const grouped = digits.length < 5 ? whole : whole.replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATOR);
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** '1 item', '2 items', '0 items'; `many` for irregular words ('1 entry', '3 entries'). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}
