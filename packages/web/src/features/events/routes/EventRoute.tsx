import { Button } from '@mantine/core';
import { eventDetailEndpoints, fileEndpoints } from '@portal/contract';
import { IconCopy, IconFileTypePdf, IconListCheck, IconPencil, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AccessDeniedPage } from '../../../components/AccessDeniedPage.tsx';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { PageBreadcrumbs } from '../../../components/PageBreadcrumbs.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { openDownload } from '../../../lib/api/download.ts';
import { endpointQuery, useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { prefetchRead } from '../../../lib/api/prefetchRead.ts';
import type { FirstLoad } from '../../../lib/firstRows.ts';
import { showErrorToast } from '../../../lib/notify.tsx';
import { useCanOpen } from '../../../lib/pageAccess.tsx';
import { parseId, useRouteIds } from '../../../lib/routeIds.ts';
import { LabelSheetButton } from '../../exports/index.ts';
import { EventExportLinks } from '../../reports/index.ts';
import { EquipmentSummary } from '../detail/EquipmentSummary.tsx';
import { EventData } from '../detail/EventData.tsx';
import { EQUIPMENT_PAGE_SIZE, EventItems } from '../detail/EventItems.tsx';
import { eventName } from '../eventName.ts';
import { eventCopyPath, eventEditPath, eventItemsPath, eventsPath } from '../paths.ts';
import { EventAmendments } from '../sign-off/EventAmendments.tsx';
import { SealCheck } from '../sign-off/SealCheck.tsx';
import { SignedOffNote } from '../sign-off/SignedOffNote.tsx';
import { SignOffDialog } from '../sign-off/SignOffDialog.tsx';

/** /Events/{id}: the event, its summary and its equipment. */
export function EventRoute() {
  const ids = useRouteIds('id');
  return ids ? <EventPage key={ids.id} id={ids.id} /> : <NotFoundPage />;
}

function EventPage({ id }: { id: number }) {
  const details = useEndpoint(eventDetailEndpoints.details, { params: { id } }, { meta: { toastErrors: false } });
  const canOpen = useCanOpen();
  const [signing, setSigning] = useState(false);
  if (details.isError) {
    const error = details.error;
    if (isApiError(error) && error.status === 401) return <AccessDeniedPage />;
    if (isApiError(error) && error.status !== 0) return <NotFoundPage />;
    return <LoadFailed what="event" error={error} onRetry={() => details.refetch()} retrying={details.isFetching} />;
  }
  if (!details.data) return <FullPageLoader label="Loading the event" />;
  const e = details.data;
  const title = eventName(e.type.name, e.eventDate);
  const pdf = e.files[0];
  return (
    <>
      <PageBreadcrumbs items={[{ label: 'Events', to: eventsPath }, { label: title }]} />
      <PageHeader title={title}>
        <EventExportLinks eventId={id} signed={e.signOff !== null} />
        <LabelSheetButton of="event" id={id} count={e.itemCount} />
        {pdf && (
          <Button
            variant="light"
            leftSection={<IconFileTypePdf size={18} aria-hidden />}
            title={pdf.fileName}
            onClick={() =>
              openDownload(fileEndpoints.download, { id: pdf.id }).catch((error) => showErrorToast(error, 'The download could not start'))
            }
          >
            PDF
          </Button>
        )}
        {canOpen(eventCopyPath(id)) && (
          <Button component={Link} to={eventCopyPath(id)} variant="default" leftSection={<IconCopy size={16} aria-hidden />}>
            Copy
          </Button>
        )}
        {canOpen(eventEditPath(id)) && (
          <Button component={Link} to={eventEditPath(id)} leftSection={<IconPencil size={16} aria-hidden />}>
            {e.signOff ? 'Form' : 'Edit'}
          </Button>
        )}
        {canOpen(eventItemsPath(id)) && (
          <Button component={Link} to={eventItemsPath(id)} leftSection={<IconListCheck size={16} aria-hidden />}>
            {e.signOff ? 'Equipment' : 'Edit equipment'}
          </Button>
        )}
        {/* Signing needs Events level, as editing does (docs/sign-off.md). */}
        {!e.signOff && canOpen(eventEditPath(id)) && (
          <Button color="teal.9" leftSection={<IconSignature size={16} aria-hidden />} onClick={() => setSigning(true)}>
            Sign off
          </Button>
        )}
      </PageHeader>
      {e.signOff && <SignedOffNote signOff={e.signOff} />}
      {e.signOff && <SealCheck eventId={id} />}
      {signing && <SignOffDialog eventId={id} onClose={() => setSigning(false)} />}
      <EventData event={e} />
      {e.signOff && <EventAmendments eventId={id} />}
      <EquipmentSummary eventId={id} />
      <EventItems eventId={id} />
    </>
  );
}

/** A full load of /Events/{id}: the event and the first page of its equipment (firstLoad.ts). */
EventRoute.prefetch = ({ queryClient, params }: FirstLoad) => {
  const id = parseId(params.id);
  if (id === null) return;
  prefetchRead(queryClient, endpointQuery(eventDetailEndpoints.details, { params: { id } }));
  prefetchRead(
    queryClient,
    endpointQuery(eventDetailEndpoints.chips, { params: { id }, query: { page: 0, pageSize: EQUIPMENT_PAGE_SIZE } }),
  );
};
