/** Small helpers for the demo data: a seeded PRNG (mulberry32), so every load gives the same data. */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; `weights[i]` belongs to `items[i]`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  shuffle<T>(items: T[]): T[];
  /** `length` uppercase hexadecimal characters. */
  hex(length: number): string;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted(items, weights) {
      const total = weights.reduce((sum, w) => sum + w, 0);
      let r = next() * total;
      for (let i = 0; i < items.length; i++) {
        r -= weights[i];
        if (r < 0) return items[i];
      }
      return items[items.length - 1];
    },
    shuffle(items) {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j], items[i]];
      }
      return items;
    },
    hex(length) {
      let out = '';
      for (let i = 0; i < length; i++) out += '0123456789ABCDEF'[Math.floor(next() * 16)];
      return out;
    },
  };
}

export function chunked<T>(rows: readonly T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const DAY_MS = 86_400_000;

/** `days` days before `now`, at a working hour, so timestamps look like office work. */
export function daysBefore(now: Date, days: number, hour = 9): Date {
  const d = new Date(now.getTime() - days * DAY_MS);
  d.setUTCHours(hour, (days * 37) % 60, 0, 0);
  return d;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** `YYYY-MM-DD` (UTC). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The earlier of two dates: audit times after an event date must not lie in the future. */
export function notAfter(date: Date, limit: Date): Date {
  return date.getTime() > limit.getTime() ? limit : date;
}
