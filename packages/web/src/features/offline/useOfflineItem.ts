import type { EventItem, EventItemEditorRow } from '@portal/contract';
import { useEffect, useMemo, useState } from 'react';
import { getToken } from '../../lib/session.ts';
import { useSignedInUser } from '../../lib/signedInUser.tsx';
import { offlineSupported } from './online.ts';
import { keepPhoto } from './photos.ts';
import { type ItemFields, keepChange, makesVersion, type Waiting } from './queue.ts';
import { keepItemDialog, readItemDialog } from './store.ts';

/** A photo of the item waiting on the device, shown from its kept file. */
export interface WaitingPhoto {
  id: number;
  url: string;
  fileName: string;
}

export interface OfflineItem {
  /** The item as the dialog shows it (see useOfflineItem); undefined while it is read. */
  item: EventItem | undefined;
  /** Offline, and its dialog was never opened online on this device: only status, flag and photos change. */
  partial: boolean;
  /** Offline with nothing to show (no row either). */
  missing: boolean;
  /** This item's photos waiting to be sent, in the order taken. */
  photos: WaitingPhoto[];
  /** Keeps the dialog's changed fields as one change, based on the version shown. */
  keep: (body: ItemFields) => Promise<void>;
  /** Keeps a (shrunk) photo; answers null, or why it was refused (no room). */
  keepPhoto: (file: File) => Promise<string | null>;
}

/** The item as it will be once this user's waiting changes of it are sent (decision 086). */
export function withWaiting(item: EventItem, waiting: Waiting[]): EventItem {
  let shown = item;
  for (const { change } of waiting) {
    if (change.eventId !== item.eventId || change.kind === 'scan' || change.kind === 'photo' || change.itemId !== item.id) continue;
    const body: ItemFields = change.kind === 'status' ? { statusId: change.statusId } : change.body;
    shown = {
      ...shown,
      ...(body.statusId !== undefined && { statusId: body.statusId }),
      ...(body.comment !== undefined && { comment: body.comment || null }),
      ...(body.notifications !== undefined && { notifications: body.notifications }),
      ...(body.measurements !== undefined && { measurements: body.measurements }),
      ...(body.verdictReason !== undefined && { verdict: { ...shown.verdict, reason: body.verdictReason || null } }),
      version: shown.version + (makesVersion(body) ? 1 : 0),
    };
  }
  return shown;
}

/** What the dialog shows of an item never opened online here: its row's status and flag, nothing to judge by. */
const fromRow = (eventId: number, row: EventItemEditorRow): EventItem => ({
  id: row.id,
  eventId,
  sequence: row.sequence,
  stampedId: row.stampedId,
  statusId: row.statusId,
  comment: null,
  notifications: row.notifications,
  version: row.version,
  files: [],
  updatedBy: null,
  updatedDate: '',
  notificationChanges: [],
  measurements: [],
  verdict: {
    proposedStatusId: row.proposedStatusId,
    chosenStatusId: row.statusId,
    reason: null,
    criteriaVersion: null,
    reasonNeeded: false,
  },
  judging: { template: null, nominalSize: null, nominalUnit: null },
});

/**
 * The item dialog with a network and without (decision 086). Online, each answer of the dialog is kept
 * on the device with the event (store.ts), and the server's item is shown. Offline, the item as last
 * seen here, with this user's waiting changes applied; an item whose dialog was never opened online
 * here shows its row (status and flag) and is `partial`: its comment and measurements are unknown,
 * so they cannot change without a network. Changes made while `queued` are kept in the queue, in order
 * with the others, each based on the version shown.
 */
export function useOfflineItem(options: {
  eventId: number;
  id: number;
  /** The server's answer (undefined offline: its call is paused). */
  server: EventItem | undefined;
  offline: boolean;
  /** The item's row in the editor (offline, as kept). */
  row: EventItemEditorRow | undefined;
  /** This user's waiting changes. */
  waiting: Waiting[];
  /** The bytes of photos this user may keep on the device (the editor header's `offlinePhotoBytes`). */
  photoBound: number;
}): OfflineItem {
  const { eventId, id, server, offline, row, waiting, photoBound } = options;
  const user = useSignedInUser();
  const supported = offlineSupported();
  const [kept, setKept] = useState<{ id: number; item: EventItem | null } | null>(null);

  useEffect(() => {
    if (supported && server && getToken()) keepItemDialog(user.id, server).catch(() => {});
  }, [supported, server, user.id]);

  useEffect(() => {
    if (!supported || !offline) return;
    let current = true;
    readItemDialog(user.id, eventId, id)
      .catch(() => null)
      .then((item) => current && setKept({ id, item }));
    return () => {
      current = false;
    };
  }, [supported, offline, user.id, eventId, id]);

  const mineKept = kept?.id === id ? kept : null;
  const base = server ?? (offline && mineKept ? (mineKept.item ?? (row ? fromRow(eventId, row) : undefined)) : undefined);
  const partial = !server && offline && mineKept !== null && mineKept.item === null;
  const item = useMemo(() => base && withWaiting(base, waiting), [base, waiting]);

  const photoRows = useMemo(
    () =>
      waiting.flatMap((w) =>
        w.change.kind === 'photo' && w.change.eventId === eventId && w.change.itemId === id ? [{ id: w.id, change: w.change }] : [],
      ),
    [waiting, eventId, id],
  );
  const [photos, setPhotos] = useState<WaitingPhoto[]>([]);
  useEffect(() => {
    const shown = photoRows.map(({ id: rowId, change }) => ({
      id: rowId,
      url: URL.createObjectURL(change.file),
      fileName: change.fileName,
    }));
    setPhotos(shown);
    return () => {
      for (const photo of shown) URL.revokeObjectURL(photo.url);
    };
  }, [photoRows]);

  const keep = async (body: ItemFields) => {
    if (!item) return;
    await keepChange(user.id, {
      kind: 'item',
      eventId,
      itemId: id,
      stampedId: item.stampedId,
      body,
      ...(makesVersion(body) && { baseVersion: item.version }),
    });
  };
  const keepOnePhoto = (file: File) =>
    keepPhoto(
      user.id,
      { kind: 'photo', eventId, itemId: id, stampedId: item?.stampedId ?? '', file, fileName: file.name, bytes: file.size },
      photoBound,
    );

  return { item, partial, missing: offline && mineKept !== null && !base, photos, keep, keepPhoto: keepOnePhoto };
}
