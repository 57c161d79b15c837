import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { plural } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { offlineSupported } from './online.ts';
import { discardQueue, readQueue } from './queue.ts';

/** The sender loads with the first change to send (it pulls in the endpoints' definitions). */
const send = (queryClient: QueryClient, userId: number) =>
  import('./sync.ts').then((sync) => sync.sendWaiting(queryClient, userId)).catch(() => {});

/** After a sign-in: this user's changes still waiting (a 401 stopped them, or a logout kept them) go now. */
export async function resumeSending(queryClient: QueryClient, userId: number): Promise<void> {
  if (!offlineSupported() || !navigator.onLine) return;
  const rows = await readQueue(userId).catch(() => []);
  if (rows.some((row) => row.refused === undefined)) await send(queryClient, userId);
}

const notSent = (count: number) => `${plural(count, 'change')} ${count === 1 ? 'has' : 'have'} not been sent`;

/**
 * Log out, unless changes made offline are still on the device (waiting, or refused and listed as
 * "Not applied"): then 'N changes have not been sent' with Send now (then asks again if any are
 * left), Keep (kept for this user's next sign-in here, 7 days) or Discard (asked again). Decision 083.
 */
export async function confirmLogout(queryClient: QueryClient, userId: number, logout: () => void, tried = false): Promise<void> {
  const rows = offlineSupported() ? await readQueue(userId).catch(() => []) : [];
  if (rows.length === 0) return logout();
  const id = `logout-${userId}`;
  const choose = (then: () => void) => () => {
    modals.close(id);
    then();
  };
  const discard = () =>
    modals.openConfirmModal({
      title: `Discard ${plural(rows.length, 'change')}?`,
      children: <Text size="sm">They are deleted from this device and never sent. This cannot be undone.</Text>,
      labels: { confirm: 'Discard', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void discardQueue(userId).then(logout),
    });
  modals.open({
    modalId: id,
    title: notSent(rows.length),
    children: (
      <Stack gap="sm">
        <Text size="sm">
          {tried ? 'Not all could be sent now (no network, or the server refused some: see "Not applied"). ' : ''}
          Changes made offline are kept on this device under your account. Keep logs you out and sends them after your next sign-in here
          (within 7 days); Discard deletes them.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" color="red" onClick={choose(discard)}>
            Discard
          </Button>
          <Button variant="default" onClick={choose(logout)}>
            Keep
          </Button>
          <Button onClick={choose(() => void send(queryClient, userId).then(() => confirmLogout(queryClient, userId, logout, true)))}>
            Send now
          </Button>
        </Group>
      </Stack>
    ),
  });
}
