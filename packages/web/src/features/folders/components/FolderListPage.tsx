import { Button, Stack } from '@mantine/core';
import type { Folder, FolderKind } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { listStatus } from '../../../components/listStatus.ts';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import type { Crumb } from '../../../components/PageBreadcrumbs.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEditParam } from '../../../components/useEditParam.ts';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { kindText } from '../kindText.ts';
import { FolderDialog, type FolderDialogTarget } from './FolderDialog.tsx';
import { FolderTable } from './FolderTable.tsx';

interface FolderListPageProps {
  kind: FolderKind;
  /** The event type or rig whose children are listed; null for the roots. */
  parentId: number | null;
  title: string;
  description: string;
  /** The trail above the title; the last entry (this page) has no link. */
  crumbs: Crumb[];
  list: UseQueryResult<Folder[]>;
  linkTo?: (folder: Folder) => string;
  /** Shown between the header and the table (the meanings to confirm on /Admin/Events). */
  notice?: React.ReactNode;
}

/** One level of the folder tree: breadcrumbs, title with Add, a hint, the table and the add/edit dialog. */
export function FolderListPage({ kind, parentId, title, description, crumbs, list, linkTo, notice }: FolderListPageProps) {
  // The dialog lives in the address (?edit=new, ?edit=12): the back button closes it, a link opens it.
  const { editing, openNew, openEdit, close } = useEditParam();
  const edited = typeof editing === 'number' ? list.data?.find((folder) => folder.id === editing) : undefined;
  const dialog: FolderDialogTarget | null = editing === 'new' ? { kind, parentId } : edited ? { kind, parentId, folder: edited } : null;
  const text = kindText(kind);
  return (
    <Stack gap={0}>
      <PageHeader title={title} crumbs={crumbs} description={description}>
        <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
          Add {text.one}
        </Button>
      </PageHeader>
      {notice}
      <FolderTable
        folders={list.data}
        status={listStatus(list)}
        label={text.Many}
        emptyText={`No ${text.many} yet. Add one with Add ${text.one}.`}
        linkTo={linkTo}
        onEdit={(folder) => openEdit(folder.id)}
      />
      {dialog && <FolderDialog key={dialog.folder?.id ?? 'new'} target={dialog} onClose={close} />}
    </Stack>
  );
}

/** Waits for the parent (event type or rig) of a children page; unknown ids show page not found. */
export function ParentGate({
  what,
  parent,
  children,
}: {
  /** 'event type', 'rig': for the failed state. */
  what: string;
  parent: UseQueryResult<Folder>;
  children: (folder: Folder) => React.ReactNode;
}) {
  if (parent.data) return children(parent.data);
  if (parent.isError) {
    if (isApiError(parent.error) && parent.error.status === 404) return <NotFoundPage />;
    return <LoadFailed what={what} error={parent.error} onRetry={() => parent.refetch()} retrying={parent.isFetching} />;
  }
  return <FullPageLoader />;
}
