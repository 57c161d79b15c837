import { Anchor, Button, FileButton, Group, Paper, Text } from '@mantine/core';
import { fileEndpoints } from '@portal/contract';
import { IconFileTypePdf, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { openDownload } from '../lib/api/download.ts';
import { useWrite } from '../lib/api/mutation.ts';
import { showErrorToast } from '../lib/notify.tsx';

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

export interface AttachedFile {
  id: number;
  fileName: string;
}

interface PdfAttachmentProps {
  file: AttachedFile | null;
  onChange: (file: AttachedFile | null) => void;
  /** What has the one PDF, lower case ('certificate', 'event'): names the section and the message. */
  what: string;
}

/**
 * The one PDF of a certificate or an event (spec section 5): attach uploads it at once (POST /Files,
 * purpose attachment; the server checks the content) and the save links it by id; replace and remove
 * change the form only, so Cancel leaves the saved file as it was.
 */
export function PdfAttachment({ file, onChange, what }: PdfAttachmentProps) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const write = useWrite();

  const attach = async (chosen: File | null) => {
    if (!chosen) return;
    setError(null);
    if (!isPdf(chosen)) {
      setError(`Choose a PDF file: ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what} has one PDF`);
      return;
    }
    const body = new FormData();
    body.append('File', chosen);
    setUploading(true);
    try {
      const uploaded = await write(fileEndpoints.upload, { query: { purpose: 'attachment' }, body });
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
    <Paper withBorder radius="sm" p="md" component="section" aria-label={`${what[0].toUpperCase()}${what.slice(1)} PDF`}>
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
