import { Alert, List, Text } from '@mantine/core';
import { plural, type TypeStatus } from '@portal/contract';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format.ts';
import type { Change, ItemFields, Waiting } from './queue.ts';
import type { OfflineEditor } from './useOfflineEditor.ts';

/** Up to this many waiting changes are listed; the count says the rest. */
const LISTED = 5;

/** The parts of an item dialog's change, as the banner lists them: 'status Fit, comment, notification on'. */
function fieldsText(body: ItemFields, statuses: TypeStatus[]): string {
  return [
    body.statusId !== undefined && `status ${statusName(body.statusId, statuses)}`,
    body.comment !== undefined && 'comment',
    body.measurements !== undefined && 'measurements',
    body.verdictReason !== undefined && 'reason',
    body.notifications !== undefined && `notification ${body.notifications ? 'on' : 'off'}`,
  ]
    .filter(Boolean)
    .join(', ');
}

const statusName = (id: number | null | undefined, statuses: TypeStatus[]) => statuses.find((s) => s.id === id)?.name ?? 'No status';

/** One change as the person made it: a chip the device did not know is found by the server when sent. */
export function describeChange(change: Change, statuses: TypeStatus[]): string {
  switch (change.kind) {
    case 'scan':
      return change.body.chipId
        ? `Scan ${change.body.chipId}: ${change.stampedId ?? 'unknown chip, found when sent'}`
        : `Add ${change.body.stampedId}`;
    case 'status':
      return `Status of ${change.stampedId}: ${statusName(change.statusId, statuses)}`;
    case 'item':
      return `${change.stampedId}: ${fieldsText(change.body, statuses)}`;
    case 'photo':
      return `Photo of ${change.stampedId}: ${change.fileName}`;
  }
}

interface Props {
  state: OfflineEditor;
  /** This user's changes waiting to be sent, in the order made. */
  waiting: Waiting[];
  statuses: TypeStatus[];
}

/**
 * Over the editor while there is no network: 'Offline, N changes waiting', the event as last seen and
 * the changes kept (decision 083); online while changes still wait, 'Sending N changes'. On plain
 * HTTP: 'Offline work needs HTTPS'.
 */
export function OfflineBanner({ state, waiting, statuses }: Props) {
  if (!state.supported)
    return (
      <Text size="sm" c="dimmed" mb="sm" role="note">
        Offline work needs HTTPS: this address is plain HTTP, so the editor cannot open without a network here.
      </Text>
    );
  if (!state.offline && waiting.length === 0) return null;
  const seen = !state.offline
    ? ''
    : state.snapshot === 'shown'
      ? `Showing this event as last seen online on ${formatDateTime(state.savedAt)}.`
      : state.snapshot === 'missing'
        ? 'This event was not opened on this device while online, so it cannot be shown without a network.'
        : state.snapshot === 'none'
          ? 'Showing this event as loaded before the connection dropped.'
          : '';
  const count = plural(waiting.length, 'change');
  return (
    <Alert
      color={state.offline ? 'orange.9' : 'blue.9'}
      variant="filled"
      mb="md"
      icon={state.offline ? <IconWifiOff size={20} aria-hidden /> : <IconCloudUpload size={20} aria-hidden />}
      title={state.offline ? `Offline, ${count} waiting` : `Sending ${count}`}
      role="status"
    >
      {seen}{' '}
      {state.offline
        ? 'Changes made here are kept on this device and sent in order when the connection returns.'
        : 'Changes made offline are being sent, in the order they were made.'}
      {waiting.length > 0 && (
        <List size="sm" mt={4} c="white">
          {waiting.slice(0, LISTED).map((row) => (
            <List.Item key={row.id}>{describeChange(row.change, statuses)}</List.Item>
          ))}
          {waiting.length > LISTED && <List.Item>{`and ${plural(waiting.length - LISTED, 'more change')}`}</List.Item>}
        </List>
      )}
    </Alert>
  );
}
