import { Button, Group, Modal, NativeSelect, Skeleton, Stack, Switch, Text, Textarea } from '@mantine/core';
import {
  type EventItemEditorRow,
  eventItemEndpoints as e,
  type FitWarning,
  messages,
  type SignOff,
  type TypeStatus,
  type UpdateItemBody,
  verdictMessages,
} from '@portal/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { useDialogLayout } from '../../../components/useNarrow.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useWrite } from '../../../lib/api/mutation.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showErrorToast } from '../../../lib/notify.tsx';
import { SignedOffNote } from '../../events/index.ts';
import { type OfflineQueue, useOfflineItem } from '../../offline/index.ts';
import { useAutosave } from '../useAutosave.ts';
import { chooseStatus, draftValues, followsProposal, judge, typeReason, typeValue, type VerdictDraft } from '../verdictDraft.ts';
import { AmendItem, ItemAmendments } from './Amendments.tsx';
import { FitWarnings } from './FitWarnings.tsx';
import { ItemImages } from './ItemImages.tsx';
import { MeasurementFields, ProposedVerdict, VerdictReason } from './Measurements.tsx';
import { useItemImages } from './useItemImages.ts';

type Draft = VerdictDraft & { comment: string; notifications: boolean };

/**
 * The item dialog (/Events/Edit/{id}/Equipment/{eventComponentId}): status, comment, notification
 * flag and images. Changes save themselves 100 ms after the last one (only the fields changed), and
 * any change still waiting is saved when the dialog closes or moves to the previous or next item of
 * the event (issue 26 part 3: walking the items without closing); the line under the title says where it stands.
 * Without a network (or while older changes wait) it shows the item as kept on the device and its
 * changes and photos join the offline queue (features/offline useOfflineItem, decision 086).
 */
