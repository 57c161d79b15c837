import { Anchor, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { type LastEventStatus, type MooringSpread, reportEndpoints } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AccessDeniedPage } from '../../../components/AccessDeniedPage.tsx';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageBreadcrumbs } from '../../../components/PageBreadcrumbs.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { fetchEndpoint, useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { ReportTableView } from '../components/ReportTableView.tsx';
import { hasOwner } from '../screens.ts';
import { spreadMarks } from '../spreadMarks.ts';

const OWNER = 83;

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  const user = useSignedInUser();
  if (!hasOwner(user, OWNER)) return <AccessDeniedPage />;
  return (
    <Stack gap="lg">
      <PageBreadcrumbs items={[{ label: 'Reports', to: '/Reports' }, { label: title }]} />
      <PageHeader title={title} />
      {children}
    </Stack>
  );
}

/** /Reports/83/MooringSpread: each configured spread as a table of legs, from anchor to top chain, coloured by latest status. */
export function MooringSpreadRoute() {
  return (
    <Frame title="Mooring spread">
      <Spreads />
    </Frame>
  );
}

function Spreads() {
  const spreads = useEndpoint(reportEndpoints.mooringSpreads, { query: { owner: OWNER } });
  const ids = [...new Set(spreads.data?.spreads.flatMap((spread) => spread.legs.flatMap((leg) => leg.stampedIds)) ?? [])].slice(0, 1000);
  const statuses = useQuery({
    queryKey: ['Report', '/Report/getLastEventStatus', ids],
    queryFn: () => fetchEndpoint(reportEndpoints.lastEventStatus, { body: ids }),
    enabled: ids.length > 0,
  });
  if (spreads.isPending) return <FullPageLoader label="Loading the mooring spreads" />;
  if (spreads.isError)
    return <LoadFailed what="mooring spreads" error={spreads.error} onRetry={() => void spreads.refetch()} retrying={spreads.isFetching} />;
  if (spreads.data.spreads.length === 0)
    return <Text>No mooring spreads are set up. An administrator adds them under Report settings.</Text>;
  const byId = new Map((statuses.data ?? []).map((status) => [status.stampedId, status]));
  const lookedUp = new Set(statuses.isSuccess ? ids : []);
  return spreads.data.spreads.map((spread) => <SpreadTable key={spread.rig} spread={spread} statuses={byId} lookedUp={lookedUp} />);
}

function SpreadTable({
  spread,
  statuses,
  lookedUp,
}: {
  spread: MooringSpread;
  statuses: Map<string, LastEventStatus>;
  lookedUp: Set<string>;
}) {
  const positions = Math.max(...spread.legs.map((leg) => leg.stampedIds.length));
  return (
    <section aria-label={`Mooring spread of ${spread.rig}`}>
      <Title order={2} size="h4" mb="xs">
        {spread.rig}
      </Title>
      <Paper withBorder radius="sm">
        <ScrollArea type="auto">
          <Table fz="xs" verticalSpacing={4} horizontalSpacing={6} striped withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Leg</Table.Th>
                {Array.from({ length: positions }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: positions are numbered columns.
                  <Table.Th key={i}>{i === positions - 1 ? 'Top chain' : i === 0 ? 'Anchor' : `#${i + 1}`}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {spread.legs.map((leg) => (
                <Table.Tr key={leg.name}>
                  <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                    {leg.name}
                  </Table.Th>
                  {leg.stampedIds.map((stampedId) => (
                    <Table.Td key={stampedId} style={{ whiteSpace: 'nowrap' }}>
                      <Anchor component={Link} to={`/Equipment/${encodeURIComponent(stampedId)}`} size="xs">
                        {stampedId}
                      </Anchor>
                      <Group gap={4} wrap="nowrap">
                        {spreadMarks(statuses.get(stampedId), lookedUp.has(stampedId)).map((mark) => (
                          <ColorBadge key={mark.label} size="xs" color={mark.color}>
                            {mark.label}
                          </ColorBadge>
                        ))}
                      </Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
    </section>
  );
}

/** /Reports/83/TopChainIdHistory: the top chain of each leg; a row opens the chain's event history. */
export function TopChainIdHistoryRoute() {
  return (
    <Frame title="Top chain id history">
      <ReportTableView name="topChains" owner={OWNER} expandHistory={OWNER} />
    </Frame>
  );
}
