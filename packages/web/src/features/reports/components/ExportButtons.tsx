import { ActionIcon, Group, Popover, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { exportEndpoints, labelMessages, meetsAccess } from '@portal/contract';
import { IconAdjustments } from '@tabler/icons-react';
import { useState } from 'react';
import { DownloadButton } from '../../../components/DownloadButton.tsx';
import { saveDownload } from '../../../lib/api/download.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { showWarningToast } from '../../../lib/notify.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';

/**
 * The equipment page's downloads: the item's evidence PDF (Read level, external users too: issue 25
 * part 5) and the spec's Excel and PDF buttons (Events or Certificates level, spec section 6).
 */
export function EquipmentExportButtons({ stampedId }: { stampedId: string }) {
  const user = useSignedInUser();
  const evidence = meetsAccess(user, exportEndpoints.itemEvidence.access);
  const exports = meetsAccess(user, exportEndpoints.equipmentExcel.access);
  if (!evidence && !exports) return null;
  return (
    <Group gap="xs">
      {evidence && (
        <DownloadButton kind="pdf" size="xs" download={() => saveDownload(exportEndpoints.itemEvidence, { id: stampedId })}>
          Evidence PDF
        </DownloadButton>
      )}
      {exports && (
        <>
          <DownloadButton kind="excel" size="xs" download={() => saveDownload(exportEndpoints.equipmentExcel, { id: stampedId })}>
            Excel
          </DownloadButton>
          <DownloadButton kind="pdf" size="xs" download={() => saveDownload(exportEndpoints.equipmentPdf, { id: stampedId })}>
            PDF
          </DownloadButton>
        </>
      )}
    </Group>
  );
}

/**
 * The event page's export links (spec section 2): Excel and PDF, with the options trace (each item's
 * certificate), orientation and hide images. A signed event's PDF is an issued document whose printed
 * link is useless off this machine while PUBLIC_URL points at localhost: the download says so.
 */
export function EventExportLinks({ eventId, signed }: { eventId: number; signed: boolean }) {
  const user = useSignedInUser();
  const [trace, setTrace] = useState(false);
  const [orientation, setOrientation] = useState<'portrait' | 'landscape'>('portrait');
  const [hideImages, setHideImages] = useState(false);
  const links = useEndpoint(exportEndpoints.labelLinks, undefined, {
    enabled: signed && meetsAccess(user, exportEndpoints.labelLinks.access),
  });
  if (!meetsAccess(user, exportEndpoints.eventExcel.access)) return null;
  const query = { trace, orientation, hideImages };
  const downloadPdf = async () => {
    await saveDownload(exportEndpoints.eventPdf, { id: eventId }, query);
    if (signed && links.data?.pointsToLocalhost) {
      showWarningToast(
        labelMessages.localLinks,
        "The report's check link and QR code point at this machine: a surveyor cannot open them from another computer or a phone. Ask the administrator to set PUBLIC_URL to the portal's address.",
      );
    }
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <DownloadButton kind="excel" download={() => saveDownload(exportEndpoints.eventExcel, { id: eventId }, query)}>
        Export Excel
      </DownloadButton>
      <DownloadButton kind="pdf" download={downloadPdf}>
        Export PDF
      </DownloadButton>
      <Popover position="bottom-end" withArrow shadow="md">
        <Popover.Target>
          <ActionIcon variant="default" size="md" aria-label="Export options">
            <IconAdjustments size={16} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              Export options
            </Text>
            <Switch label="Trace (certificate of each item)" checked={trace} onChange={(event) => setTrace(event.currentTarget.checked)} />
            <Switch label="Hide images (PDF)" checked={hideImages} onChange={(event) => setHideImages(event.currentTarget.checked)} />
            <SegmentedControl
              size="xs"
              aria-label="PDF orientation"
              value={orientation}
              onChange={(value) => setOrientation(value as 'portrait' | 'landscape')}
              data={[
                { value: 'portrait', label: 'Portrait' },
                { value: 'landscape', label: 'Landscape' },
              ]}
            />
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
