import { Alert, Button, FileButton, Group, List, Text } from '@mantine/core';
import { EVENT_IMPORT_FILE_MAX_BYTES, eventComponentEndpoints, messages, type ProposedComponent } from '@portal/contract';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { callEndpoint } from '../../../lib/api/callEndpoint.ts';
import { showErrorToast } from '../../../lib/notify.tsx';

type Outcome = { errors: { line: number; message: string }[] } | { content: ProposedComponent[] } | { problem: string };

/**
 * Import a semicolon-separated text file: importAndValidate answers the errors per line (in red) or
 * the content ('Found N items in the file', with how many are new or already in the event); Add
 * items then calls componentsImport with the stamped ids.
 */
export function ImportItems({
  eventId,
  adding,
  onAdd,
}: {
  eventId: number;
  adding: boolean;
  onAdd: (stampedIds: string[]) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const read = async (file: File | null) => {
    if (!file) return;
    setOutcome(null);
    if (file.size > EVENT_IMPORT_FILE_MAX_BYTES) {
      setOutcome({ problem: `The file is larger than ${EVENT_IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB` });
      return;
    }
    const body = new FormData();
    body.append('File', file);
    setBusy(true);
    try {
      setOutcome(await callEndpoint(eventComponentEndpoints.importAndValidate, { params: { eventId }, body }));
    } catch (error) {
      showErrorToast(error, 'The file could not be read');
    } finally {
      setBusy(false);
    }
  };

  const content = outcome && 'content' in outcome ? outcome.content : null;
  const toAdd = content?.filter((item) => !item.inEvent) ?? [];
  const unknown = toAdd.filter((item) => !item.known).length;

  return (
    <div>
      <Text size="sm" c="dimmed" mb="xs">
        A text file with one stamped id at the start of each line; further fields after a semicolon (;) are ignored.
      </Text>
      <FileButton onChange={read} accept=".txt,.csv,text/plain,text/csv">
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconFileImport size={16} aria-hidden />} loading={busy}>
            Choose file
          </Button>
        )}
      </FileButton>
      {outcome && 'problem' in outcome && (
        <Text c="red.8" size="sm" mt="xs" role="alert">
          {outcome.problem}
        </Text>
      )}
      {outcome && 'errors' in outcome && (
        <Alert color="red" variant="light" p="xs" mt="xs" role="alert" title="The file has errors; nothing was added">
          <List size="sm" c="red.9">
            {outcome.errors.map((error) => (
              <List.Item key={`${error.line}:${error.message}`}>
                Line {error.line}: {error.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {content && (
        <Group mt="xs" gap="sm">
          <Text size="sm" aria-live="polite">
            {messages.foundItemsInFile(content.length)}
            {content.length !== toAdd.length && ` (${content.length - toAdd.length} already in this event)`}
            {unknown > 0 && `; ${unknown} will be new unlinked items`}
          </Text>
          <Button
            size="xs"
            disabled={toAdd.length === 0}
            loading={adding}
            onClick={async () => {
              await onAdd(toAdd.map((item) => item.stampedId));
              setOutcome(null);
            }}
          >
            Add {toAdd.length} items
          </Button>
        </Group>
      )}
    </div>
  );
}
