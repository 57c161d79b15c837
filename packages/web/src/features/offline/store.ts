/**
 * What the editor needs to open without a network, kept in IndexedDB (decision 078): per user, the
 * events they last opened (the editor's header with the type's statuses, and its rows with their
 * statuses) and the user's own record, so the signed-in frame opens too. Never in Cache Storage.
 *
 * Everything is under the user's id. The device finds that id only from the session's token: a
 * session row is keyed by the token's SHA-256, so another user signed in on the device (another
 * token) reaches none of it. A user's events stay within OFFLINE_BYTES_PER_USER (the oldest saved
 * go first) and nothing is kept longer than OFFLINE_KEEP_DAYS after it was last saved.
 */
import type { CurrentUser, EndpointOutput, EventEquipmentDetails, EventItem, EventItemsForEdit, reportEndpoints } from '@portal/contract';

type MooringSpreads = EndpointOutput<typeof reportEndpoints.mooringSpreads>;

import { type Kept, toEvict } from './bound.ts';

export const OFFLINE_BYTES_PER_USER = 8 * 1024 * 1024;
export const OFFLINE_KEEP_DAYS = 7;

const DB_NAME = 'portal-offline';
const DAY_MS = 86_400_000;

export interface EventSnapshot {
  userId: number;
  eventId: number;
  header: EventEquipmentDetails;
  rows: EventItemsForEdit;
  /** A copy's source event's rows as last seen (decision 084): absent for an event not copied. */
  source?: EventItemsForEdit;
  /**
   * The mooring spreads of the user's owners as last seen with this event (decision 086): offline, the
   * Reconcile panel may still expect a chosen spread's legs. Absent when the user may not read them.
   */
  spreads?: MooringSpreads;
  /**
   * The item dialogs opened online on this device, by item id, as last seen (decision 086): offline,
   * such an item's comment and measurements can change too (its template judges them as online).
   */
  dialogs?: Record<number, EventItem>;
  /** When it was last seen online (ISO). */
  savedAt: string;
}

interface SessionRow {
  tokenHash: string;
  userId: number;
  savedAt: string;
}

interface UserRow {
  id: number;
  user: CurrentUser;
  savedAt: string;
}

/** A saved event's size and age, apart from its data, so the bound is kept without reading every event. */
interface SizeRow extends Kept {
  userId: number;
  eventId: number;
}

let opened: Promise<IDBDatabase> | undefined;

/** The device's offline database; version 2 added `queue`, the changes waiting (queue.ts, decision 083). */
export function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 2);
    request.onupgradeneeded = (event) => {
      const db = request.result;
      if (event.oldVersion < 1) {
        db.createObjectStore('sessions', { keyPath: 'tokenHash' });
        db.createObjectStore('users', { keyPath: 'id' });
        db.createObjectStore('events', { keyPath: ['userId', 'eventId'] });
        db.createObjectStore('sizes', { keyPath: ['userId', 'eventId'] });
      }
      // In the order made: the auto-incremented id is the order they are sent in.
      if (event.oldVersion < 2) db.createObjectStore('queue', { keyPath: 'id', autoIncrement: true }).createIndex('userId', 'userId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opened = undefined;
      reject(request.error);
    };
  });
  return opened;
}

export const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

export const finished = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('The offline store refused the write'));
  });

/** The token's SHA-256 in hex: the device keeps no token of its own, only this key to the user's id. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const isFresh = (savedAt: string, now: number) => now - Date.parse(savedAt) < OFFLINE_KEEP_DAYS * DAY_MS;

/**
 * Keeps the event as the editor has just seen it online, with the user and their session. Answers
 * false when the event alone is over the bound (nothing of it is kept then).
 */
export async function saveEventSnapshot(token: string, user: CurrentUser, snapshot: Omit<EventSnapshot, 'userId' | 'savedAt' | 'dialogs'>) {
  const now = new Date();
  const savedAt = now.toISOString();
  const hash = await tokenHash(token);
  const db = await open();
  const tx = db.transaction(['sessions', 'users', 'events', 'sizes'], 'readwrite');
  const ended = finished(tx);
  // The item dialogs kept before stay, for the items still in the event.
  const before = (await done(tx.objectStore('events').get([user.id, snapshot.eventId]))) as EventSnapshot | undefined;
  const inEvent = new Set(snapshot.rows.items.map((item) => item.id));
  const dialogs = Object.fromEntries(Object.entries(before?.dialogs ?? {}).filter(([id]) => inEvent.has(Number(id))));
  const record: EventSnapshot = { ...snapshot, dialogs, userId: user.id, savedAt };
  const bytes = JSON.stringify(record).length;
  if (bytes > OFFLINE_BYTES_PER_USER) {
    tx.abort();
    await ended.catch(() => {});
    return false;
  }
  const sizes = tx.objectStore('sizes');
  const all = (await done(sizes.getAll())) as SizeRow[];
  const maxAge = OFFLINE_KEEP_DAYS * DAY_MS;
  // Other users' events only age out; this user's also make room for this one.
  const others = all.filter((row) => row.userId !== user.id && !isFresh(row.savedAt, now.getTime()));
  const mine = toEvict(
    all.filter((row) => row.userId === user.id && row.eventId !== snapshot.eventId),
    OFFLINE_BYTES_PER_USER - bytes,
    now.getTime(),
    maxAge,
  );
  for (const row of [...others, ...mine]) {
    sizes.delete([row.userId, row.eventId]);
    tx.objectStore('events').delete([row.userId, row.eventId]);
  }
  for (const store of ['sessions', 'users'] as const) {
    const rows = (await done(tx.objectStore(store).getAll())) as (SessionRow | UserRow)[];
    for (const row of rows)
      if (!isFresh(row.savedAt, now.getTime())) tx.objectStore(store).delete('tokenHash' in row ? row.tokenHash : row.id);
  }
  tx.objectStore('sessions').put({ tokenHash: hash, userId: user.id, savedAt } satisfies SessionRow);
  tx.objectStore('users').put({ id: user.id, user, savedAt } satisfies UserRow);
  tx.objectStore('events').put(record);
  sizes.put({ userId: user.id, eventId: snapshot.eventId, bytes, savedAt } satisfies SizeRow);
  await ended;
  return true;
}

