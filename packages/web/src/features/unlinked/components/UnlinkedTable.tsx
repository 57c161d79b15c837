import { Anchor, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages, type UnlinkedItem } from '@portal/contract';
import { IconDeviceFloppy, IconPencil, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { AppDataTable, type RowAction } from '../../../components/AppDataTable.tsx';
import { CertificatePicker } from '../../../components/CertificatePicker.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { useNarrow } from '../../../components/useNarrow.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { useDeleteUnlinked } from '../api.ts';
import { draftOf, isChanged, lengthError, type UnlinkedDraft } from '../draft.ts';

interface UnlinkedTableProps {
  items: UnlinkedItem[] | undefined;
  status: ListStatus;
  emptyText: string;
  drafts: Record<number, UnlinkedDraft>;
  onDraft: (item: UnlinkedItem, draft: UnlinkedDraft) => void;
  /** Saves the row's draft (wide screens). */
  onSave: (item: UnlinkedItem) => void;
  /** The row being saved. */
  savingId: number | null;
  /** Opens the edit dialog (phones). */
  onEdit: (item: UnlinkedItem) => void;
}

/**
 * The unlinked items of one page. On a wide screen each row is its own small form: length, comment
 * and the certificate to link to, Save (Enter) and Delete. On a phone the stamped id stays pinned and
 * Edit (the edit dialog) and Delete are in the row's menu.
 */
export function UnlinkedTable({ items, status, emptyText, drafts, onDraft, onSave, savingId, onEdit }: UnlinkedTableProps) {
  const narrow = useNarrow();
  const canOpen = useCanOpen();
  const remove = useDeleteUnlinked();
  const draft = (item: UnlinkedItem) => drafts[item.id] ?? draftOf(item);
  const change = (item: UnlinkedItem, part: Partial<UnlinkedDraft>) => onDraft(item, { ...draft(item), ...part });
  const saveOnEnter = (item: UnlinkedItem) => (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && !event.defaultPrevented) onSave(item);
  };

  const confirmDelete = (item: UnlinkedItem) =>
    modals.openConfirmModal({
      title: messages.confirmDelete,
      children: (
        <Text size="sm">
          Delete the unlinked equipment '{item.stampedId}'? {messages.cannotBeUndone}.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      // A refusal (it has events after all) comes back as a red toast with the server's message.
      onConfirm: () =>
        remove.mutate({ params: { id: item.id } }, { onSuccess: () => showSuccessToast(`Equipment '${item.stampedId}' was deleted`) }),
    });

  const stampedId: DataTableColumn<UnlinkedItem> = {
    accessor: 'stampedId',
    title: 'Stamped id',
    noWrap: true,
    render: (item) => {
      const path = `/Equipment/${encodeURIComponent(item.stampedId)}`;
      return canOpen(path) ? (
        <Anchor component={Link} to={path} size="sm" fw={500}>
          {item.stampedId}
        </Anchor>
      ) : (
        <Text span size="sm" fw={500}>
          {item.stampedId}
        </Text>
      );
    },
  };
  const events: DataTableColumn<UnlinkedItem> = {
    accessor: 'eventCount',
    title: 'Events',
    textAlign: 'right',
    width: 70,
    render: (item) =>
      item.eventCount > 0 ? (
        <Tooltip label="Inspected in events: it cannot be deleted, link it instead" withinPortal>
          <Text span size="sm">
            {item.eventCount}
          </Text>
        </Tooltip>
      ) : (
        <Text span size="sm" c="dimmed">
          0
        </Text>
      ),
  };

  const wideColumns: DataTableColumn<UnlinkedItem>[] = [
    stampedId,
    {
      accessor: 'length',
      title: 'Length (m)',
      textAlign: 'right',
      width: 110,
      render: (item) => (
        <TextInput
          size="xs"
          aria-label={`Length of ${item.stampedId}`}
          inputMode="decimal"
          value={draft(item).length}
          error={lengthError(draft(item).length) ?? undefined}
          onChange={(event) => change(item, { length: event.currentTarget.value })}
          onKeyDown={saveOnEnter(item)}
          styles={{ input: { textAlign: 'right' } }}
        />
      ),
    },
    {
      accessor: 'comment',
      title: 'Comment',
      render: (item) => (
        <TextInput
          size="xs"
          aria-label={`Comment of ${item.stampedId}`}
          value={draft(item).comment}
          onChange={(event) => change(item, { comment: event.currentTarget.value })}
          onKeyDown={saveOnEnter(item)}
        />
      ),
    },
    {
      accessor: 'certificate',
      title: 'Link to certificate',
      width: 220,
      render: (item) => (
        <CertificatePicker
          size="xs"
          aria-label={`Certificate for ${item.stampedId}`}
          value={draft(item).certificate}
          onChange={(certificate) => change(item, { certificate })}
        />
      ),
    },
    events,
  ];

  const narrowColumns: DataTableColumn<UnlinkedItem>[] = [
    stampedId,
    { accessor: 'length', title: 'Length (m)', textAlign: 'right', noWrap: true, render: (item) => item.length ?? '' },
    // One line per row: the comment scrolls with the table instead of stretching the row.
    { accessor: 'comment', title: 'Comment', noWrap: true, render: (item) => item.comment ?? '' },
    events,
  ];

  const unsaveable = (item: UnlinkedItem) =>
    savingId === item.id || !isChanged(item, draft(item)) || lengthError(draft(item).length) !== null;
  const deleteAction: RowAction<UnlinkedItem> = {
    label: 'Delete',
    icon: <IconTrash size={18} />,
    color: 'red',
    disabled: (item) => item.eventCount > 0,
    onClick: confirmDelete,
  };
  const actions: RowAction<UnlinkedItem>[] = narrow
    ? [{ label: 'Edit', icon: <IconPencil size={18} />, onClick: onEdit }, deleteAction]
    : [{ label: 'Save', icon: <IconDeviceFloppy size={18} />, disabled: unsaveable, onClick: onSave }, deleteAction];

  return (
    <AppDataTable<UnlinkedItem>
      aria-label="Unlinked equipment"
      what="unlinked equipment"
      columns={narrow ? narrowColumns : wideColumns}
      records={items}
      status={status}
      emptyText={emptyText}
      rowName={(item) => item.stampedId}
      rowActions={actions}
    />
  );
}
