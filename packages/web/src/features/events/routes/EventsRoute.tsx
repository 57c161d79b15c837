import { Button, CloseButton, TextInput } from '@mantine/core';
import { TEXT_CHANGE_DEBOUNCE_MS } from '@portal/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { DEFAULT_EVENT_SORT, type EventSort, useEventList } from '../api.ts';
import { EventFiltersBar } from '../components/EventFiltersBar.tsx';
import { EventsTable } from '../components/EventsTable.tsx';
import { type EventListFilters, hasActiveFilter, useStoredEventFilters } from '../eventListFilters.ts';
import { eventAddPath, eventSearchPath, eventsPath } from '../paths.ts';

/**
 * /Events and /Events/Search/{search}: external users and level None are sent to their reports (spec
 * section 2; the route table does it). The search box keeps its text in the address, so a search can
 * be shared and the back button works; the filters persist in local storage.
 */
export function EventsRoute() {
  const search = (useParams().search ?? '').trim();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(search);
  const [filters, setFilters] = useStoredEventFilters();
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<EventSort>(DEFAULT_EVENT_SORT);
  const events = useEventList({ filters, search, sort, page });
  const canAdd = useCanOpen()(eventAddPath);

  // The address leads: a new term there (back button, a link) resets the box and the page.
  useEffect(() => {
    setDraft(search);
    setPage(0);
  }, [search]);

  // Typing settles for half a second before the address (and so the list) follows.
  useEffect(() => {
    const term = draft.trim();
    if (term === search) return;
    const timer = setTimeout(() => navigate(term ? eventSearchPath(term) : eventsPath, { replace: true }), TEXT_CHANGE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, navigate]);

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
      <TextInput
        label="Search"
        placeholder="Type, rig, project, location, document no..."
        leftSection={<IconSearch size={16} aria-hidden />}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        rightSection={draft ? <CloseButton size="sm" aria-label="Clear the search" onClick={() => setDraft('')} /> : null}
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
