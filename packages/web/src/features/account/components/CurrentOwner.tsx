import { Menu, Select, Text } from '@mantine/core';
import { ownerEndpoints, userEndpoints } from '@portal/contract';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { EditDialog } from '../../../components/EditDialog.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';

/**
 * The current owner as the reports page uses it: the stored choice (GET /Account/UserInfo
 * currentOwnerId) while it is still one of the user's owners, otherwise the first of their owners
 * (GET /Owners/User, by name).
 */
export function useCurrentOwner(enabled = true) {
  const info = useEndpoint(userEndpoints.userInfo, undefined, { enabled });
  const owners = useEndpoint(ownerEndpoints.userOwners, undefined, { enabled });
  const list = owners.data ?? [];
  const current = list.find((owner) => owner.id === info.data?.currentOwnerId) ?? list[0] ?? null;
  return { userId: info.data?.id, owners: list, current, loading: info.isPending || owners.isPending };
}

/** The user menu's entry: 'Current owner: Aker' opens the chooser. */
export function CurrentOwnerMenuItem({ onOpen }: { onOpen: () => void }) {
  const { current } = useCurrentOwner();
  return (
    <Menu.Item leftSection={<IconBuildingFactory2 size={16} />} onClick={onOpen} style={{ overflowWrap: 'anywhere' }}>
      Current owner: {current?.name ?? '…'}
    </Menu.Item>
  );
}

/** PUT /Account/{id}/currentOwner?ownerId; the answer (the user's profile) refreshes every reader of it. */
export function CurrentOwnerDialog({ onClose }: { onClose: () => void }) {
  const { userId, owners, current } = useCurrentOwner();
  // Until the user picks one, the choice is the current owner (which may still be loading at first).
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? (current ? String(current.id) : null);
  const save = useEndpointMutation(userEndpoints.setCurrentOwner);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (userId === undefined || chosen === null) return;
    save.mutate(
      { params: { id: userId }, query: { ownerId: Number(chosen) } },
      {
        onSuccess: () => {
          showSuccessToast(`Reports open on ${owners.find((owner) => String(owner.id) === chosen)?.name ?? 'that owner'}`);
          onClose();
        },
      },
    );
  };
  return (
    <EditDialog title="Current owner" onClose={onClose} onSubmit={submit} saving={save.isPending} saveDisabled={chosen === null}>
      <Text size="sm" c="dimmed">
        The owner the reports open on. You can still choose another on each report.
      </Text>
      <Select
        label="Owner"
        data-autofocus
        searchable
        data={owners.map((owner) => ({ value: String(owner.id), label: `${owner.name} (${owner.shortCode})` }))}
        value={chosen}
        onChange={setPicked}
        allowDeselect={false}
        nothingFoundMessage="No owner by that name"
        comboboxProps={{ withinPortal: true }}
      />
    </EditDialog>
  );
}
