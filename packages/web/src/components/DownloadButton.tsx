import { Button, type ButtonProps } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { showErrorToast } from '../lib/notify.tsx';

/**
 * A button that fetches and saves a file (lib/api/download.ts): busy until the file is saved, a
 * failure shown as a toast with the server's message.
 */
export function DownloadButton({
  kind,
  children,
  download,
  ...props
}: { kind: 'excel' | 'pdf'; children: ReactNode; download: () => Promise<unknown> } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      showErrorToast(error, 'The file could not be made');
    } finally {
      setBusy(false);
    }
  };
  const Icon = kind === 'excel' ? IconFileSpreadsheet : IconFileTypePdf;
  return (
    <Button variant="default" leftSection={<Icon size={16} />} {...props} loading={busy} onClick={() => void start()}>
      {children}
    </Button>
  );
}
