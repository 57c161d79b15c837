import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { exportEndpoints, type LabelLayout, labelMessages, meetsAccess, plural } from '@portal/contract';
import { IconAlertTriangle, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { DownloadButton } from '../../components/DownloadButton.tsx';
import { scrollLock } from '../../components/useNarrow.ts';
import { saveDownload } from '../../lib/api/download.ts';
import { useEndpoint } from '../../lib/api/endpointQuery.ts';
import { useSignedInUser } from '../../lib/signedInUser.tsx';

const stocks: { value: LabelLayout; label: string; description: string }[] = [
  { value: 'a4', label: 'A4 sheet, 3 × 8 labels', description: '70 × 37 mm labels, 24 to a sheet' },
  { value: 'roll', label: 'Label roll, 50 × 25 mm', description: 'One label per page, for a label printer' },
];

/**
 * "Labels" on a certificate's or an event's page (docs/labels.md): a PDF of QR labels for its items,
 * on the stock chosen here. Warns when the links would point to this machine only (PUBLIC_URL unset).
 */
export function LabelSheetButton({ of, id, count }: { of: 'certificate' | 'event'; id: number; count: number }) {
  const user = useSignedInUser();
  const [opened, setOpened] = useState(false);
  const [layout, setLayout] = useState<LabelLayout>('a4');
  const links = useEndpoint(exportEndpoints.labelLinks, undefined, { enabled: opened });
  const endpoint = of === 'certificate' ? exportEndpoints.certificateLabels : exportEndpoints.eventLabels;
  if (!meetsAccess(user, endpoint.access)) return null;
  const what = of === 'certificate' ? "this certificate's active items" : "this event's items";
  return (
    <>
      <Button variant="default" leftSection={<IconQrcode size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Labels
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Print QR labels" removeScrollProps={scrollLock}>
        <Stack gap="md">
          <Text size="sm">
            {count === 0
              ? `There are no items to label: ${what} are none.`
              : // A user with an owner list gets labels for their owners' items only: the event's count is every item's.
                `${of === 'event' && !user.allOwners ? 'Up to ' : ''}${plural(count, 'label')} for ${what}${of === 'event' && !user.allOwners ? ' of your owners' : ''}: each shows its QR label text and a QR code that opens the item in the portal.`}
          </Text>
          {links.data?.pointsToLocalhost && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title={labelMessages.localLinks}>
              The codes would open {links.data.linkBase}… on this machine only; a phone on deck cannot reach it. Ask the administrator to
              set PUBLIC_URL to the portal's address.
            </Alert>
          )}
          <Radio.Group label="Label stock" value={layout} onChange={(value) => setLayout(value as LabelLayout)}>
            <Stack gap="xs" mt="xs">
              {stocks.map((stock) => (
                <Radio key={stock.value} value={stock.value} label={stock.label} description={stock.description} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <DownloadButton kind="pdf" variant="filled" disabled={count === 0} download={() => saveDownload(endpoint, { id }, { layout })}>
              Download labels
            </DownloadButton>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