export function ItemDialog({
  eventId,
  id,
  statuses,
  onClose,
  onPrevious,
  onNext,
  signOff = null,
  offline = false,
  queue: offlineQueue,
  row,
}: {
  eventId: number;
  id: number;
  statuses: TypeStatus[];
  /** A signed-off event's item opens read-only but for its notification flag (docs/sign-off.md). */
  signOff?: SignOff | null;
  onClose: () => void;
  /** The event's item before and after this one that the user may change; absent at either end. */
  onPrevious?: () => void;
  onNext?: () => void;
  /** No network: the item as kept on this device (decision 086). */
  offline?: boolean;
  /**
   * The user's waiting changes; while `queued`, this dialog's changes join them (offline, or older ones
   * still wait), photos within `photoBound` bytes (the header's `offlinePhotoBytes`).
   */
  queue?: Pick<OfflineQueue, 'waiting' | 'queued'> & { photoBound: number };
  /** The item's row in the editor: offline, what an item never opened online here shows. */
  row?: EventItemEditorRow;
}) {
  const layout = useDialogLayout();
  const write = useWrite();
  const server = useEndpoint(e.details, { params: { eventId, id } }, { staleTime: 0 });
  const local = useOfflineItem({
    eventId,
    id,
    server: server.data,
    offline,
    row,
    waiting: offlineQueue?.waiting ?? [],
    photoBound: offlineQueue?.photoBound ?? 0,
  });
  // The item shown: the server's (with changes still waiting applied), or offline the one kept here.
  const item = { data: local.item };
  const queued = !!offlineQueue?.queued;
  const [draft, setDraft] = useState<Draft | null>(null);
  const { uploading, upload, deleteImage, refused } = useItemImages(eventId, id, queued ? local.keepPhoto : undefined);
  // Set by each status change: a fit status on an item that may not be fit says why (docs/event-items.md "Marking fit").
  const [warnings, setWarnings] = useState<FitWarning[]>([]);
  const {
    state,
    change: queue,
    flush,
  } = useAutosave<UpdateItemBody>(async (body) => {
    // Kept in order with the other changes made offline, sent when online (decision 086).
    if (queued) return local.keep(body);
    try {
      const saved = await write(e.update, { params: { eventId, id }, body });
      if (body.statusId !== undefined) setWarnings(saved.warnings);
    } catch (error) {
      showErrorToast(error, messages.eventSaveFailed);
      throw error;
    }
  });

  // The draft starts from this opening's own answer: a cached copy may predate the save made on
  // leaving the item (Next, then Previous before that save's refresh came back) and would show the
  // old values. Offline, the copy kept on this device is the item.
  const fresh = offline || server.isFetchedAfterMount;
  useEffect(() => {
    if (item.data && fresh && draft === null) {
      const { judging, measurements, verdict } = item.data;
      setDraft({
        statusId: item.data.statusId,
        comment: item.data.comment ?? '',
        notifications: item.data.notifications,
        values: draftValues(judging.template?.fields ?? [], measurements),
        verdictReason: verdict.reason ?? '',
        held: false,
        follows: followsProposal(item.data.statusId, verdict.proposedStatusId, statuses),
      });
    }
  }, [item.data, fresh, draft, statuses]);

  const change = (fields: Partial<Pick<Draft, 'comment' | 'notifications'>>) => {
    setDraft((current) => (current ? { ...current, ...fields } : current));
    queue(fields);
  };
  // Measurements, status and reason (docs/measurements.md "Recording"): a status other than the
  // proposal waits for a reason instead of saving 100 ms later.
  const step = ({ draft: next, save }: { draft: VerdictDraft; save: UpdateItemBody | null }) => {
    setDraft((current) => (current ? { ...current, ...next } : current));
    if (save) queue(save);
  };
  // A signed item shows what it holds now (an amendment may have changed it); its draft never saves these.
  const values = item.data && signOff ? draftValues(item.data.judging.template?.fields ?? [], item.data.measurements) : draft?.values;
  const judged = item.data && values ? judge(item.data.judging, values, statuses) : null;
  const differs = !!judged && judged.proposal !== null && draft?.statusId !== judged.proposal;

  // Closing, or moving to another item, saves what is still waiting first.
  const leave = async (to: () => void) => {
    await flush();
    to();
  };
  const close = () => leave(onClose);

  const saved = queued ? 'Kept on this device, sent when online' : 'Saved';
  const stateText = { idle: '', pending: 'Unsaved changes…', saving: 'Saving…', saved, failed: 'Not saved' }[state];
  const title = item.data ? `${item.data.stampedId} (#${item.data.sequence})` : 'Event item';

  return (
    <Modal opened onClose={() => void close()} title={title} size="lg" {...layout}>
      {server.isError && !offline ? (
        <LoadFailed what="event item" error={server.error} onRetry={() => void server.refetch()} />
      ) : local.missing ? (
        <Text size="sm">This item is not kept on this device, so it cannot be shown without a network.</Text>
      ) : !item.data || !draft ? (
        <Skeleton h={240} />
      ) : (
        <Stack gap="md">
          {signOff && <SignedOffNote signOff={signOff} readOnly />}
          <Text size="sm" c={state === 'failed' ? 'red.8' : 'dimmed'} aria-live="polite" mih={20} data-testid="save-state">
            {stateText ||
              (signOff
                ? 'Only the notification flag can change here; it saves itself.'
                : queued
                  ? 'Changes are kept on this device and sent when online.'
                  : 'Changes save themselves.')}
          </Text>
          {local.partial && (
            <Text size="sm" role="note">
              This item was not opened on this device while online: its comment and measurements can change once the connection returns. Its
              status, notification and photos can change now.
            </Text>
          )}
          <NativeSelect
            label="Status"
            disabled={!!signOff}
            value={(signOff ? item.data.statusId : draft.statusId) === null ? '' : String(signOff ? item.data.statusId : draft.statusId)}
            onChange={(event) =>
              step(chooseStatus(draft, event.currentTarget.value ? Number(event.currentTarget.value) : null, judged?.proposal ?? null))
            }
            data={[{ value: '', label: 'No status' }, ...statuses.map((s) => ({ value: String(s.id), label: s.name }))]}
          />
          {judged && item.data.judging.template && (
            <>
              <MeasurementFields
                judging={item.data.judging}
                values={values ?? draft.values}
                errors={judged.errors}
                readOnly={!!signOff}
                onChange={(key, text) => item.data && step(typeValue(draft, key, text, item.data.judging, statuses))}
              />
              <ProposedVerdict
                evaluation={judged.evaluation}
                proposal={judged.proposal}
                statuses={statuses}
                judging={item.data.judging}
                verdict={item.data.verdict}
              />
            </>
          )}
          {(differs || draft.verdictReason !== '') && (
            <VerdictReason
              value={draft.verdictReason}
              readOnly={!!signOff}
              held={draft.held ? verdictMessages.held : differs && draft.verdictReason.trim() === '' ? verdictMessages.differs : null}
              onChange={(text) => step(typeReason(draft, text))}
            />
          )}
          <FitWarnings warnings={warnings} />
          <Textarea
            label="Comment"
            autosize
            minRows={3}
            maxLength={2000}
            readOnly={!!signOff}
            disabled={local.partial}
            value={signOff ? (item.data.comment ?? '') : draft.comment}
            onChange={(event) => change({ comment: event.currentTarget.value })}
          />
          <Switch
            label="Notification (listed under Admin, Notifications until turned off)"
            checked={draft.notifications}
            onChange={(event) => change({ notifications: event.currentTarget.checked })}
          />
          {item.data.notificationChanges.length > 0 && (
            <Stack gap={2} aria-label="Notification changes">
              {item.data.notificationChanges.map((c) => (
                <Text size="xs" c="dimmed" key={`${c.changedAt}-${c.notification}`}>
                  Notification turned {c.notification ? 'on' : 'off'}
                  {c.changedBy ? ` by ${c.changedBy}` : ''} on {formatDateTime(c.changedAt)}
                </Text>
              ))}
            </Stack>
          )}
          <ItemImages
            files={item.data.files}
            waiting={local.photos}
            offline={offline}
            onPhotos={signOff ? undefined : (files) => void upload(files)}
            uploading={uploading}
            onDelete={signOff || queued ? undefined : deleteImage}
            refused={refused}
          />
          {signOff && (
            <>
              <ItemAmendments eventId={eventId} itemId={id} />
              <AmendItem eventId={eventId} item={item.data} statuses={statuses} />
            </>
          )}
          <Group justify="space-between">
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconChevronLeft size={16} aria-hidden />}
                disabled={!onPrevious}
                onClick={() => onPrevious && void leave(onPrevious)}
              >
                Previous
              </Button>
              <Button
                variant="default"
                rightSection={<IconChevronRight size={16} aria-hidden />}
                disabled={!onNext}
                onClick={() => onNext && void leave(onNext)}
              >
                Next
              </Button>
            </Group>
            <Button onClick={() => void close()}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
