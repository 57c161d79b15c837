import { Anchor, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { fileEndpoints, type HelpFile, messages } from '@portal/contract';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { openDownload } from '../../../lib/api/download.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { fileTypeLabel, formatFileSize } from '../fileText.ts';

interface HelpTableProps {
  files: HelpFile[] | undefined;
  status: ListStatus;
  /** Admin level sees the delete action. */
  canManage: boolean;
  emptyText: string;
}

/** A link cannot carry the session: the click asks for a download token, then opens the address. */
function download(file: HelpFile) {
  openDownload(fileEndpoints.download, { id: file.fileId }).catch((error) => showErrorToast(error, 'The download could not start'));
}

/** The help files: name (downloads on click), type, size, when and by whom it was added, delete. */
export function HelpTable({ files, status, canManage, emptyText }: HelpTableProps) {
  // DELETE /Help?id: removes the entry and its file.
  const remove = useEndpointMutation(fileEndpoints.deleteHelp);

  const confirmDelete = (file: HelpFile) =>
    modals.openConfirmModal({
      title: messages.confirmDelete,
      children: (
        <Text size="sm">
          Delete the help file '{file.fileName}'? {messages.cannotBeUndone}.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ query: { id: file.id } }, { onSuccess: () => showSuccessToast(`'${file.fileName}' was deleted`) }),
    });

  const columns: DataTableColumn<HelpFile>[] = [
    {
      accessor: 'fileName',
      title: 'File name',
      render: (file) => (
        // Section 2 shows the name as a link. Its address is the file's url; a plain navigation there
        // cannot carry the session, so the click asks for a single-use download token and opens that.
        <Anchor
          href={file.url}
          size="sm"
          fw={500}
          onClick={(event) => {
            event.preventDefault();
            download(file);
          }}
          style={{ minWidth: 200, display: 'inline-block' }}
        >
          <Group gap={6} wrap="nowrap" component="span">
            <IconDownload size={16} aria-hidden style={{ flexShrink: 0 }} />
            <span>{file.fileName}</span>
          </Group>
        </Anchor>
      ),
    },
    { accessor: 'contentType', title: 'Type', noWrap: true, width: 110, render: (file) => fileTypeLabel(file.contentType) },
    { accessor: 'size', title: 'Size', noWrap: true, textAlign: 'right', width: 100, render: (file) => formatFileSize(file.size) },
    {
      accessor: 'createdDate',
      title: 'Added',
      noWrap: true,
      width: 240,
      render: (file) => (
        <span title={formatDateTime(file.createdDate)}>
          {formatDate(file.createdDate)}
          {file.createdBy ? ` by ${file.createdBy}` : ''}
        </span>
      ),
    },
  ];

  return (
    <AppDataTable<HelpFile>
      aria-label="Help files"
      what="help files"
      columns={columns}
      records={files}
      status={status}
      emptyText={emptyText}
      rowName={(file) => file.fileName}
      rowActions={canManage ? [{ label: 'Delete', icon: <IconTrash size={18} />, color: 'red', onClick: confirmDelete }] : undefined}
    />
  );
}
