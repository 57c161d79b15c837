import { type EventEquipmentDetails, type EventItemsForEdit, eventItemEndpoints, reportEndpoints } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../lib/api/ApiError.ts';
import { endpointKey, useEndpoint } from '../../lib/api/endpointQuery.ts';
import { afterFirstRows } from '../../lib/firstRows.ts';
import { getToken } from '../../lib/session.ts';
import { useSignedInUser } from '../../lib/signedInUser.tsx';
import { offlineSupported, registerServiceWorker, useOnline } from './online.ts';
import { chipsOf, type EventSnapshot, readEventSnapshot, readKeptChips, saveEventSnapshot } from './store.ts';

interface Loaded<T> {
  data: T | undefined;
  error: unknown;
}

export interface OfflineEditor {
  header: EventEquipmentDetails | undefined;
  rows: EventItemsForEdit | undefined;
  /** No network (the browser says so, or a call could not reach the server): only scans and status changes work (kept, decision 083). */
  offline: boolean;
  /** The saved copy shown, when the network's answers are missing. */
  snapshot: 'none' | 'loading' | 'shown' | 'missing';
  savedAt: string | null;
  /** False on plain HTTP: 'Offline work needs HTTPS'. */
  supported: boolean;
  /** Chip code (lower case) to stamped id: this event's items and, offline, those of every event kept on the device. */
  chips: Map<string, string>;
}

const unreachable = (error: unknown) => isApiError(error) && error.status === 0;

/**
 * The editor's data with a network and without (decision 078). Online, each answer pair (with a copy's
 * source rows, decision 084) is kept in IndexedDB under the user's id; offline, when the answers are
 * missing, the kept copy is shown. Also the chips the device knows, for scans kept offline.
 */
export function useOfflineEditor(eventId: number, header: Loaded<EventEquipmentDetails>, rows: Loaded<EventItemsForEdit>): OfflineEditor {
  const user = useSignedInUser();
  const online = useOnline();
  const supported = offlineSupported();
  const offline = !online || unreachable(header.error) || unreachable(rows.error);
  const answered = header.data !== undefined && rows.data !== undefined;
  const [kept, setKept] = useState<{ key: string; snapshot: EventSnapshot | null } | null>(null);
  const key = `${user.id}:${eventId}`;
  const queryClient = useQueryClient();
  // A copy's source rows, kept with it: its Reconcile panel may expect them, and offline their chips are known (decision 084).
  const sourceId = header.data?.copiedFromEventId ?? null;
  const source = useEndpoint(
    eventItemEndpoints.itemsForEdit,
    { params: { eventId: sourceId ?? 0 } },
    { enabled: supported && !offline && sourceId !== null, meta: { toastErrors: false } },
  );

  // The mooring spreads, kept with the event: offline the Reconcile panel may expect a spread's legs (decision 086).
  const spreads = useEndpoint(reportEndpoints.mooringSpreads, {}, { enabled: supported && !offline, meta: { toastErrors: false } });

  // The service worker's copy of the app (some 450 KB) waits until the first rows show: on a weak
  // signal it would share the line with the editor's code and rows (docs/ui.md, seventh round).
  useEffect(() => {
    if (supported) return afterFirstRows(registerServiceWorker);
  }, [supported]);

  // Each new answer pair (after every add or change) replaces the kept copy.
  useEffect(() => {
    const token = getToken();
    if (!supported || offline || !header.data || !rows.data || !token) return;
    // A copy waits for its source's rows (or their failure), so they are kept in the same record.
    if ((sourceId !== null && source.isPending) || spreads.isPending) return;
    saveEventSnapshot(token, user, { eventId, header: header.data, rows: rows.data, source: source.data, spreads: spreads.data }).catch(
      () => {
        // A full or refused store only means no offline copy; the editor works on.
      },
    );
  }, [supported, offline, header.data, rows.data, user, eventId, sourceId, source.isPending, source.data, spreads.isPending, spreads.data]);

  // Once shown, the kept copy stays until the answers arrive when the network returns: the editor (and
  // a reconciling session in it) is not unmounted while they load (decision 086).
  const keptShown = kept?.key === key && kept.snapshot !== null;
  const needKept = supported && !answered && (offline || keptShown);
  useEffect(() => {
    if (!needKept) return;
    let current = true;
    readEventSnapshot(user.id, eventId)
      .catch(() => null)
      .then((snapshot) => {
        if (current) setKept({ key, snapshot });
      });
    return () => {
      current = false;
    };
  }, [needKept, user.id, eventId, key]);

  // Offline, the chips of every event this user keeps are known too (a scan here may be of one of theirs).
  const [keptChips, setKeptChips] = useState<Map<string, string>>(() => new Map());
  useEffect(() => {
    if (!supported || !offline) return;
    let current = true;
    readKeptChips(user.id)
      .then((chips) => current && setKeptChips(chips))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [supported, offline, user.id]);

  const mine = kept?.key === key ? kept : null;
  const shown = needKept && mine?.snapshot ? mine.snapshot : null;
  // Offline, the kept source rows answer the Reconcile panel's query for them (paused without a network).
  const keptSource = shown?.source;
  const keptSourceId = shown?.header.copiedFromEventId ?? null;
  useEffect(() => {
    if (keptSource && keptSourceId !== null)
      queryClient.setQueryData(
        endpointKey(eventItemEndpoints.itemsForEdit, { params: { eventId: keptSourceId } }),
        (old) => old ?? keptSource,
      );
  }, [queryClient, keptSource, keptSourceId]);

  const keptSpreads = shown?.spreads;
  useEffect(() => {
    if (keptSpreads) queryClient.setQueryData(endpointKey(reportEndpoints.mooringSpreads, {}), (old) => old ?? keptSpreads);
  }, [queryClient, keptSpreads]);

  const items = rows.data?.items ?? shown?.rows.items;
  const sourceItems = source.data?.items ?? keptSource?.items;
  const chips = useMemo(
    () => new Map([...keptChips, ...chipsOf(sourceItems ?? []), ...chipsOf(items ?? [])]),
    [keptChips, sourceItems, items],
  );
  return {
    header: header.data ?? shown?.header,
    rows: rows.data ?? shown?.rows,
    offline,
    snapshot: !needKept ? 'none' : !mine ? 'loading' : shown ? 'shown' : 'missing',
    savedAt: shown?.savedAt ?? null,
    supported,
    chips,
  };
}
