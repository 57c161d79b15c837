import { Button, Group, NativeSelect, Paper, Stack, Text, Textarea } from '@mantine/core';
import { AMENDMENT_REASON_MAX, type Amendment, amendmentEndpoints, EVENT_ITEM_COMMENT_MAX, type TypeStatus } from '@portal/contract';
import { IconPencilPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';

const valuesText = (v: Amendment['before']) => `${v.status?.name ?? 'No status'}${v.comment ? `, "${v.comment}"` : ''}`;

/** One item's amendments, oldest first: the original stays visible in the first one's "before" (docs/sign-off.md). */
export function ItemAmendments({ eventId, itemId }: { eventId: number; itemId: number }) {
  const list = useEndpoint(amendmentEndpoints.amendments, { params: { id: eventId } });
  const mine = (list.data ?? []).filter((a) => a.eventComponentId === itemId);
  if (mine.length === 0) return null;
  return (
    <Stack gap={4} aria-label="Amendments">
      <Text fw={500} size="sm">
        Amendments
      </Text>
      {mine.map((a) => (
        <Text size="xs" key={a.id}>
          {formatDateTime(a.amendedAt)} by {a.amendedBy}: {valuesText(a.before)} → {valuesText(a.after)}. Reason: {a.reason}
        </Text>
      ))}
    </Stack>
  );
}

/** The amendment form of a signed item: the corrected status and comment, and why; recorded, never edited. */
export function AmendItem({
  eventId,
  itemId,
  statusId,
  comment,
  statuses,
}: {
  eventId: number;
  itemId: number;
  statusId: number | null;
  comment: string | null;
  statuses: TypeStatus[];
}) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState(statusId === null ? '' : String(statusId));
  const [text, setText] = useState(comment ?? '');
  const [reason, setReason] = useState('');
  const amend = useEndpointMutation(amendmentEndpoints.amend, {
    meta: { toastErrors: false },
    onSuccess: () => {
      showSuccessToast('The amendment was recorded');
      setOpen(false);
      setReason('');
    },
  });
  const errors = isApiError(amend.error) ? amend.error.fieldErrors : {};
  if (!open)
    return (
      <Group>
        <Button variant="light" leftSection={<IconPencilPlus size={16} aria-hidden />} onClick={() => setOpen(true)}>
          Amend
        </Button>
      </Group>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    amend.mutate({
      params: { id: eventId },
      body: { eventComponentId: itemId, statusId: status ? Number(status) : null, comment: text, reason },
    });
  };
  return (
    <Paper withBorder p="sm" radius="sm" component="form" onSubmit={submit} noValidate aria-label="Amend this item">
      <Stack gap="sm">
        <NativeSelect
          label="Corrected status"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value)}
          data={[{ value: '', label: 'No status' }, ...statuses.map((s) => ({ value: String(s.id), label: s.name }))]}
          error={errors.statusId?.join(' ')}
        />
        <Textarea
          label="Corrected comment"
          autosize
          minRows={2}
          maxLength={EVENT_ITEM_COMMENT_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
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
        {amend.isError && !errors.reason && !errors.statusId && (
          <Text c="red" size="sm" role="alert">
            {amend.error.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={amend.isPending} disabled={reason.trim() === ''}>
            Record amendment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
