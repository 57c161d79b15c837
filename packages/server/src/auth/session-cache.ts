/**
 * The signed-in user of a token, kept in this process between the session's database touches
 * (decision 037), so a request needs no session round trip.
 *
 * - An entry is served only until the session's next touch is due (`TOUCH_EVERY_MS` after the
 *   last_seen_at it read): then the request reads the session again and touches it, exactly as without
 *   the cache. So idle and absolute expiry are unchanged, and an entry is never older than a minute.
 * - Revocation is immediate: triggers (db/derived/notify.sql) raise `NOTIFY portal_auth, '<user id>'` when a
 *   session is revoked or deleted and when a user's email, level, type, owner flag or owners change or
 *   the user is deleted. Every instance listens and drops that user's entries.
 * - On PostgreSQL a dedicated connection listens (db/listener.ts). While it is down (before it connects,
 *   after an error, while reconnecting) nothing is served from the cache: every request reads the database.
 * - The embedded database is one backend shared by all connections, and PGlite hands a notification to
 *   the connection whose statement raised it: there the pool's connections listen (db/embedded.ts), and
 *   the one instance hears its own writes.
 * - This process's own revocations (auth/sessions.ts) also drop the entries directly, so the next
 *   request on the same instance is refused without waiting for the notification.
 * - A read that started before a notification arrived is not stored (the epoch moved), so an entry
 *   read just before a revocation committed cannot outlive it.
 */
import { AUTH_CHANNEL, type DatabaseHandle } from '../db/client.ts';
import { listenFor } from '../db/listener.ts';
import type { AuthUser } from './users.ts';

/** last_seen_at is written at most once a minute per session; an entry lives until then. */
export const TOUCH_EVERY_MS = 60 * 1000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: AuthUser;
  /** last_seen_at as stored, in ms. */
  lastSeenAt: number;
  expiresAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  /** Moves on every notification and every change of listening state. */
  epoch = 0;

  /** The user of a token hash, when cached and not due for its touch. */
  get(tokenHash: string, now: number): AuthUser | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.lastSeenAt >= TOUCH_EVERY_MS || now >= entry.expiresAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  /** Keeps what a read that began at `epoch` found, unless something changed since. */
  put(tokenHash: string, entry: Entry, epoch: number) {
    if (!this.listening || epoch !== this.epoch) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, entry);
  }

  /** A notification: that user's sessions or access changed. */
  invalidateUser(userId: number) {
    this.epoch += 1;
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
  }

  setListening(listening: boolean) {
    this.epoch += 1;
    this.listening = listening;
    this.entries.clear();
  }

  onNotification = (message: { channel: string; payload?: string }) => {
    if (message.channel !== AUTH_CHANNEL) return;
    const userId = Number(message.payload);
    if (Number.isInteger(userId)) this.invalidateUser(userId);
    else this.setListening(this.listening); // an unknown payload: forget everything
  };

  close: () => Promise<void> = async () => {};
}

/** The caches of this process, told directly by its own revocations (before the notification comes back). */
const running = new Set<SessionCache>();

/** This process's own revocation: that user's entries go at once on this instance. */
export function forgetUser(userId: number) {
  for (const cache of running) cache.invalidateUser(userId);
}

/**
 * A cache fed by the database's notifications (see the head of this file). `ownRevocations: false`
 * leaves out this process's direct path, so a test's second app stands for another process.
 */
export async function startSessionCache(handle: DatabaseHandle, { ownRevocations = true } = {}): Promise<SessionCache> {
  const cache = new SessionCache();
  const close = await listenFor(handle, AUTH_CHANNEL, cache);
  if (ownRevocations) running.add(cache);
  cache.close = async () => {
    running.delete(cache);
    await close();
  };
  return cache;
}
