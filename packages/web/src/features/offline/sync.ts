/**
 * Sends this user's waiting changes, in the order made, one at a time (decision 083). Each goes with
 * its own Idempotency-Key, so a change whose answer was lost is not run twice when sent again.
 */
import { type ErrorBody, eventItemEndpoints as e, eventItemMessages, messages } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api/ApiError.ts';
import { sendQueued } from '../../lib/api/queueSender.ts';
import { readQueue, refuseWaiting, removeWaiting, scanResolved, type Waiting } from './queue.ts';
import { keepAddedRow } from './store.ts';

/** One change as its endpoint takes it, with its own key: the same request each time it is sent. */
async function send(queryClient: QueryClient, { change, key, userId }: Waiting): Promise<void> {
  const params = { eventId: change.eventId };
  switch (change.kind) {
    case 'scan': {
      const added = await sendQueued(queryClient, e.add, { params, body: change.body }, key);
      // The Reconcile panel's session learns which item an 'unknown chip' was (decision 086).
      const code = change.body.chipId;
      if (code) scanResolved({ eventId: change.eventId, code, stampedId: added.item.stampedId });
      // Its chips are known offline from now on, whether or not the editor reads its rows again first.
      await keepAddedRow(userId, change.eventId, added.item).catch(() => {});
      return;
    }
    case 'status': {
      const body = { statusId: change.statusId, baseVersion: change.baseVersion };
      await sendQueued(queryClient, e.update, { params: { ...params, id: change.itemId }, body }, key);
      return;
    }
    case 'item': {
      const body = { ...change.body, baseVersion: change.baseVersion };
      await sendQueued(queryClient, e.update, { params: { ...params, id: change.itemId }, body }, key);
      return;
    }
    case 'photo': {
      const body = new FormData();
      body.append('File', new File([change.file], change.fileName, { type: change.file.type }));
      await sendQueued(queryClient, e.addImage, { params: { ...params, id: change.itemId }, body }, key);
      return;
    }
  }
}

const messagesOf = (error: unknown) => (isApiError(error) ? [error.message, ...Object.values(error.fieldErrors).flat()] : []);

/** A scan of an item the event has already (sent before, its answer lost, the key since expired): done. */
const alreadyThere = (row: Waiting, error: unknown) =>
  row.change.kind === 'scan' && messagesOf(error).some((text) => text.endsWith(eventItemMessages.alreadyInEvent('')));

/**
 * The start of the contract's `idempotencyMessages.stillRunning` (the first call with this key is still
 * running): matched by its start, since using that object here would put all of it into the first
 * route's bundle (the contract's messages live there). sync.test.ts sends the message itself.
 */
const STILL_RUNNING = 'The first request with this Idempotency-Key';

/** The 409 of a change based on an older version carries both values (decision 083). */
const conflictOf = (body: unknown) => (body as ErrorBody | undefined)?.conflict;

/** The server did not decide on it: try again later. */
const notAsked = (error: unknown) =>
  !isApiError(error) ||
  error.status === 0 ||
  error.status === 401 ||
  error.status >= 500 ||
  (error.status === 409 && error.message.startsWith(STILL_RUNNING));

/** Why the server refused a change: its field message if it names one, else its message. */
function reason(row: Waiting, error: unknown): string {
  if (!isApiError(error)) return String(error);
  const field = Object.values(error.fieldErrors).flat()[0];
  const code = row.change.kind === 'scan' ? row.change.body.chipId : undefined;
  if (code && field === messages.noEquipmentWithChip(code)) return messages.noEquipmentForChip(code);
  return field ?? error.message;
}

/**
 * Stops, keeping the rest, at the first change the server could not be asked (no network, a timeout,
 * a 5xx, the first call with its key still running) or at a 401 (the session ended: the login page
 * follows, and the same user's next sign-in sends them). A refused change (4xx) is kept as "Not applied".
 */
async function sendAll(queryClient: QueryClient, userId: number): Promise<void> {
  // Read again after each: a change made while sending goes after the others.
  for (;;) {
    const row = (await readQueue(userId)).find((waiting) => waiting.refused === undefined);
    if (!row) return;
    try {
      await send(queryClient, row);
      await removeWaiting(row.id);
    } catch (error) {
      if (alreadyThere(row, error)) await removeWaiting(row.id);
      else if (notAsked(error)) return;
      else await refuseWaiting(row, reason(row, error), isApiError(error) ? conflictOf(error.body) : undefined);
    }
  }
}

let running: Promise<void> | undefined;

/** Sends what waits, unless a send is under way already (then that one's promise). */
export function sendWaiting(queryClient: QueryClient, userId: number): Promise<void> {
  running ??= sendAll(queryClient, userId).finally(() => {
    running = undefined;
  });
  return running;
}
