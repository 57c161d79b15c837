import { ActionIcon, Button, Group, Image, Modal, NativeSelect, SimpleGrid, Skeleton, Stack, Switch, Text, Textarea } from '@mantine/core';
import {
  eventItemEndpoints as e,
  type FitWarning,
  fileEndpoints,
  type ItemFile,
  messages,
  type SignOff,
  type TypeStatus,
  type UpdateItemBody,
  verdictMessages,
} from '@portal/contract';
import { IconChevronLeft, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PhotoButtons } from '../../../components/PhotoButtons.tsx';
import { useNarrow } from '../../../components/useNarrow.ts';
import { downloadUrl } from '../../../lib/api/download.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useWrite } from '../../../lib/api/mutation.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showErrorToast } from '../../../lib/notify.tsx';
import { SignedOffNote } from '../../events/index.ts';
import { useAutosave } from '../useAutosave.ts';
import { chooseStatus, draftValues, followsProposal, judge, typeReason, typeValue, type VerdictDraft } from '../verdictDraft.ts';
import { AmendItem, ItemAmendments } from './Amendments.tsx';
import { FitWarnings } from './FitWarnings.tsx';
import { MeasurementFields, ProposedVerdict, VerdictReason } from './Measurements.tsx';
import { useItemImages } from './useItemImages.ts';

type Draft = VerdictDraft & { comment: string; notifications: boolean };

const fileIdOf = (file: ItemFile) => Number(file.url.split('/').pop());

/** One image: its link carries a single-use download token, fetched when shown. */
function ItemImage({ file, onDelete }: { file: ItemFile; onDelete?: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void downloadUrl(fileEndpoints.download, { id: fileIdOf(file) }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [file]);
  return (
    <Stack gap={4}>
      {src ? (
        <a href={src} target="_blank" rel="noreferrer" aria-label={`View ${file.fileName}`}>
          <Image src={src} alt={file.fileName} h={96} fit="cover" radius="sm" />
        </a>
      ) : (
        <Skeleton h={96} />
      )}
      <Group gap={4} wrap="nowrap" justify="space-between">
        <Text size="xs" truncate>
          {file.fileName}
        </Text>
        {onDelete && (
          <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Delete ${file.fileName}`} onClick={onDelete}>
            <IconTrash size={14} />
          </ActionIcon>
        )}
      </Group>
    </Stack>
  );
}

/**
 * The item dialog (/Events/Edit/{id}/Equipment/{eventComponentId}): status, comment, notification
 * flag and images. Changes save themselves 100 ms after the last one (only the fields changed), and
 * any change still waiting is saved when the dialog closes or moves to the previous or next item of
 * the event (issue 26 part 3: walking the items without closing); the line under the title says where it stands.
 */
export function ItemDialog({
  eventId,
  id,
  statuses,
  onClose,
  onPrevious,
  onNext,
  signOff = null,
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
}) {
  const narrow = useNarrow();
  const write = useWrite();
  const item = useEndpoint(e.details, { params: { eventId, id } }, { staleTime: 0 });
  const [draft, setDraft] = useState<Draft | null>(null);
  const { uploading, upload, deleteImage } = useItemImages(eventId, id);
  // Set by each status change: a fit status on an item that may not be fit says why (docs/event-items.md "Marking fit").
  const [warnings, setWarnings] = useState<FitWarning[]>([]);
  const {
    state,
    change: queue,
    flush,
  } = useAutosave<UpdateItemBody>(async (body) => {
    try {
      const saved = await write(e.update, { params: { eventId, id }, body });
      if (body.statusId !== undefined) setWarnings(saved.warnings);
    } catch (error) {
      showErrorToast(error, messages.eventSaveFailed);
      throw error;
    }
  });

  useEffect(() => {
    if (item.data && draft === null) {
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
  }, [item.data, draft, statuses]);

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

  const stateText = { idle: '', pending: 'Unsaved changes…', saving: 'Saving…', saved: 'Saved', failed: 'Not saved' }[state];
  const title = item.data ? `${item.data.stampedId} (#${item.data.sequence})` : 'Event item';

  return (
    <Modal opened onClose={() => void close()} title={title} fullScreen={narrow} size="lg" centered={!narrow}>
      {item.isError ? (
        <LoadFailed what="event item" error={item.error} onRetry={() => void item.refetch()} />
      ) : !item.data || !draft ? (
        <Skeleton h={240} />
      ) : (
        <Stack gap="md">
          {signOff && <SignedOffNote signOff={signOff} readOnly />}
          <Text size="sm" c={state === 'failed' ? 'red.8' : 'dimmed'} aria-live="polite" mih={20} data-testid="save-state">
            {stateText || (signOff ? 'Only the notification flag can change here; it saves itself.' : 'Changes save themselves.')}
          </Text>
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
                onChange={(key, text) => step(typeValue(draft, key, text, item.data.judging, statuses))}
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
          <div>
            <Group justify="space-between" mb="xs">
              <Text fw={500} size="sm">
                Images
              </Text>
              {!signOff && <PhotoButtons onPhotos={(files) => void upload(files)} loading={uploading} />}
            </Group>
            {item.data.files.length === 0 ? (
              <Text size="sm" c="dimmed">
                No images yet.
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                {item.data.files.map((file) => (
                  <ItemImage key={file.id} file={file} onDelete={signOff ? undefined : () => deleteImage(file)} />
                ))}
              </SimpleGrid>
            )}
          </div>
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
