import { Alert, Loader } from '@mantine/core';
import type { BackupStatus } from '@portal/contract';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { formatBackupTime } from '../../../lib/format.ts';

const by = (status: BackupStatus) => (status.startedBy ? ` by ${status.startedBy}` : ' by the daily schedule');

/** The latest run, as GET /Backups reports it (spec section 2: 'see the latest status'). */
export function BackupStatusLine({ status }: { status: BackupStatus | null }) {
  if (!status) return <Alert color="gray">No backup has run yet.</Alert>;
  const started = `started ${formatBackupTime(status.startedAt)}${by(status)}`;
  switch (status.state) {
    case 'running':
      return (
        <Alert color="blue" icon={<Loader size={16} />} role="status" title="Backup running">
          The latest backup, {started}, is running. This page updates when it is done.
        </Alert>
      );
    case 'done':
      return (
        <Alert color="green" icon={<IconCircleCheck size={18} />} title="Latest backup done">
          The latest backup, {started}, finished {formatBackupTime(status.finishedAt)}.
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Latest backup failed">
          The latest backup, {started}, failed: {status.error}
        </Alert>
      );
    case 'interrupted':
      return (
        <Alert color="orange" icon={<IconAlertCircle size={18} />} title="Latest backup interrupted">
          The latest backup, {started}, stopped before it finished (the server stopped). Start another one.
        </Alert>
      );
  }
}
