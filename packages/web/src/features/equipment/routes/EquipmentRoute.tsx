import { Badge, Grid, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { chipEndpoints, type EquipmentDetail, equipmentEndpoints, equipmentMessages, meetsAccess, messages } from '@portal/contract';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ActiveBadge } from '../../../components/ActiveBadge.tsx';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatusPage } from '../../../components/StatusPage.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { ItemDueBadge } from '../../due-dates/index.ts';
import { EquipmentExportButtons } from '../../reports/index.ts';
import { useSetHidden } from '../api.ts';
import { CertificateCard } from '../components/CertificateCard.tsx';
import { ChipsPanel } from '../components/ChipsPanel.tsx';
import { EventHistoryTable } from '../components/EventHistoryTable.tsx';
import { ItemCard } from '../components/ItemCard.tsx';
import { QrLabelCard } from '../components/QrLabelCard.tsx';
import { RecordHistoryTable } from '../components/RecordHistoryTable.tsx';
import { TagsPanel } from '../components/TagsPanel.tsx';
import { WearCard } from '../components/WearCard.tsx';

/** /Equipment/{stampedId}: the item's detail, for Read level (the route table checks); external users see their owners' items. */
export function EquipmentRoute() {
  const { stampedId = '' } = useParams();
  const trimmed = stampedId.trim();
  return trimmed ? <EquipmentPage stampedId={trimmed} /> : <NotFoundPage />;
}

function EquipmentPage({ stampedId }: { stampedId: string }) {
  const user = useSignedInUser();
  // The page says what went wrong itself (spec section 8), so no toast on top.
  const item = useEndpoint(equipmentEndpoints.item, { params: { id: stampedId } }, { meta: { toastErrors: false }, retry: false });

  if (item.isPending) return <FullPageLoader label="Loading the equipment" />;
  if (item.isError) {
    const status = isApiError(item.error) ? item.error.status : 0;
    if (status === 401) return <StatusPage code="401" title={messages.noAccessToPage} />;
    if (status === 0)
      return <LoadFailed what="equipment" error={item.error} onRetry={() => void item.refetch()} retrying={item.isFetching} />;
    return <NotFoundPage />;
  }

  const detail = item.data;
  const canToggle = meetsAccess(user, equipmentEndpoints.setHidden.access);
  return (
    <Stack gap="md">
      <PageHeader title={detail.stampedId}>
        <ItemDueBadge stampedId={detail.stampedId} size="md" />
        {/* Certificates level sees the switch, which says it; others see the state as a badge. */}
        {!canToggle && <ActiveBadge hidden={detail.hidden} />}
        {!detail.certificate && (
          <Badge color="yellow" variant="light" radius="sm" tt="none">
            Unlinked
          </Badge>
        )}
        {canToggle && <ActiveSwitch item={detail} />}
        <EquipmentExportButtons stampedId={detail.stampedId} />
      </PageHeader>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <CertificateCard certificateId={detail.certificateId} certificate={detail.certificate} />
            <ItemCard item={detail} />
            {detail.wear && <WearCard wear={detail.wear} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <ChipsPanel item={detail} canEdit={meetsAccess(user, chipEndpoints.add.access)} />
            <TagsPanel tags={detail.tags} />
            <QrLabelCard text={detail.qrLabel} />
          </Stack>
        </Grid.Col>
      </Grid>
      {detail.notifications.length > 0 && (
        <Section title={`Notifications (${detail.notifications.length})`}>
          <EventHistoryTable events={detail.notifications} label="Notifications" />
        </Section>
      )}
      <Section title="Event history">
        <EventHistoryTable events={detail.events} />
      </Section>
      <Section title="Record history">
        <RecordHistoryTable history={detail.equipmentHistory} />
      </Section>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** Certificates level makes the item active or inactive, after a confirmation. */
function ActiveSwitch({ item }: { item: EquipmentDetail }) {
  const setHidden = useSetHidden();
  const confirm = () => {
    const hide = !item.hidden;
    modals.openConfirmModal({
      title: hide ? `Make ${item.stampedId} inactive?` : `Make ${item.stampedId} active?`,
      children: (
        <Text size="sm">
          {hide
            ? 'Inactive items stay in the register and their history, but are counted as out of service.'
            : 'The item is counted as in service again.'}{' '}
          The change is kept in the record history.
        </Text>
      ),
      labels: { confirm: hide ? 'Make inactive' : 'Make active', cancel: 'Cancel' },
      onConfirm: () =>
        setHidden.mutate(
          { params: { id: item.stampedId, flag: hide ? 'true' : 'false' } },
          {
            onSuccess: () =>
              showSuccessToast(hide ? equipmentMessages.madeInactive(item.stampedId) : equipmentMessages.madeActive(item.stampedId)),
          },
        ),
    });
  };
  return (
    <Paper px="sm" py={6} withBorder radius="sm">
      <Switch label="Active" checked={!item.hidden} onChange={confirm} disabled={setHidden.isPending} />
    </Paper>
  );
}
