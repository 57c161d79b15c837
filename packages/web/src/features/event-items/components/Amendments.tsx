import { Button, CloseButton, Group, NativeSelect, Paper, Stack, Text, Textarea } from '@mantine/core';
import {
  AMENDMENT_IMAGES_MAX,
  AMENDMENT_REASON_MAX,
  type Amendment,
  amendedMeasurementsText,
  amendmentEndpoints,
  EVENT_ITEM_COMMENT_MAX,
  type EventItem,
  fileEndpoints,
  type TypeStatus,
} from '@portal/contract';
import { IconPencilPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PhotoButtons } from '../../../components/PhotoButtons.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useEndpointMutation, useWrite } from '../../../lib/api/mutation.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { shrinkPhoto } from '../../../lib/photos.ts';
import { removeWaiting } from '../../offline/index.ts';
import { draftValues, followsProposal, judge, typeValue, type VerdictDraft } from '../verdictDraft.ts';
import { MeasurementFields, ProposedVerdict } from './Measurements.tsx';

const valuesText = (v: Amendment['before']) => `${v.status?.name ?? 'No status'}${v.comment ? `, "${v.comment}"` : ''}`;

/**
 * One item's amendments, oldest first: the original stays visible in the first one's "before", with
 * each measurement changed before → after and the photos added (docs/sign-off.md).
 */
