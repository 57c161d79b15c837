import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { exportEndpoints, type SurveyPackRig } from '@portal/contract';
import { useState } from 'react';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { saveDownload } from '../../../lib/api/download.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';

/**
 * /Reports for external users (issue 25 part 5, docs/reports.md "The owner's evidence"): a survey pack
 * for each rig where their owners have active equipment, one issued PDF to hand a surveyor. The button
 * counts the bytes as they arrive, since a pack of thousands of items takes a few seconds.
 */
export function SurveyPacks() {
  const rigs = useEndpoint(exportEndpoints.surveyPackRigs);
  if (!rigs.data || rigs.data.length === 0) return null;
  return (
    <section aria-label="Survey packs">
      <Title order={2} size="h4" mb={4}>
        Survey packs
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        One verifiable document per rig: its mooring spreads, and each item's certificate, last inspection and due date.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm">
        {rigs.data.map((rig) => (
          <PackCard key={`${rig.ownerId}-${rig.rigId}`} rig={rig} />
        ))}
      </SimpleGrid>
    </section>
  );
}

function PackCard({ rig }: { rig: SurveyPackRig }) {
  const [received, setReceived] = useState<number | null>(null);
  const download = (format: 'pdf' | 'zip') => async () => {
    setReceived(0);
    try {
      await saveDownload(exportEndpoints.surveyPack, undefined, { owner: rig.ownerId, rig: rig.rigId, format }, setReceived);
    } finally {
      setReceived(null);
    }
  };
  return (
    <Card withBorder radius="sm" padding="sm">
      <Text fw={600}>{rig.rig}</Text>
      <Text size="xs" c="dimmed" mb="xs">
        {rig.owner}, {rig.items} {rig.items === 1 ? 'item' : 'items'}
      </Text>
      <Group gap="xs">
        <DownloadButton kind="pdf" size="xs" download={download('pdf')} aria-label={`Survey pack ${rig.rig}`}>
          Survey pack
        </DownloadButton>
        <DownloadButton kind="pdf" size="xs" download={download('zip')} aria-label={`Survey pack ${rig.rig} with certificates (ZIP)`}>
          With certificates
        </DownloadButton>
        {received !== null && (
          <Text size="xs" c="dimmed" role="status">
            {received === 0 ? 'Building…' : `${Math.round(received / 1024)} KB received`}
          </Text>
        )}
      </Group>
    </Card>
  );
}
