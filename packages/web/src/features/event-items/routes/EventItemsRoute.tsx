import { Button, Group, NativeSelect, Text } from '@mantine/core';
import {
  type EventItemEditorRow,
  type EventItemsForEdit,
  type EventSeriesBody,
  eventItemEndpoints,
  eventItemMessages,
  type FitWarning,
  type ItemsAdded,
  messages,
  plural,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { listStatus } from '../../../components/listStatus.ts';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { openDeleteConfirm } from '../../../components/openDeleteConfirm.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { endpointQuery } from '../../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { prefetchRead } from '../../../lib/api/prefetchRead.ts';
import type { FirstLoad } from '../../../lib/firstRows.ts';
import { formatDate } from '../../../lib/format.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { parseId } from '../../../lib/routeIds.ts';
import { useScanHold } from '../../../lib/scanHolds.ts';
import { SignedOffNote } from '../../events/index.ts';
import { NotApplied, OfflineBanner, useKeepAdded, useOfflineEditor, useOfflineQueue } from '../../offline/index.ts';
import {
  fieldLabels,
  useAddItem,
  useAddSeries,
  useDeleteItem,
  useEventHeader,
  useEventRows,
  useImportItems,
  useUpdateItem,
} from '../api.ts';
import { AddByStampedId } from '../components/AddByStampedId.tsx';
import { AddPanel } from '../components/AddPanel.tsx';
import { AddSeries } from '../components/AddSeries.tsx';
import { AddStatusSelect, notInspectedStatus, statusIdOf } from '../components/AddStatus.tsx';
import { addedText, confirmAdding } from '../components/confirmAdding.tsx';
import { FitWarnings } from '../components/FitWarnings.tsx';
import { HistoryDialog } from '../components/HistoryDialog.tsx';
import { ImportItems } from '../components/ImportItems.tsx';
import { ItemDialog } from '../components/ItemDialog.tsx';
import { ITEMS_PAGE_SIZE, ItemsTable } from '../components/ItemsTable.tsx';
import { moveItem, parseDialogRoute } from '../order.ts';
import { manyInput, neighbours } from './editorHelpers.ts';
import { useStatusOnAll } from './useStatusOnAll.tsx';

/** /Events/Edit/{id}/Equipment (and its item dialog and history, by address): Events level, internal staff. */
export function EventItemsRoute() {
  const params = useParams();
  // The editor takes scans itself (scan mode adds the item): a scan never opens equipment from here.
  useScanHold('page');
  const eventId = parseId(params.id);
  if (eventId === null) return <NotFoundPage />;
  return <EventItems eventId={eventId} dialog={parseDialogRoute(params['*'])} />;
}

function EventItems({ eventId, dialog }: { eventId: number; dialog: ReturnType<typeof parseDialogRoute> }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const header = useEventHeader(eventId);
  const rows = useEventRows(eventId);
  // Without a network: the copy kept when last seen online (features/offline, decision 078); scans,
  // statuses and the item dialog's changes work then, kept on the device and sent later (decisions 083, 086).
  const offline = useOfflineEditor(eventId, header, rows);
  const readOnly = offline.offline;
  const queue = useOfflineQueue(eventId, readOnly, offline.chips);
  const shown = queue.applied(offline.rows);
  const [page, setPage] = useState(1);
  // The adds' status: the person's choice once made, else the type's notInspected status.
  const [chosenAddStatus, setAddStatus] = useState<string | null>(null);
  // The items the last status change marked fit that may not be (docs/event-items.md "Marking fit").
  const [fitWarnings, setFitWarnings] = useState<FitWarning[]>([]);
  const add = useAddItem();
  const keepAdded = useKeepAdded();
  const series = useAddSeries();
  const importItems = useImportItems();
  const update = useUpdateItem();
  const remove = useDeleteItem();
  // Moves are sent one after another: two quick moves sent at once could reach the server in the
  // other order and leave the item where the person moved it first.
  const moveTo = useEndpointMutation(eventItemEndpoints.move, { scope: { id: `event-items-order-${eventId}` } });
  const base = `/Events/Edit/${eventId}/Equipment`;
  // The item dialog and the history live in the address; opening and closing them keeps the page where
  // the person had scrolled to (a new address would scroll it to the top).
  const go = (path: string, replace = false) => navigate(path, { replace, preventScrollReset: true });
  const statuses = offline.header?.statuses ?? [];
  const addStatus = chosenAddStatus ?? String(notInspectedStatus(statuses) ?? '');
  const statusId = statusIdOf(addStatus);
  const statusSelect = <AddStatusSelect statuses={statuses} value={addStatus} onChange={setAddStatus} />;
  const items = shown?.items;
  const { allStatus, setAllStatus, confirmSetAll, pending: settingAll } = useStatusOnAll(eventId, statuses, items, setFitWarnings);
  const lastPage = Math.max(1, Math.ceil((items?.length ?? 0) / ITEMS_PAGE_SIZE));

  if (isApiError(header.error) && header.error.status === 404) return <NotFoundPage />;

  const onFieldErrors = (error: unknown) => {
    if (isApiError(error) && error.hasFieldErrors) showErrorToast(error, { fieldLabels });
  };

  const addOne = (stampedId: string) =>
    add
      .mutateAsync({ params: { eventId }, body: { stampedId, statusId } })
      .then((result) => {
        keepAdded(eventId, result.item);
        showSuccessToast(result.createdEquipment ? eventItemMessages.addedNew(stampedId) : eventItemMessages.added(stampedId));
        setFitWarnings(result.warnings);
        setPage(Math.ceil(result.item.sequence / ITEMS_PAGE_SIZE));
      })
      .catch(onFieldErrors);

  /**
   * A series or an import: the dry run's counts first (nothing written), then, once confirmed, the
   * add itself; resolves with whether it was added (the form keeps its values otherwise).
   */
  const addMany = async (preview: () => Promise<ItemsAdded>, send: () => Promise<ItemsAdded>) => {
    try {
      if (!(await confirmAdding(await preview()))) return false;
      const added = await send();
      setFitWarnings(added.warnings ?? []);
      showSuccessToast(addedText(added));
      return true;
    } catch (error) {
      onFieldErrors(error);
      return false;
    }
  };
  // A series' or an import's call, as a dry run ('true') or for real, with the adds' status.
  const seriesInput = (body: Omit<EventSeriesBody, 'statusId'>, dryRun: 'true' | 'false') =>
    manyInput(eventId, dryRun, { ...body, statusId });
  const importInput = (stampedIds: string[], dryRun: 'true' | 'false') => manyInput(eventId, dryRun, { stampedIds, statusId });

  const move = async (item: EventItemEditorRow, to: number) => {
    if (!items) return;
    const key = ['EventComponents', eventItemEndpoints.itemsForEdit.path];
    // The new order shows at once; the refresh after the answer (or a failure, which is toasted) replaces it.
    // A refresh still under way holds the order before this move: it is dropped.
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueriesData<EventItemsForEdit>({ queryKey: key }, (old) =>
      old ? { ...old, items: moveItem(old.items, item.sequence - 1, to).map((row, i) => ({ ...row, sequence: i + 1 })) } : old,
    );
    setPage(Math.floor(to / ITEMS_PAGE_SIZE) + 1);
    moveTo.mutate({ params: { eventId, id: item.id }, query: { sequence: to + 1 } });
  };

  const confirmDelete = (item: EventItemEditorRow) =>
    openDeleteConfirm({
      text: `${messages.cannotBeUndone}. ${item.stampedId} leaves this event.`,
      onConfirm: () =>
        remove.mutate({ params: { eventId, id: item.id } }, { onSuccess: () => showSuccessToast(`Removed ${item.stampedId}`) }),
    });

  const h = offline.header;
  // A signed-off event is sealed (docs/sign-off.md): nothing is added or changed here, only the notification flag.
  const sealed = h?.signOff ?? null;
  const dialogItem = dialog.kind !== 'none' ? items?.find((row) => row.id === dialog.id) : undefined;
  return (
    <>
      <PageHeader title={h ? `Equipment: ${h.type.name} ${formatDate(h.eventDate)}` : 'Event equipment'} />
      {h && (
        <Text size="sm" c="dimmed" mt={-8} mb="sm">
          {[h.rig.name, h.referenceNo.name, h.eventLocation].filter(Boolean).join(' · ')} · {plural(items?.length ?? h.itemCount, 'item')}
        </Text>
      )}
      <OfflineBanner state={offline} waiting={queue.waiting} statuses={statuses} />
      {sealed && <SignedOffNote signOff={sealed} readOnly />}
      <NotApplied rows={queue.notApplied} statuses={statuses} />
      {!sealed && (!readOnly || queue.supported) && h && (
        <AddPanel
          eventId={eventId}
          statuses={statuses}
          items={items ?? []}
          offline={readOnly}
          queue={queue}
          copiedFrom={h.copiedFromEventId ?? null}
          stampedId={<AddByStampedId eventId={eventId} adding={add.isPending} status={statusSelect} onAdd={addOne} />}
          series={
            <AddSeries
              adding={series.isPending}
              status={statusSelect}
              onAdd={(body) =>
                addMany(
                  () => series.mutateAsync(seriesInput(body, 'true')),
                  () => series.mutateAsync(seriesInput(body, 'false')),
                )
              }
            />
          }
          importFile={
            <ImportItems
              eventId={eventId}
              adding={importItems.isPending}
              status={statusSelect}
              onAdd={(stampedIds) =>
                addMany(
                  () => importItems.mutateAsync(importInput(stampedIds, 'true')),
                  () => importItems.mutateAsync(importInput(stampedIds, 'false')),
                )
              }
            />
          }
        />
      )}
      {!sealed && !readOnly && (
        <Group justify="space-between" mb="xs" gap="xs" align="flex-end">
          <Group gap="xs" align="flex-end">
            <NativeSelect
              label="Status on all items"
              value={allStatus}
              onChange={(event) => setAllStatus(event.currentTarget.value)}
              data={[{ value: '', label: 'Choose a status' }, ...statuses.map((s) => ({ value: String(s.id), label: s.name }))]}
              w={200}
            />
            <Button variant="default" disabled={!allStatus || !items?.length} loading={settingAll} onClick={confirmSetAll}>
              Set on all
            </Button>
          </Group>
        </Group>
      )}
      <FitWarnings warnings={fitWarnings} onClose={() => setFitWarnings([])} />
      {offline.snapshot !== 'missing' && (
        <ItemsTable
          items={items}
          owners={offline.rows?.owners}
          itemStatuses={offline.rows?.statuses}
          // A kept copy is the list itself: no skeleton for the paused call behind it.
          status={
            offline.snapshot === 'shown' ? listStatus({ ...rows, isPending: false, isError: false, isFetching: false }) : listStatus(rows)
          }
          statuses={statuses}
          page={Math.min(page, lastPage)}
          onPageChange={setPage}
          onStatus={(item, statusId) =>
            queue.queued
              ? void queue.keep({
                  kind: 'status',
                  eventId,
                  itemId: item.id,
                  stampedId: item.stampedId,
                  statusId,
                  baseVersion: item.version,
                })
              : update.mutate(
                  { params: { eventId, id: item.id }, body: { statusId } },
                  { onSuccess: (result) => setFitWarnings(result.warnings), onError: onFieldErrors },
                )
          }
          onNotification={(item, on) =>
            queue.queued
              ? void queue.keep({ kind: 'item', eventId, itemId: item.id, stampedId: item.stampedId, body: { notifications: on } })
              : update.mutate({ params: { eventId, id: item.id }, body: { notifications: on } })
          }
          onMove={move}
          onEdit={(item) => go(`${base}/${item.id}`)}
          onHistory={(item) => go(`${base}/${item.id}/history`)}
          onDelete={confirmDelete}
          sealed={!!sealed}
          readOnly={readOnly}
          // Offline the item dialog still opens, from what the device keeps (decision 086).
          editOffline={queue.supported}
        />
      )}
      {dialog.kind === 'item' && h && (!readOnly || queue.supported) && (
        <ItemDialog
          // A new dialog per item: the draft and its pending saves belong to one item.
          key={dialog.id}
          eventId={eventId}
          id={dialog.id}
          statuses={statuses}
          signOff={sealed}
          offline={readOnly}
          queue={{ ...queue, photoBound: h.offlinePhotoBytes }}
          row={dialogItem}
          onClose={() => go(base)}
          {...neighbours(items ?? [], dialog.id, (item) => {
            setPage(Math.ceil(item.sequence / ITEMS_PAGE_SIZE));
            go(`${base}/${item.id}`, true);
          })}
        />
      )}
      {dialog.kind === 'history' && dialogItem && !readOnly && <HistoryDialog stampedId={dialogItem.stampedId} onClose={() => go(base)} />}
    </>
  );
}

/** A full load of the editor: the event's header and its items (firstLoad.ts). */
EventItemsRoute.prefetch = ({ queryClient, params }: FirstLoad) => {
  const eventId = parseId(params.id);
  if (eventId === null) return;
  prefetchRead(queryClient, endpointQuery(eventItemEndpoints.itemsForEdit, { params: { eventId } }));
  prefetchRead(queryClient, endpointQuery(eventItemEndpoints.equipmentDetails, { params: { eventId } }));
};
