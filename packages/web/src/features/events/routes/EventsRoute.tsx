import { useState } from 'react';
import { listStatus } from '../../../components/listStatus.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEventList } from '../api.ts';
import { EventFiltersBar } from '../components/EventFiltersBar.tsx';
import { EventsTable } from '../components/EventsTable.tsx';
import { type EventListFilters, hasActiveFilter, useStoredEventFilters } from '../eventListFilters.ts';

/** /Events: external users and level None are sent to their reports (spec section 2; the route table does it). */
export function EventsRoute() {
  const [filters, setFilters] = useStoredEventFilters();
  const [page, setPage] = useState(0);
  const events = useEventList(filters, page);

  const changeFilters = (next: EventListFilters) => {
    setFilters(next);
    setPage(0);
  };

  return (
    <>
      <PageHeader title="Events" />
      <EventFiltersBar filters={filters} onChange={changeFilters} />
      <EventsTable
        data={events.data}
        page={page}
        onPageChange={setPage}
        status={listStatus(events)}
        emptyText={hasActiveFilter(filters) ? 'No events match these filters.' : 'No events yet.'}
      />
    </>
  );
}
