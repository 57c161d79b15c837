/**
 * The changes made offline, waiting on the device to be sent (decision 083): in IndexedDB, in the
 * order they were made, under the id of the user who made them, each with the `Idempotency-Key` it
 * got when it was made (so a retry is the same request and the server runs it once). They leave only
 * once the server has taken them, when the person discards them (asked twice), or when a refused one is
 * removed from the "Not applied" list. Never by the size bound; another user's go 7 days after made.
 */
import type { AddItemBody, ErrorBody, UpdateItemBody } from '@portal/contract';
import { done, finished, isFresh, open } from './store.ts';

export type Change =
  /**
   * A chip code (or a stamped id) scanned: the add's body as it will be sent; the server finds the item.
   * `stampedId`: the item the device knew the chip to be on when scanned (decision 084), else absent.
   */
  | { kind: 'scan'; eventId: number; body: AddItemBody; stampedId?: string }
  /** `baseVersion`: the item's version it was made on; the server refuses it if the item changed since (decision 083). */
  | { kind: 'status'; eventId: number; itemId: number; stampedId: string; statusId: number | null; baseVersion?: number }
  /**
   * The item dialog's fields (status, comment, notification flag, measurements, verdict reason) as its
   * autosave sends them. `baseVersion` only when it changes the status or the comment (what makes a
   * new version, decision 083): a flag or measurements alone never conflict.
   */
  | { kind: 'item'; eventId: number; itemId: number; stampedId: string; body: ItemFields; baseVersion?: number }
  /** A photo taken offline, kept as its (shrunk) file until sent; `bytes` counts toward the photo bound (photos.ts). */
  | { kind: 'photo'; eventId: number; itemId: number; stampedId: string; file: Blob; fileName: string; bytes: number };

/** What the item dialog changes, without the version it is based on (the change carries that). */
export type ItemFields = Omit<UpdateItemBody, 'baseVersion'>;

/** Whether these fields make a new version of the item when saved (its status or comment change, decision 083). */
export const makesVersion = (body: ItemFields) => body.statusId !== undefined || body.comment !== undefined;

export interface Waiting {
  id: number;
  userId: number;
  key: string;
  /** When it was made (ISO). */
  madeAt: string;
  change: Change;
  /** The server refused it (a signed-off event, no such chip): why. It stays, in the "Not applied" list. */
  refused?: string;
  /** Refused because the item changed meanwhile: the values on the server and the ones sent, for the person to choose. */
  conflict?: ErrorBody['conflict'];
}

const listeners = new Set<() => void>();

/** A kept scan the server resolved when it was sent: its code and the item that carries it. */
export interface ResolvedScan {
  eventId: number;
  code: string;
  stampedId: string;
}
const resolvedListeners = new Set<(scan: ResolvedScan) => void>();

/**
 * Calls `listener` with each kept scan the server resolves when sent (an 'unknown chip' becomes its
 * item in the Reconcile panel's session, decision 086); answers the unsubscribe.
 */
export function onScanResolved(listener: (scan: ResolvedScan) => void): () => void {
  resolvedListeners.add(listener);
  return () => resolvedListeners.delete(listener);
}

export function scanResolved(scan: ResolvedScan): void {
  for (const listener of resolvedListeners) listener(scan);
}

/** Calls `listener` after every change to the queue (of any user); answers the unsubscribe. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function write(run: (store: IDBObjectStore) => void): Promise<void> {
  const tx = (await open()).transaction('queue', 'readwrite');
  const ended = finished(tx);
  run(tx.objectStore('queue'));
  await ended;
  for (const listener of listeners) listener();
}

/**
 * Keeps a change made now by this user, with its own new Idempotency-Key; other users' older than 7
 * days go. A device out of room refuses the write (a QuotaExceededError): the caller says so.
 */
export async function keepChange(userId: number, change: Change): Promise<void> {
  const all = await readAll();
  const now = Date.now();
  await write((store) => {
    for (const row of all) if (row.userId !== userId && !isFresh(row.madeAt, now)) store.delete(row.id);
    store.add({ userId, key: crypto.randomUUID(), madeAt: new Date(now).toISOString(), change } satisfies Omit<Waiting, 'id'>);
  });
}

/** The bytes of this user's photos still on the device (waiting or refused): what the photo bound counts. */
export async function photoBytes(userId: number): Promise<number> {
  return (await readQueue(userId)).reduce((sum, row) => sum + (row.change.kind === 'photo' ? row.change.bytes : 0), 0);
}

async function readAll(): Promise<Waiting[]> {
  const db = await open();
  return (await done(db.transaction('queue', 'readonly').objectStore('queue').getAll())) as Waiting[];
}

/** This user's changes, in the order made (refused ones included). */
export async function readQueue(userId: number): Promise<Waiting[]> {
  const db = await open();
  const rows = (await done(db.transaction('queue', 'readonly').objectStore('queue').index('userId').getAll(userId))) as Waiting[];
  return rows.sort((a, b) => a.id - b.id);
}

/** The server took it (or had it already): it leaves the queue. */
export const removeWaiting = (id: number) => write((store) => store.delete(id));

/** The server refused it: kept with the reason, in the "Not applied" list, and not sent again. */
export const refuseWaiting = (row: Waiting, reason: string, conflict?: ErrorBody['conflict']) =>
  write((store) => store.put({ ...row, refused: reason, ...(conflict && { conflict }) }));

/** The person keeps their value over the server's: the same change again, based on the version now stored, with a new key. */
export async function retryOnVersion(row: Waiting, version: number): Promise<void> {
  if (row.change.kind !== 'status' && row.change.kind !== 'item') return;
  const change = { ...row.change, baseVersion: version };
  await write((store) => {
    store.delete(row.id);
    store.add({ userId: row.userId, key: crypto.randomUUID(), madeAt: new Date().toISOString(), change } satisfies Omit<Waiting, 'id'>);
  });
}

/** The person chose Discard (and confirmed): every change of this user waiting goes. */
export async function discardQueue(userId: number): Promise<void> {
  const rows = await readQueue(userId);
  await write((store) => {
    for (const row of rows) store.delete(row.id);
  });
}
