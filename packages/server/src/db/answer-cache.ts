/**
 * Two light answers kept in this process until the database says they changed (decision 055): the
 * event form's code tables (one answer for everyone) and each user's CurrentUser answer.
 *
 * - Triggers (db/derived/notify.sql) raise `NOTIFY portal_data` with `folders` on any change of a folder
 *   row, `owners` when an owner is renamed or deleted, a user's id when the user's own columns, chip
 *   or owners change (`users` on a truncation). Every instance listens (db/listener.ts) and drops what changed.
 * - While the listener is down nothing is served: every request reads the database.
 * - On PostgreSQL the pool's connections also listen (client.ts `hearOwnWrites`), and PGlite's are
 *   the listener: a write of this process drops the answers before it returns.
 * - A read that began before an invalidation is not kept (the epoch moved).
 */
import type { CurrentUser, EventCodeTables } from '@portal/contract';
import { DATA_CHANNEL, type DatabaseHandle } from './client.ts';
import { listenFor, type Notification, type NotificationTarget } from './listener.ts';

const MAX_USERS = 10_000;

/** Answers of one kind by key. */
export class AnswerCache<K, V> {
  private readonly entries = new Map<K, V>();
  private listening = false;
  /** Moves on every invalidation and every change of listening state. */
  private epoch = 0;

  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  /** The kept answer of `key`, else `read()`'s, kept unless something changed while it ran. */
  async get<R extends V | undefined>(key: K, read: () => Promise<R>): Promise<R> {
    const kept = this.listening ? this.entries.get(key) : undefined;
    if (kept !== undefined) return kept as R;
    const epoch = this.epoch;
    const value = await read();
    if (value !== undefined && this.listening && epoch === this.epoch) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as K);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Drops one answer, or every answer. */
  drop(key?: K) {
    this.epoch += 1;
    if (key === undefined) this.entries.clear();
    else this.entries.delete(key);
  }

  setListening(listening: boolean) {
    this.listening = listening;
    this.drop();
  }
}

export class AnswerCaches implements NotificationTarget {
  readonly codeTables = new AnswerCache<'all', EventCodeTables>(1);
  /** The user's answer; the level served is the session's (account/service.ts). */
  readonly currentUsers = new AnswerCache<number, CurrentUser>(MAX_USERS);

  onNotification = ({ payload = '' }: Notification) => {
    if (payload === 'folders') this.codeTables.drop();
    else if (payload === 'owners' || payload === 'users') this.currentUsers.drop();
    else if (/^\d+$/.test(payload)) this.currentUsers.drop(Number(payload));
    else this.dropAll(); // an unknown payload
  };

  dropAll() {
    this.codeTables.drop();
    this.currentUsers.drop();
  }

  setListening(listening: boolean) {
    this.codeTables.setListening(listening);
    this.currentUsers.setListening(listening);
  }

  /** Stops listening; set by startAnswerCaches. A cache that never started serves nothing. */
  close: () => Promise<void> = async () => {};
}

export async function startAnswerCaches(handle: DatabaseHandle): Promise<AnswerCaches> {
  const caches = new AnswerCaches();
  caches.close = await listenFor(handle, DATA_CHANNEL, caches);
  return caches;
}
