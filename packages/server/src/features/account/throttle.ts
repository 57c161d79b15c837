/**
 * Sign-in throttling that cannot be used as a weapon (decision 039, docs/security.md "Sign-in").
 *
 * - Per (address, user name): after PAIR_MAX_FAILURES wrong passwords within WINDOW_MS, that address
 *   gets 429 for that name for PAIR_LOCK_MS, whatever the password. Another address is not affected,
 *   so nobody can lock an account away from its owner.
 * - Per user name, over all addresses: past ACCOUNT_FREE_FAILURES failures within WINDOW_MS every
 *   attempt on that name waits before it is checked (doubling, at most ACCOUNT_MAX_DELAY_MS), the right
 *   password included. It slows a guessing botnet down and never refuses anyone.
 * - Per address over all names: the route's rate limit (LOGINS_PER_MINUTE).
 *
 * Keys are the name as typed (trimmed, lower case), never the account, so an unknown name is throttled
 * exactly like a real one and the answers do not tell which names exist. The state is in memory: the
 * server is one process, and a restart forgetting it only costs an attacker nothing he could not get
 * by waiting.
 */

export const WINDOW_MS = 15 * 60 * 1000;
export const PAIR_MAX_FAILURES = 5;
export const PAIR_LOCK_MS = 5 * 60 * 1000;
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_BASE_DELAY_MS = 250;
export const ACCOUNT_MAX_DELAY_MS = 4000;
/** Bounds the memory an attacker can make the server spend; the oldest entries go first. */
const MAX_ENTRIES = 50_000;

interface Counter {
  failures: number;
  windowStart: number;
  lockedUntil: number;
}

export interface Attempt {
  ip: string;
  username: string;
}

export interface Verdict {
  /** The address is locked out for this name: answer 429 without checking the password. */
  locked: boolean;
  /** How long to wait before checking the password (0 when the name is not under attack). */
  delayMs: number;
}

class Counters {
  private readonly entries = new Map<string, Counter>();

  get(key: string, now: number): Counter | undefined {
    const entry = this.entries.get(key);
    if (entry && now - entry.windowStart >= WINDOW_MS && now >= entry.lockedUntil) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  fail(key: string, now: number): Counter {
    let entry = this.get(key, now);
    if (!entry) {
      entry = { failures: 0, windowStart: now, lockedUntil: 0 };
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, entry);
    }
    entry.failures += 1;
    return entry;
  }

  clear(key: string) {
    this.entries.delete(key);
  }
}

const nameKey = (username: string) => username.trim().toLowerCase();
const pairKey = (attempt: Attempt) => `${attempt.ip}\n${nameKey(attempt.username)}`;

export class LoginThrottle {
  private readonly pairs = new Counters();
  private readonly names = new Counters();

  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  check(attempt: Attempt): Verdict {
    const now = this.now();
    const pair = this.pairs.get(pairKey(attempt), now);
    if (pair && pair.lockedUntil > now) return { locked: true, delayMs: 0 };
    const failures = this.names.get(nameKey(attempt.username), now)?.failures ?? 0;
    const over = failures - ACCOUNT_FREE_FAILURES;
    const delayMs = over < 0 ? 0 : Math.min(ACCOUNT_BASE_DELAY_MS * 2 ** over, ACCOUNT_MAX_DELAY_MS);
    return { locked: false, delayMs };
  }

  /** A wrong password or an unknown name: both count the same. */
  failed(attempt: Attempt) {
    const now = this.now();
    this.names.fail(nameKey(attempt.username), now);
    const pair = this.pairs.fail(pairKey(attempt), now);
    if (pair.failures >= PAIR_MAX_FAILURES) {
      pair.failures = 0;
      pair.windowStart = now;
      pair.lockedUntil = now + PAIR_LOCK_MS;
    }
  }

  /** The owner got in from this address: its count starts again. The name's count only decays, so an attacker gains nothing from it. */
  succeeded(attempt: Attempt) {
    this.pairs.clear(pairKey(attempt));
  }
}