export function ItemAmendments({ eventId, itemId }: { eventId: number; itemId: number }) {
  const list = useEndpoint(amendmentEndpoints.amendments, { params: { id: eventId } });
  const mine = (list.data ?? []).filter((a) => a.eventComponentId === itemId);
  if (mine.length === 0) return null;
  return (
    <Stack gap={4} aria-label="Amendments" role="group">
      <Text fw={500} size="sm">
        Amendments
      </Text>
      {mine.map((a) => (
        <Stack gap={0} key={a.id}>
          <Text size="xs">
            {formatDateTime(a.amendedAt)} by {a.amendedBy}: {valuesText(a.before)} → {valuesText(a.after)}. Reason: {a.reason}
          </Text>
          {amendedMeasurementsText(a).map((line) => (
            <Text size="xs" c="dimmed" key={line} pl="sm">
              {line}
            </Text>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

type Photo = { id: number; fileName: string };

/**
 * The amendment form of a signed item: the corrected status, comment and measurements (judged as the
 * inspector types, the status following the proposal while nobody chose another), photos to add, and
 * why; recorded, never edited. Photos upload first (POST /Files) and the amendment names them.
 * Opened from "Not applied" (`?amend={statusId}&waiting={id}`): open at once with the status changed
 * offline, and that waiting change goes once the amendment is recorded (decision 084).
 */
export function AmendItem({ eventId, item, statuses }: { eventId: number; item: EventItem; statuses: TypeStatus[] }) {
  const write = useWrite();
  const [search, setSearch] = useSearchParams();
  const offered = search.get('amend');
  const waiting = search.get('waiting');
  const start = (): VerdictDraft => {
    const statusId = offered === null ? item.statusId : offered === '' ? null : Number(offered);
    return {
      statusId,
      values: draftValues(item.judging.template?.fields ?? [], item.measurements),
      verdictReason: '',
      held: false,
      follows: followsProposal(statusId, item.verdict.proposedStatusId, statuses),
    };
  };
  const [open, setOpen] = useState(offered !== null);
  const [draft, setDraft] = useState(start);
  const [text, setText] = useState(item.comment ?? '');
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [uploading, setUploading] = useState(false);
  const amend = useEndpointMutation(amendmentEndpoints.amend, {
    meta: { toastErrors: false },
    onSuccess: () => {
      showSuccessToast('The amendment was recorded');
      if (waiting !== null) void removeWaiting(Number(waiting)).catch(() => {});
      if (offered !== null) setSearch({}, { replace: true });
      setOpen(false);
      setReason('');
      setPhotos([]);
    },
  });
  const errors = isApiError(amend.error) ? amend.error.fieldErrors : {};
  const judged = judge(item.judging, draft.values, statuses);
  const invalid = Object.keys(judged.errors).length > 0;
  if (!open)
    return (
      <Group>
        <Button
          variant="light"
          leftSection={<IconPencilPlus size={16} aria-hidden />}
          onClick={() => {
            setDraft(start());
            setText(item.comment ?? '');
            setOpen(true);
          }}
        >
          Amend
        </Button>
      </Group>
    );
  const addPhotos = async (files: File[]) => {
    setUploading(true);
    try {
      for (const file of files.slice(0, AMENDMENT_IMAGES_MAX - photos.length)) {
        const body = new FormData();
        body.append('File', await shrinkPhoto(file));
        const uploaded = await write(fileEndpoints.upload, { query: { purpose: 'attachment' }, body });
        setPhotos((current) => [...current, { id: uploaded.id, fileName: uploaded.fileName }]);
      }
    } catch (error) {
      showErrorToast(error, 'The image could not be added');
    } finally {
      setUploading(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    amend.mutate({
      params: { id: eventId },
      body: {
        eventComponentId: item.id,
        statusId: draft.statusId,
        comment: text,
        ...(item.judging.template && { measurements: judged.list }),
        ...(photos.length > 0 && { images: photos.map((photo) => photo.id) }),
        reason,
      },
    });
  };
  const measurementErrors = Object.fromEntries(
    Object.entries(errors).filter(([key]) => key.startsWith('measurements.') || key === 'measurements'),
  );
  return (
    <Paper withBorder p="sm" radius="sm" component="form" onSubmit={submit} noValidate aria-label="Amend this item">
      <Stack gap="sm">
        <NativeSelect
          label="Corrected status"
          value={draft.statusId === null ? '' : String(draft.statusId)}
          onChange={(e) => {
            const statusId = e.currentTarget.value ? Number(e.currentTarget.value) : null;
            setDraft({ ...draft, statusId, follows: statusId === judged.proposal });
          }}
          data={[{ value: '', label: 'No status' }, ...statuses.map((s) => ({ value: String(s.id), label: s.name }))]}
          error={errors.statusId?.join(' ')}
        />
        {item.judging.template && (
          <>
            <MeasurementFields
              judging={item.judging}
              values={draft.values}
              errors={judged.errors}
              readOnly={false}
              onChange={(key, value) => setDraft(typeValue(draft, key, value, item.judging, statuses).draft)}
            />
            <ProposedVerdict
              evaluation={judged.evaluation}
              proposal={judged.proposal}
              statuses={statuses}
              judging={item.judging}
              verdict={item.verdict}
            />
            {Object.values(measurementErrors).map((messages) => (
              <Text c="red" size="sm" role="alert" key={messages.join(' ')}>
                {messages.join(' ')}
              </Text>
            ))}
          </>
        )}
        <Textarea
          label="Corrected comment"
          autosize
          minRows={2}
          maxLength={EVENT_ITEM_COMMENT_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Photos to add
            </Text>
            <PhotoButtons onPhotos={(files) => void addPhotos(files)} loading={uploading} />
          </Group>
          {photos.map((photo) => (
            <Group key={photo.id} gap={4} wrap="nowrap">
              <Text size="xs" truncate>
                {photo.fileName}
              </Text>
              <CloseButton
                size="sm"
                aria-label={`Leave out ${photo.fileName}`}
                onClick={() => setPhotos(photos.filter((p) => p.id !== photo.id))}
              />
            </Group>
          ))}
        </Stack>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          maxLength={AMENDMENT_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason?.join(' ')}
        />
        {amend.isError && Object.keys(errors).length === 0 && (
          <Text c="red" size="sm" role="alert">
            {amend.error.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={amend.isPending} disabled={reason.trim() === '' || invalid || uploading}>
            Record amendment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
