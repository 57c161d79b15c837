import { Anchor, Group } from '@mantine/core';
import { type BackupFile, backupEndpoints, formatNumber } from '@portal/contract';
import { IconDownload } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { AppDataTable } from '../../../components/AppDataTable.tsx';
import type { ListStatus } from '../../../components/listStatus.ts';
import { openDownload } from '../../../lib/api/download.ts';
import { formatBackupTime } from '../../../lib/format.ts';
import { showErrorToast } from '../../../lib/notify.tsx';

/** A link cannot carry the session: the click asks for a download token, then opens the address. */
function download(file: BackupFile) {
  openDownload(backupEndpoints.download, { name: file.name }).catch((error) => showErrorToast(error, 'The download could not start'));
}

/** mantine-datatable keys rows by `id`; a backup's name is unique. */
type Row = BackupFile & { id: string };

const megabytes = (bytes: number) => `${formatNumber(bytes / (1024 * 1024), 1)} MB`;

/** Backups of one kind: name (downloads on click), created (DD/MM/YYYY HH:mm, spec section 9), size. */
export function BackupTable({ label, files, status }: { label: string; files: BackupFile[] | undefined; status: ListStatus }) {
  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'name',
      title: 'Name',
      render: (file) => (
        <Anchor component="button" type="button" size="sm" fw={500} onClick={() => download(file)} style={{ textAlign: 'left' }}>
          <Group gap={6} wrap="nowrap" component="span">
            <IconDownload size={16} aria-hidden style={{ flexShrink: 0 }} />
            <span>{file.name}</span>
          </Group>
        </Anchor>
      ),
    },
    { accessor: 'created', title: 'Created', noWrap: true, width: 150, render: (file) => formatBackupTime(file.created) },
    { accessor: 'size', title: 'Size', noWrap: true, textAlign: 'right', width: 100, render: (file) => megabytes(file.size) },
  ];
  return (
    <AppDataTable<Row>
      aria-label={label}
      what={label.toLowerCase()}
      columns={columns}
      records={files?.map((file) => ({ ...file, id: file.name }))}
      status={status}
      emptyText="None yet. Start backup makes one of each kind."
    />
  );
}
