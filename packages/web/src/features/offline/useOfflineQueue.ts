import type { AddItemBody, EventItemEditorRow, EventItemsForEdit } from '@portal/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { showErrorToast } from '../../lib/notify.tsx';
import { useSignedInUser, useSignedInUserOrNull } from '../../lib/signedInUser.tsx';
import { offlineSupported, useOnline } from './online.ts';
import { type Change, type ItemFields, keepChange, makesVersion, onQueueChange, readQueue, type Waiting } from './queue.ts';
import { keepAddedRow } from './store.ts';

/**
 * The sender loads only when something waits: this feature's index is also what the first route
 * loads (lazily) for the offline current user, and the sender pulls in the endpoints' definitions.
 */
const sendWaiting = (queryClient: QueryClient, userId: number) =>
  import('./sync.ts').then((sync) => sync.sendWaiting(queryClient, userId)).catch(() => {});

/** A change the device could not keep (out of room, most likely). */
export const notKept = 'This device could not keep the change (it may be out of room), so it was not saved';

/** While changes wait and the browser says it is online, sending is tried again this often (a server down, a 5xx). */
const RETRY_MS = 15_000;

export interface OfflineQueue {
  /** This user's changes not yet sent (all events), in the order made. */
  waiting: Waiting[];
  /** This event's changes the server refused ("Not applied"). */
  notApplied: Waiting[];
  /** New changes are kept rather than sent: offline, or older changes still wait (they go first). */
  queued: boolean;
  /** False on plain HTTP: nothing can be kept. */
  supported: boolean;
  keep: (change: Change) => Promise<void>;
  /** Keeps a scan of this event; answers the stamped id of the item the device knows the chip to be on, else null. */
  keepScan: (body: AddItemBody) => Promise<string | null>;
  /** The rows with this event's waiting changes applied (status, flag, photos), as they will be once sent. */
  applied: (rows: EventItemsForEdit | undefined) => EventItemsForEdit | undefined;
}

/**
 * The signed-in user's queue of changes made offline (decision 083): read from the device, kept as the
 * person makes changes, and sent in order as soon as the browser is online (again every 15 s while any
 * wait), by sync.ts.
 */
export function useOfflineQueue(eventId: number, offline: boolean, chips: Map<string, string>): OfflineQueue {
  const user = useSignedInUser();
  const online = useOnline();
  const queryClient = useQueryClient();
  const supported = offlineSupported();
  const [rows, setRows] = useState<Waiting[]>([]);

  useEffect(() => {
    if (!supported) return;
    let current = true;
    const load = () =>
      readQueue(user.id)
        .then((read) => current && setRows(read))
        .catch(() => {});
    load();
    const stop = onQueueChange(load);
    return () => {
      current = false;
      stop();
    };
  }, [supported, user.id]);

  const waiting = useMemo(() => rows.filter((row) => row.refused === undefined), [rows]);
  const pending = waiting.length > 0;
  useEffect(() => {
    if (!online || !pending) return;
    void sendWaiting(queryClient, user.id);
    const timer = setInterval(() => void sendWaiting(queryClient, user.id), RETRY_MS);
    return () => clearInterval(timer);
  }, [online, pending, queryClient, user.id]);

  // A device out of room (or a broken store) refuses the write: the person is told, nothing else is lost.
  const keep = useCallback(
    (change: Change) => keepChange(user.id, change).catch((error: unknown) => showErrorToast(error, notKept)),
    [user.id],
  );
  const keepScan = useCallback(
    async (body: AddItemBody) => {
      const stampedId = (body.chipId && chips.get(body.chipId.toLowerCase())) || null;
      await keepChange(user.id, { kind: 'scan', eventId, body, ...(stampedId && { stampedId }) });
      return stampedId;
    },
    [user.id, eventId, chips],
  );
  const applied = useCallback(
    (answer: EventItemsForEdit | undefined) => {
      // Each waiting change of a status or comment makes one more version: a further change builds on
      // it, not on the server's. A waiting photo counts on its row's images (decision 086).
      const changed = new Map<number, { statusId?: number | null; notifications?: boolean; versions: number; photos: number }>();
      for (const { change } of waiting) {
        if (change.kind === 'scan' || change.eventId !== eventId) continue;
        const mine = changed.get(change.itemId) ?? { versions: 0, photos: 0 };
        if (change.kind === 'photo') mine.photos += 1;
        else {
          const body: ItemFields = change.kind === 'status' ? { statusId: change.statusId } : change.body;
          if (body.statusId !== undefined) mine.statusId = body.statusId;
          if (body.notifications !== undefined) mine.notifications = body.notifications;
          if (makesVersion(body)) mine.versions += 1;
        }
        changed.set(change.itemId, mine);
      }
      if (!answer || changed.size === 0) return answer;
      return {
        ...answer,
        items: answer.items.map((item) => {
          const mine = changed.get(item.id);
          if (!mine) return item;
          return {
            ...item,
            ...(mine.statusId !== undefined && { statusId: mine.statusId }),
            ...(mine.notifications !== undefined && { notifications: mine.notifications }),
            version: item.version + mine.versions,
            imageCount: item.imageCount + mine.photos,
          };
        }),
      };
    },
    [waiting, eventId],
  );
  return {
    waiting,
    notApplied: rows.filter((row) => row.refused !== undefined && row.change.eventId === eventId),
    queued: supported && (offline || pending),
    supported,
    keep,
    keepScan,
    applied,
  };
}

/**
 * Keeps an item just added online in the event's record on the device (store.ts keepAddedRow): its
 * chips are known offline even when the network goes before the editor's rows are read again (decision 086).
 */
export function useKeepAdded(): (eventId: number, row: EventItemEditorRow) => void {
  // Or null: the scan tab rendered alone in a test has no signed-in frame.
  const userId = useSignedInUserOrNull()?.id;
  return useCallback(
    (eventId: number, row: EventItemEditorRow) => {
      if (userId !== undefined && offlineSupported()) keepAddedRow(userId, eventId, row).catch(() => {});
    },
    [userId],
  );
}
