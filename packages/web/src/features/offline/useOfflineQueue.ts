import type { AddItemBody, EventItemsForEdit } from '@portal/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSignedInUser } from '../../lib/signedInUser.tsx';
import { offlineSupported, useOnline } from './online.ts';
import { type Change, keepChange, onQueueChange, readQueue, type Waiting } from './queue.ts';

/**
 * The sender loads only when something waits: this feature's index is also what the first route
 * loads (lazily) for the offline current user, and the sender pulls in the endpoints' definitions.
 */
const sendWaiting = (queryClient: QueryClient, userId: number) =>
  import('./sync.ts').then((sync) => sync.sendWaiting(queryClient, userId)).catch(() => {});

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
  /** The rows with this event's waiting status changes applied, as they will be once sent. */
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

  const keep = useCallback((change: Change) => keepChange(user.id, change), [user.id]);
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
      // Each waiting status change makes one more version: a further change builds on it, not on the server's.
      const changed = new Map<number, { statusId: number | null; versions: number }>();
      for (const { change } of waiting)
        if (change.kind === 'status' && change.eventId === eventId)
          changed.set(change.itemId, { statusId: change.statusId, versions: (changed.get(change.itemId)?.versions ?? 0) + 1 });
      if (!answer || changed.size === 0) return answer;
      return {
        ...answer,
        items: answer.items.map((item) => {
          const mine = changed.get(item.id);
          return mine ? { ...item, statusId: mine.statusId, version: item.version + mine.versions } : item;
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
