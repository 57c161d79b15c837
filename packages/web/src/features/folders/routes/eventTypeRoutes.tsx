import { type Folder, folderEndpoints } from '@portal/contract';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useRouteIds } from '../../../lib/routeIds.ts';
import { FolderListPage, ParentGate } from '../components/FolderListPage.tsx';
import { MeaningReview } from '../components/MeaningReview.tsx';

const adminCrumb = { label: 'Admin', to: '/Admin' };
const eventTypesCrumb = { label: 'Event types', to: '/Admin/Events' };

/** A missing parent shows 'Page not found' on the page itself, so no toast. */
const quiet = { meta: { toastErrors: false } };

/** /Admin/Events: event types, Admin level (spec section 6, Admin menu EventTypes; the route table checks). */
export function EventTypesRoute() {
  // Id 0: the roots of the event type tree, i.e. every event type (disabled ones included).
  const list = useEndpoint(folderEndpoints.eventTypes, { params: { id: 0 } });
  return (
    <FolderListPage
      kind="eventType"
      parentId={null}
      title="Event types"
      description="Open an event type to keep its statuses. Disabled event types leave the event form but stay on existing events."
      crumbs={[adminCrumb, { label: 'Event types' }]}
      list={list}
      linkTo={(type) => `/Admin/Events/${type.id}`}
      notice={<MeaningReview />}
    />
  );
}

/** /Admin/Events/{id}: the statuses of one event type. */
export function StatusesRoute() {
  const ids = useRouteIds('id');
  return ids ? <StatusesPage typeId={ids.id} /> : <NotFoundPage />;
}

function StatusesPage({ typeId }: { typeId: number }) {
  const type = useEndpoint(folderEndpoints.get, { params: { id: typeId } }, quiet);
  return (
    <ParentGate what="event type" parent={type}>
      {(eventType) => (eventType.kind === 'eventType' ? <StatusList eventType={eventType} /> : <NotFoundPage />)}
    </ParentGate>
  );
}

function StatusList({ eventType }: { eventType: Folder }) {
  const list = useEndpoint(folderEndpoints.eventTypes, { params: { id: eventType.id } });
  return (
    <FolderListPage
      kind="status"
      parentId={eventType.id}
      title="Statuses"
      description="Each item in an event of this type gets one of these statuses; the default is preselected when scanning. Disabled statuses leave the pick list but stay on inspected items."
      crumbs={[adminCrumb, eventTypesCrumb, { label: eventType.name }]}
      list={list}
    />
  );
}
