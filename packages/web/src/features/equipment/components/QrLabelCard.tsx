import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import classes from './QrLabel.module.css';

/**
 * Spec section 9's QR label: the text (stamped id with spaces for dashes, quality, two-digit year of
 * the last reset or the signed date) and a QR code of it. Print prints this label alone.
 */
export function QrLabelCard({ text }: { text: string }) {
  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Title order={2} size="h4" className={classes.noPrint}>
          QR label
        </Title>
        <Stack gap={6} align="center" className={classes.label} aria-label="QR label" role="figure">
          <QRCodeSVG value={text} size={132} level="M" marginSize={2} title={`QR code: ${text}`} />
          <Text ff="monospace" fw={600} size="sm" ta="center" data-testid="qr-label-text">
            {text}
          </Text>
        </Stack>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPrinter size={14} />}
          onClick={() => window.print()}
          className={classes.noPrint}
        >
          Print label
        </Button>
      </Stack>
    </Paper>
  );
}
