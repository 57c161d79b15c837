import { Alert, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/format.ts';
import type { OfflineEditor } from './useOfflineEditor.ts';

/**
 * Changes are not kept on the device yet (issue 29 part 2 comes later): offline the editor is
 * read-only, so nothing waits, and the banner says so.
 */
const WAITING = 0;

/** 'Offline, 0 changes waiting' over the editor while there is no network; 'Offline work needs HTTPS' on plain HTTP. */
export function OfflineBanner({ state }: { state: OfflineEditor }) {
  if (!state.supported)
    return (
      <Text size="sm" c="dimmed" mb="sm" role="note">
        Offline work needs HTTPS: this address is plain HTTP, so the editor cannot open without a network here.
      </Text>
    );
  if (!state.offline) return null;
  const seen =
    state.snapshot === 'shown'
      ? `Showing this event as last seen online on ${formatDateTime(state.savedAt)}.`
      : state.snapshot === 'missing'
        ? 'This event was not opened on this device while online, so it cannot be shown without a network.'
        : state.snapshot === 'none'
          ? 'Showing this event as loaded before the connection dropped.'
          : '';
  return (
    <Alert
      color="orange.9"
      variant="filled"
      mb="md"
      icon={<IconWifiOff size={20} aria-hidden />}
      title={`Offline, ${WAITING} changes waiting`}
      role="status"
    >
      {seen} Changes need the network for now: the editor is read-only until the connection returns.
    </Alert>
  );
}
