import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SearchField } from '../../../components/SearchField.tsx';
import { useSearchInAddress } from '../../../components/useSearchInAddress.ts';
import type { FirstLoad } from '../../../lib/firstRows.ts';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { DEFAULT_EVENT_SORT, type EventSort, eventListQuery, useEventList } from '../api.ts';
import { EventFiltersBar } from '../components/EventFiltersBar.tsx';
import { EventsTable } from '../components/EventsTable.tsx';
import {
  type EventListFilters,
  eventFiltersStorageKey,
  hasActiveFilter,
  parseStoredFilters,
  useStoredEventFilters,
} from '../eventListFilters.ts';
import { eventAddPath, eventSearchPath, eventsPath } from '../paths.ts';

/**
 * /Events and /Events/Search/{search}: external users and level None are sent to their reports (spec
 * section 2; the route table does it). The search box keeps its text in the address, so a search can
 * be shared and the back button works; the filters persist in local storage, per user.
 */
export function EventsRoute() {
  const [filters, setFilters] = useStoredEventFilters(useSignedInUser().id);
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<EventSort>(DEFAULT_EVENT_SORT);
  const { search, draft, setDraft } = useSearchInAddress(
    (term) => (term ? eventSearchPath(term) : eventsPath),
    () => setPage(0),
  );
  const events = useEventList({ filters, search, sort, page });
  const canAdd = useCanOpen()(eventAddPath);

  const changeFilters = (next: EventListFilters) => {
    setFilters(next);
    setPage(0);
  };
  const emptyText = search
    ? `No events match '${search}'${hasActiveFilter(filters) ? ' with these filters' : ''}.`
    : hasActiveFilter(filters)
      ? 'No events match these filters.'
      : 'No events yet.';

  return (
    <>
      <PageHeader title="Events">
        {canAdd && (
          <Button component={Link} to={eventAddPath} leftSection={<IconPlus size={16} aria-hidden />}>
            Add event
          </Button>
        )}
      </PageHeader>
      <SearchField
        label="Search"
        placeholder="Type, rig, project, location, document no..."
        value={draft}
        onChange={setDraft}
        w={{ base: '100%', xs: 320 }}
        maxLength={100}
        mb="xs"
      />
      <EventFiltersBar filters={filters} onChange={changeFilters} />
      <EventsTable
        data={events.data}
        page={page}
        onPageChange={setPage}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(0);
        }}
        status={listStatus(events)}
        emptyText={emptyText}
      />
    </>
  );
}

/** A full load of /Events: the first page of rows, with the user's stored filters (firstLoad.ts). */
EventsRoute.prefetch = ({ queryClient, user, pathname }: FirstLoad) => {
  if (pathname !== eventsPath) return;
  const filters = parseStoredFilters(localStorage.getItem(eventFiltersStorageKey(user.id)));
  void queryClient.prefetchQuery({
    ...eventListQuery({ filters, search: '', sort: DEFAULT_EVENT_SORT, page: 0 }),
    meta: { toastErrors: false },
  });
};