/** The user whose session this token is, as last seen online; null when the device has none (or too old). */
export async function readOfflineUser(token: string): Promise<CurrentUser | null> {
  const hash = await tokenHash(token);
  const db = await open();
  const tx = db.transaction(['sessions', 'users'], 'readonly');
  const session = (await done(tx.objectStore('sessions').get(hash))) as SessionRow | undefined;
  if (!session || !isFresh(session.savedAt, Date.now())) return null;
  const row = (await done(tx.objectStore('users').get(session.userId))) as UserRow | undefined;
  return row && isFresh(row.savedAt, Date.now()) ? row.user : null;
}

/**
 * The chip codes (lower case: readers differ in case) of the items of every event this user keeps, to
 * their stamped ids: offline, a scan of one of them is known to be that item (decision 084).
 */
export async function readKeptChips(userId: number): Promise<Map<string, string>> {
  const db = await open();
  const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
  const events = (await done(db.transaction('events', 'readonly').objectStore('events').getAll(range))) as EventSnapshot[];
  const fresh = events.filter((event) => isFresh(event.savedAt, Date.now()));
  return chipsOf(fresh.flatMap((event) => [...(event.source?.items ?? []), ...event.rows.items]));
}

/** Chip code (lower case) to stamped id; a copy kept by an older build has no chips on its rows. */
export function chipsOf(items: EventItemsForEdit['items']): Map<string, string> {
  const chips = new Map<string, string>();
  for (const item of items) for (const chip of item.chips ?? []) chips.set(chip.toLowerCase(), item.stampedId);
  return chips;
}

/** The event as this user last saw it online, or null. */
export async function readEventSnapshot(userId: number, eventId: number): Promise<EventSnapshot | null> {
  const db = await open();
  const row = (await done(db.transaction('events', 'readonly').objectStore('events').get([userId, eventId]))) as EventSnapshot | undefined;
  return row && isFresh(row.savedAt, Date.now()) ? row : null;
}

/**
 * Keeps an item's dialog as just seen online with the event's kept record (decision 086), so that
 * offline the dialog opens with its comment, measurements and template. Nothing when the event is not
 * kept (the editor keeps it first) or the record would pass the bound.
 */
export async function keepItemDialog(userId: number, item: EventItem): Promise<void> {
  const db = await open();
  const tx = db.transaction(['events', 'sizes'], 'readwrite');
  const ended = finished(tx);
  const record = (await done(tx.objectStore('events').get([userId, item.eventId]))) as EventSnapshot | undefined;
  if (!record) {
    await ended;
    return;
  }
  const next: EventSnapshot = { ...record, dialogs: { ...record.dialogs, [item.id]: item } };
  const bytes = JSON.stringify(next).length;
  if (bytes <= OFFLINE_BYTES_PER_USER) {
    tx.objectStore('events').put(next);
    tx.objectStore('sizes').put({ userId, eventId: item.eventId, bytes, savedAt: record.savedAt } satisfies SizeRow);
  }
  await ended;
}

/** An item's dialog as last seen online on this device, or null (never opened here, or too old). */
export async function readItemDialog(userId: number, eventId: number, itemId: number): Promise<EventItem | null> {
  return (await readEventSnapshot(userId, eventId))?.dialogs?.[itemId] ?? null;
}

/**
 * Adds an item's editor row, as the server answered its add, to the event's kept record: its chips are
 * known offline at once, even when the network goes before the editor's rows are read again (decision 086).
 */
export async function keepAddedRow(userId: number, eventId: number, row: EventItemsForEdit['items'][number]): Promise<void> {
  const db = await open();
  const tx = db.transaction('events', 'readwrite');
  const ended = finished(tx);
  const record = (await done(tx.objectStore('events').get([userId, eventId]))) as EventSnapshot | undefined;
  if (record && !record.rows.items.some((item) => item.id === row.id))
    tx.objectStore('events').put({ ...record, rows: { ...record.rows, items: [...record.rows.items, row] } } satisfies EventSnapshot);
  await ended;
}
