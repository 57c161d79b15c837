import { ActionIcon, Anchor, Group, Switch, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type Folder, messages } from '@portal/contract';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { useDeleteFolder, useSetFolderEnabled } from '../api.ts';
import { colorNames } from '../colorNames.ts';
import { kindText } from '../kindText.ts';

interface FolderTableProps {
  folders: Folder[] | undefined;
  fetching: boolean;
  /** What the table lists, for its label: 'Event types'. */
  label: string;
  emptyText: string;
  /** Where a row's name leads (the children of an event type or rig); plain text when absent. */
  linkTo?: (folder: Folder) => string;
  onEdit: (folder: Folder) => void;
}

/** Folders of one level: name, colour badge, default, enabled switch, edit and delete. */
export function FolderTable({ folders, fetching, label, emptyText, linkTo, onEdit }: FolderTableProps) {
  const setEnabled = useSetFolderEnabled();
  const remove = useDeleteFolder();

  const confirmDelete = (folder: Folder) => {
    const text = kindText(folder.kind);
    modals.openConfirmModal({
      title: messages.confirmDelete,
      children: (
        <Text size="sm">
          Delete the {text.one} '{folder.name}'? {messages.cannotBeUndone}.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      // A refusal (in use) comes back as a red toast with the server's message.
      onConfirm: () =>
        remove.mutate({ params: { id: folder.id } }, { onSuccess: () => showSuccessToast(`${text.One} '${folder.name}' deleted`) }),
    });
  };

  const columns: DataTableColumn<Folder>[] = [
    {
      accessor: 'name',
      title: 'Name',
      render: (folder) =>
        linkTo ? (
          <Anchor component={Link} to={linkTo(folder)} size="sm" fw={500} c={folder.enabled ? undefined : 'dimmed'}>
            {folder.name}
          </Anchor>
        ) : (
          <Text span size="sm" fw={500} c={folder.enabled ? undefined : 'dimmed'}>
            {folder.name}
          </Text>
        ),
    },
    {
      accessor: 'color',
      title: 'Label colour',
      noWrap: true,
      width: 200,
      render: (folder) =>
        folder.color === 'none' ? (
          <Text span size="sm" c="dimmed">
            {colorNames.none}
          </Text>
        ) : (
          <ColorBadge color={folder.color}>{colorNames[folder.color]}</ColorBadge>
        ),
    },
    {
      accessor: 'default',
      title: 'Default',
      textAlign: 'center',
      width: 90,
      render: (folder) =>
        folder.default ? (
          <>
            <IconCheck size={18} aria-hidden color="var(--mantine-color-green-7)" style={{ verticalAlign: 'middle' }} />
            <VisuallyHidden>Yes</VisuallyHidden>
          </>
        ) : null,
    },
    {
      accessor: 'enabled',
      title: 'Enabled',
      width: 100,
      render: (folder) => (
        <Switch
          aria-label={`Enabled: ${folder.name}`}
          checked={folder.enabled}
          disabled={setEnabled.isPending && setEnabled.variables?.params.id === folder.id}
          onChange={(event) => setEnabled.mutate({ params: { id: folder.id, flag: event.currentTarget.checked ? 'true' : 'false' } })}
        />
      ),
    },
    {
      accessor: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      textAlign: 'right',
      width: 96,
      render: (folder) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" aria-label={`Edit ${folder.name}`} onClick={() => onEdit(folder)}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${folder.name}`} onClick={() => confirmDelete(folder)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <AppDataTable<Folder>
      aria-label={label}
      columns={columns}
      records={folders ?? []}
      fetching={fetching && !folders}
      noRecordsText={fetching ? 'Loading...' : emptyText}
    />
  );
}
