import { Anchor, Button, FileButton, Group, Paper, Text } from '@mantine/core';
import { type EventFile as EventFileValue, fileEndpoints } from '@portal/contract';
import { IconFileTypePdf, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { callEndpoint, openDownload } from '../../../lib/api/callEndpoint.ts';
import { showErrorToast } from '../../../lib/notify.tsx';

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

interface EventFileProps {
  file: Pick<EventFileValue, 'id' | 'fileName'> | null;
  onChange: (file: Pick<EventFileValue, 'id' | 'fileName'> | null) => void;
}

/**
 * The event's one PDF (spec section 5), as the certificate editor does it: attach uploads at once
 * (POST /Files; the server checks the content) and the save links it by id; replace and remove change
 * the form only, so Cancel leaves the event's file as it was.
 */
export function EventFile({ file, onChange }: EventFileProps) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const attach = async (chosen: File | null) => {
    if (!chosen) return;
    setError(null);
    if (!isPdf(chosen)) {
      setError('Choose a PDF file: an event has one PDF');
      return;
    }
    const body = new FormData();
    body.append('File', chosen);
    setUploading(true);
    try {
      const uploaded = await callEndpoint(fileEndpoints.upload, { query: { purpose: 'attachment' }, body });
      onChange({ id: uploaded.id, fileName: uploaded.fileName });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setUploading(false);
    }
  };

  const download = () => {
    if (file)
      openDownload(fileEndpoints.download, { id: file.id }).catch((failure) => showErrorToast(failure, 'The download could not start'));
  };

  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-label="Event PDF">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <IconFileTypePdf size={22} aria-hidden color="var(--mantine-color-red-7)" />
          {file ? (
            <Anchor component="button" type="button" size="sm" onClick={download} style={{ overflowWrap: 'anywhere', textAlign: 'left' }}>
              {file.fileName}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              No PDF attached
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <FileButton onChange={attach} accept="application/pdf,.pdf">
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconPaperclip size={14} aria-hidden />} loading={uploading}>
                {file ? 'Replace PDF' : 'Attach PDF'}
              </Button>
            )}
          </FileButton>
          {file && (
            <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => onChange(null)}>
              Remove PDF
            </Button>
          )}
        </Group>
      </Group>
      {error && (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Paper>
  );
}
