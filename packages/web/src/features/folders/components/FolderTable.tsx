import { Anchor, Button, Group, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type Folder, folderEndpoints, messages, statusMeaningLabels } from '@portal/contract';
import { IconCheck, IconPencil, IconToggleRight, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { colorNames } from '../../../components/colorNames.ts';
import type { ListStatus } from '../../../components/listStatus.ts';
import { useClientSort } from '../../../components/useClientSort.ts';
import { fetchEndpoint } from '../../../lib/api/endpointQuery.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useDeleteFolder, useSetFolderEnabled } from '../api.ts';
import { kindText } from '../kindText.ts';

interface FolderTableProps {
  folders: Folder[] | undefined;
  status: ListStatus;
  /** What the table lists, for its label: 'Event types'. */
  label: string;
  emptyText: string;
  /** Where a row's name leads (the children of an event type or rig); plain text when absent. */
  linkTo?: (folder: Folder) => string;
  onEdit: (folder: Folder) => void;
}

/** Folders of one level: name, colour badge, default, enabled switch, edit and delete. */
export function FolderTable({ folders, status, label, emptyText, linkTo, onEdit }: FolderTableProps) {
  const setEnabled = useSetFolderEnabled();
  const remove = useDeleteFolder();
  // Pick-list order (the order of the pickers) until a column title is clicked.
  const sort = useClientSort(folders);

  // An in-use folder is refused before 'This cannot be undone' is asked (docs/ui.md "Destructive actions").
  const confirmDelete = async (folder: Folder) => {
    const text = kindText(folder.kind);
    try {
      const usage = await fetchEndpoint(folderEndpoints.usage, { params: { id: folder.id } });
      if (!usage.deletable) {
        modals.open({
          title: 'Cannot delete',
          children: (
            <Stack gap="md">
              <Text size="sm">{usage.reason}</Text>
              <Group justify="flex-end">
                <Button onClick={() => modals.closeAll()}>OK</Button>
              </Group>
            </Stack>
          ),
        });
        return;
      }
    } catch (error) {
      showErrorToast(error);
      return;
    }
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
        remove.mutate({ params: { id: folder.id } }, { onSuccess: () => showSuccessToast(`${text.One} '${folder.name}' was deleted`) }),
    });
  };

  const columns: DataTableColumn<Folder>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
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
      accessor: 'meaning',
      title: 'Meaning',
      hidden: !folders?.some((folder) => folder.kind === 'status'),
      render: (folder) => (folder.meaning ? statusMeaningLabels[folder.meaning] : null),
    },
    {
      accessor: 'default',
      title: 'Default',
      sortable: true,
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
      sortable: true,
      width: 100,
      // On a phone the row menu offers Enable/Disable instead; a disabled name shows dimmed.
      visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
      render: (folder) => (
        <Switch
          aria-label={`Enabled: ${folder.name}`}
          checked={folder.enabled}
          disabled={setEnabled.isPending && setEnabled.variables?.params.id === folder.id}
          onChange={(event) => setEnabled.mutate({ params: { id: folder.id, flag: event.currentTarget.checked ? 'true' : 'false' } })}
        />
      ),
    },
  ];

  return (
    <AppDataTable<Folder>
      aria-label={label}
      what={label.toLowerCase()}
      columns={columns}
      {...sort}
      status={status}
      emptyText={emptyText}
      rowName={(folder) => folder.name}
      rowActions={[
        { label: 'Edit', icon: <IconPencil size={18} />, onClick: onEdit },
        {
          label: (folder) => (folder.enabled ? 'Disable' : 'Enable'),
          icon: <IconToggleRight size={18} />,
          menuOnly: true,
          disabled: (folder) => setEnabled.isPending && setEnabled.variables?.params.id === folder.id,
          onClick: (folder) => setEnabled.mutate({ params: { id: folder.id, flag: folder.enabled ? 'false' : 'true' } }),
        },
        { label: 'Delete', icon: <IconTrash size={18} />, color: 'red', onClick: confirmDelete },
      ]}
    />
  );
}
