/**
 * Feeds an in-process cache with a channel's notifications (decisions 037 and 055), and tells it
 * whether it may serve: only while the notifications are sure to reach it.
 *
 * - On PostgreSQL one dedicated connection listens (keep-alive). While it is down (before it
 *   connects, after an error, while reconnecting every second) the target is told it is not listening.
 * - On the embedded database the pool's own connections listen (`handle.notifications`, see
 *   embedded.ts): PGlite hands a notification only to the connection whose statement raised it.
 * - On PostgreSQL the pool's connections also listen on the data channel (client.ts `wrapPool`), so
 *   this process's own writes reach its caches before the write returns, not a moment after.
 */
import pg from 'pg';
import type { DatabaseHandle } from './client.ts';

export interface Notification {
  channel: string;
  payload?: string;
}

export interface NotificationTarget {
  onNotification(message: Notification): void;
  /** Called with false whenever a notification could be missed; (re)connecting calls it with true. */
  setListening(listening: boolean): void;
}

const RECONNECT_MS = 1000;

/** Starts listening on `channel` for `target`; the answer stops it. */
export async function listenFor(handle: DatabaseHandle, channel: string, target: NotificationTarget): Promise<() => Promise<void>> {
  const heard = (message: Notification) => {
    if (message.channel === channel) target.onNotification(message);
  };
  // What the pool's connections hear: everything on the embedded database, this process's own data
  // writes on PostgreSQL (before the write returns, so its next answer cannot be stale).
  const { notifications } = handle;
  notifications?.on('notification', heard);
  const stopHearing = () => notifications?.off('notification', heard);
  if (handle.kind === 'pglite') {
    target.setListening(true);
    return async () => {
      stopHearing();
      target.setListening(false);
    };
  }
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ ...handle.pool.options, keepAlive: true });
    client = next;
    const lost = () => {
      if (client !== next) return;
      target.setListening(false);
      client = undefined;
      next.end().catch(() => {});
      if (!closed) timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', heard);
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (client === next) target.setListening(true);
    } catch {
      lost();
    }
  };
  await connect();
  return async () => {
    stopHearing();
    closed = true;
    clearTimeout(timer);
    const current = client;
    client = undefined;
    target.setListening(false);
    await current?.end().catch(() => {});
  };
}
