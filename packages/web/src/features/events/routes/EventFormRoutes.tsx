import { type EventScaffolding, eventFormEndpoints } from '@portal/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AccessDeniedPage } from '../../../components/AccessDeniedPage.tsx';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useOpenedData } from '../../../lib/api/openedData.ts';
import { useRouteIds } from '../../../lib/routeIds.ts';
import { EventForm } from '../form/EventForm.tsx';

// The form opens on what the server holds now (staleTime 0); useOpenedData keeps it against background refetches.
const fresh = { meta: { toastErrors: false }, staleTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

/** /Events/Add: a new event. */
export function AddEventRoute() {
  const scaffolding = useEndpoint(eventFormEndpoints.addScaffolding, undefined, fresh);
  return <Loaded query={scaffolding} open={(data) => <EventForm mode={{ kind: 'add', scaffolding: data }} />} />;
}

/** /Events/Add/{id}: a copy of an event, with the choice to take its equipment. */
export function CopyEventRoute() {
  const ids = useRouteIds('id');
  return ids ? <CopyForm key={ids.id} id={ids.id} /> : <NotFoundPage />;
}

function CopyForm({ id }: { id: number }) {
  const scaffolding = useEndpoint(eventFormEndpoints.copyScaffolding, { params: { id } }, fresh);
  return <Loaded query={scaffolding} open={(data) => <EventForm mode={{ kind: 'copy', scaffolding: data }} />} />;
}

/** /Events/Edit/{id}/Details: the event's fields as saved; Reload (after a 409) opens the server's version. */
export function EditEventRoute() {
  const ids = useRouteIds('id');
  return ids ? <EditForm key={ids.id} id={ids.id} /> : <NotFoundPage />;
}

function EditForm({ id }: { id: number }) {
  const scaffolding = useEndpoint(eventFormEndpoints.editScaffolding, { params: { id } }, fresh);
  const { snapshot, reload } = useOpenedData(scaffolding);
  return (
    <Loaded
      query={scaffolding}
      open={() => snapshot && <EventForm key={snapshot.opened} mode={{ kind: 'edit', scaffolding: snapshot.data, onReload: reload }} />}
    />
  );
}

/** Spec section 8: a 401 says 'You do not have access to this page', other failures 'Page not found'; offline offers Retry. */
function Loaded({ query, open }: { query: UseQueryResult<EventScaffolding>; open: (data: EventScaffolding) => ReactNode }) {
  if (query.isError) {
    const error = query.error;
    if (isApiError(error) && error.status === 401) return <AccessDeniedPage />;
    if (isApiError(error) && error.status !== 0) return <NotFoundPage />;
    return <LoadFailed what="event" error={error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }
  if (!query.data || !query.isFetchedAfterMount) return <FullPageLoader label="Loading the event" />;
  return <>{open(query.data)}</>;
}
