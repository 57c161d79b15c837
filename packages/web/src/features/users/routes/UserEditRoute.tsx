import { Button, Grid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages, userEndpoints, userMessages } from '@portal/contract';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusPage } from '../../../components/StatusPage.tsx';
import { useDialogParam } from '../../../components/useEditParam.ts';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { useRouteIds } from '../../../lib/routeIds.ts';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { useDeleteUser } from '../api.ts';
import { SetPasswordDialog } from '../components/SetPasswordDialog.tsx';
import { UserChipPanel } from '../components/UserChipPanel.tsx';
import { UserEditorForm } from '../components/UserEditorForm.tsx';

const USERS_PATH = '/Admin/Users';

/** /Admin/Users/{id}: the user editor, SystemAdministrators only (spec section 6; the route table checks). */
export function UserEditRoute() {
  const ids = useRouteIds('id');
  return ids ? <UserEditPage id={ids.id} /> : <NotFoundPage />;
}

function UserEditPage({ id }: { id: number }) {
  const me = useSignedInUser();
  const navigate = useNavigate();
  // The page shows its own failure states; a deleted user's detail, refetched on the way out, must not toast 'Not Found'.
  const user = useEndpoint(userEndpoints.get, { params: { id } }, { meta: { toastErrors: false } });
  const remove = useDeleteUser();
  // The dialog has its own address (?dialog=password): back closes it, a link opens it.
  const dialog = useDialogParam('dialog');

  if (user.isPending) return <FullPageLoader label="Loading the user" />;
  if (user.isError) {
    if (isApiError(user.error) && user.error.status === 404) {
      return <StatusPage code="404" title="This user does not exist" actionTo={USERS_PATH} actionLabel="Back to users" />;
    }
    return <StatusPage title="The user could not be loaded" actionTo={USERS_PATH} actionLabel="Back to users" />;
  }

  const detail = user.data;
  const isSelf = detail.id === me.id;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: messages.areYouSure,
      children: (
        <Text size="sm">
          {detail.email} will be deleted and signed out everywhere. {messages.cannotBeUndone}.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { params: { id: detail.id } },
          {
            onSuccess: () => {
              showSuccessToast(userMessages.userDeleted);
              navigate(USERS_PATH);
            },
          },
        ),
    });

  return (
    <Stack gap={0}>
      <PageHeader
        title={detail.email}
        crumbs={[{ label: 'Admin', to: '/Admin' }, { label: 'Users', to: USERS_PATH }, { label: detail.email }]}
        description="Level, owners, alias, chip and password of this user."
      >
        {!isSelf && (
          <Button variant="default" leftSection={<IconKey size={16} />} onClick={() => dialog.open('password')}>
            Set password
          </Button>
        )}
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={confirmDelete}
          disabled={isSelf}
          title={isSelf ? userMessages.deleteSelf : undefined}
          loading={remove.isPending}
        >
          Delete
        </Button>
      </PageHeader>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {/* Keyed by the user, so switching users starts from that user's saved values. */}
          <UserEditorForm key={detail.id} user={detail} isSelf={isSelf} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <UserChipPanel user={detail} />
            <Text size="xs" c="dimmed">
              Created {formatDateTime(detail.createdDate)}
              {detail.createdBy ? ` by ${detail.createdBy}` : ''}
              <br />
              Updated {formatDateTime(detail.updatedDate)}
              {detail.updatedBy ? ` by ${detail.updatedBy}` : ''}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
      {dialog.value === 'password' && !isSelf && <SetPasswordDialog userId={detail.id} email={detail.email} onClose={dialog.close} />}
    </Stack>
  );
}
