import type { Folder } from '@portal/contract';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useRouteIds } from '../../../lib/routeIds.ts';
import { useEventTypes } from '../api/eventTypes.ts';
import { useFolder } from '../api/folder.ts';
import { useStatuses } from '../api/statuses.ts';
import { FolderListPage, ParentGate } from '../components/FolderListPage.tsx';

const adminCrumb = { label: 'Admin', to: '/Admin' };
const eventTypesCrumb = { label: 'Event types', to: '/Admin/Events' };

/** /Admin/Events: event types, Admin level (spec section 6, Admin menu EventTypes; the route table checks). */
export function EventTypesRoute() {
  const list = useEventTypes();
  return (
    <FolderListPage
      kind="eventType"
      parentId={null}
      title="Event types"
      description="Open an event type to keep its statuses. Disabled event types leave the event form but stay on existing events."
      crumbs={[adminCrumb, { label: 'Event types' }]}
      list={list}
      linkTo={(type) => `/Admin/Events/${type.id}`}
    />
  );
}

/** /Admin/Events/{id}: the statuses of one event type. */
export function StatusesRoute() {
  const ids = useRouteIds('id');
  return ids ? <StatusesPage typeId={ids.id} /> : <NotFoundPage />;
}

function StatusesPage({ typeId }: { typeId: number }) {
  const type = useFolder(typeId);
  return (
    <ParentGate what="event type" parent={type}>
      {(eventType) => (eventType.kind === 'eventType' ? <StatusList eventType={eventType} /> : <NotFoundPage />)}
    </ParentGate>
  );
}

function StatusList({ eventType }: { eventType: Folder }) {
  const list = useStatuses(eventType.id);
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
