import { Button, SimpleGrid, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { backupEndpoints, messages } from '@portal/contract';
import { IconDatabaseExport } from '@tabler/icons-react';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { BackupStatusLine } from '../components/BackupStatusLine.tsx';
import { BackupTable } from '../components/BackupTable.tsx';

/** How often the page asks again while a run is going on. */
const POLL_MS = 2000;

/**
 * /Admin/Backups (SystemAdministrator): Start backup, the latest run's status, and the full and
 * data-only backups with download links (decision 034 says what each holds).
 */
export function BackupsRoute() {
  const backups = useEndpoint(backupEndpoints.list, undefined, {
    refetchInterval: (query) => (query.state.data?.status?.state === 'running' ? POLL_MS : false),
  });
  const start = useEndpointMutation(backupEndpoints.start, {
    onMutate: () => {
      // Spec section 4: 'Backup starting...', then 'Backup started (This might take a while)'.
      notifications.show({ id: 'backup-starting', message: messages.backupStarting, loading: true, autoClose: false });
    },
    onSuccess: (answer) => showSuccessToast(answer.message),
    onSettled: () => notifications.hide('backup-starting'),
  });
  const running = backups.data?.status?.state === 'running';
  const status = listStatus(backups);

  return (
    <Stack gap="md">
      <PageHeader
        title="Backups"
        crumbs={[{ label: 'Admin', to: '/Admin' }, { label: 'Backups' }]}
        description={
          <>
            Each backup makes two files from one moment: a full backup (the schema, every table and the files&apos; contents) and a
            data-only backup (every table, files without their contents). Restore one into an empty database with npm run restore.
          </>
        }
      >
        <Button
          leftSection={<IconDatabaseExport size={18} />}
          onClick={() => start.mutate(undefined)}
          loading={start.isPending}
          disabled={running}
        >
          Start backup
        </Button>
      </PageHeader>
      {backups.data && <BackupStatusLine status={backups.data.status} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Full backups
          </Title>
          <BackupTable label="Full backups" files={backups.data?.fullBackups} status={status} />
        </Stack>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Data-only backups
          </Title>
          <BackupTable label="Data-only backups" files={backups.data?.partialBackups} status={status} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
