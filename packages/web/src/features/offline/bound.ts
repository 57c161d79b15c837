/** A saved event's size and when it was saved: what the size bound and the age limit look at. */
export interface Kept {
  bytes: number;
  /** ISO date-time. */
  savedAt: string;
}

/**
 * What goes so that the rest fits in `room` bytes: every record older than `maxAgeMs`, then the
 * oldest saved first until the others fit (decision 078). The newest are kept: they are the events
 * the person is working on.
 */
export function toEvict<T extends Kept>(kept: T[], room: number, now: number, maxAgeMs: number): T[] {
  const stale = kept.filter((row) => now - Date.parse(row.savedAt) >= maxAgeMs);
  const fresh = kept.filter((row) => !stale.includes(row)).sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt));
  let used = 0;
  const over: T[] = [];
  for (const row of fresh) {
    if (used + row.bytes <= room && over.length === 0) used += row.bytes;
    else over.push(row);
  }
  return [...stale, ...over];
}
