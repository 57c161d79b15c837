import { Group, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { UNLINKED_PAGE_SIZE, type UnlinkedItem, unlinkedEndpoints, VALIDATION_DEBOUNCE_MS } from '@portal/contract';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEditParam } from '../../../components/useEditParam.ts';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { fieldLabels, useSaveUnlinked } from '../api.ts';
import { UnlinkedEditDialog } from '../components/UnlinkedEditDialog.tsx';
import { UnlinkedPager } from '../components/UnlinkedPager.tsx';
import { UnlinkedTable } from '../components/UnlinkedTable.tsx';
import { bodyOf, type UnlinkedDraft } from '../draft.ts';

/** /Admin/Unlinked: internal users from Certificates level (spec section 6; the route table checks). */
export function UnlinkedRoute() {
  const [search, setSearch] = useState('');
  const [noEvents, setNoEvents] = useState(false);
  const [page, setPage] = useState(0);
  const [debouncedSearch] = useDebouncedValue(search.trim(), VALIDATION_DEBOUNCE_MS);
  const list = useEndpoint(
    unlinkedEndpoints.list,
    {
      query: { Page: page, PageSize: UNLINKED_PAGE_SIZE, Search: debouncedSearch || undefined, HasNoEvents: noEvents ? 'true' : undefined },
    },
    { placeholderData: keepPreviousData },
  );
  const [drafts, setDrafts] = useState<Record<number, UnlinkedDraft>>({});
  const save = useSaveUnlinked();
  const { editing, openEdit, close } = useEditParam();
  const items = list.data?.equipment;
  const paging = list.data?.unlinkedPagingInfo;
  const edited = typeof editing === 'number' ? items?.find((item) => item.id === editing) : undefined;

  // Linking or deleting the last rows of the last page leaves it empty: show the page before.
  useEffect(() => {
    if (paging && page > 0 && page >= paging.amountOfPages) setPage(Math.max(0, paging.amountOfPages - 1));
  }, [paging, page]);

  const forget = (id: number) => setDrafts(({ [id]: _, ...rest }) => rest);

  const saveDraft = (item: UnlinkedItem, draft: UnlinkedDraft, onSaved?: () => void) =>
    save.mutate(
      { params: { id: item.id }, body: bodyOf(draft) },
      {
        onSuccess: (saved) => {
          forget(item.id);
          showSuccessToast(
            saved.certificateId !== null && draft.certificate
              ? `${item.stampedId} linked to certificate ${draft.certificate.certificateNumber}`
              : `${item.stampedId} saved`,
          );
          onSaved?.();
        },
        onError: (error) => {
          if (isApiError(error) && error.hasFieldErrors) showErrorToast(error, { fieldLabels });
        },
      },
    );

  const filtered = Boolean(debouncedSearch) || noEvents;
  return (
    <>
      <PageHeader
        title="Unlinked equipment"
        crumbs={[{ label: 'Admin', to: '/Admin' }, { label: 'Unlinked equipment' }]}
        description="Equipment without a certificate. Set its length and comment, or link it to its certificate: it then leaves this list."
      />
      <Group gap="md" mb="sm" align="center">
        <TextInput
          type="search"
          aria-label="Search unlinked equipment"
          placeholder="Search by stamped id or comment"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(0);
          }}
          w={{ base: '100%', sm: 360 }}
        />
        <Switch
          label="With no events"
          checked={noEvents}
          onChange={(event) => {
            setNoEvents(event.currentTarget.checked);
            setPage(0);
          }}
        />
      </Group>
      <UnlinkedTable
        items={items}
        status={listStatus(list)}
        emptyText={
          filtered
            ? 'No unlinked equipment matches. Change the search or turn off With no events.'
            : 'No unlinked equipment: every item is on a certificate.'
        }
        drafts={drafts}
        onDraft={(item, draft) => setDrafts((current) => ({ ...current, [item.id]: draft }))}
        onSave={(item) => {
          const draft = drafts[item.id];
          if (draft) saveDraft(item, draft);
        }}
        savingId={save.isPending && save.variables ? Number(save.variables.params.id) : null}
        onEdit={(item) => openEdit(item.id)}
      />
      {paging && (
        <UnlinkedPager page={page} pages={paging.amountOfPages} total={paging.total} pageSize={paging.pageSize} onChange={setPage} />
      )}
      {edited && (
        <UnlinkedEditDialog
          key={edited.id}
          item={edited}
          draft={drafts[edited.id]}
          saving={save.isPending}
          onSave={(draft) => saveDraft(edited, draft, close)}
          onClose={close}
        />
      )}
    </>
  );
}
