import { Alert, Button, FileButton, Group, List, Text } from '@mantine/core';
import { certificateEditorEndpoints, IMPORT_FILE_MAX_BYTES, messages } from '@portal/contract';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { callEndpoint } from '../../../lib/api/callEndpoint.ts';
import { showErrorToast } from '../../../lib/notify.tsx';
import { AddOutcome } from './AddOutcome.tsx';
import { type AddPlan, planAdd } from './draft.ts';
import { importMessages, looksCommaSeparated } from './series.ts';
import type { DraftStore } from './store.ts';

type Outcome = { errors: { line: number; message: string }[] } | { plan: AddPlan; found: number } | { problem: string };

/**
 * Import a semicolon-separated text file (POST /Import/CertificateEquipment): the server answers the
 * errors per line (shown in red) or the rows, 'Found N items in the file'; the free ones not yet
 * listed are added. A comma-separated file is told to use semicolons before it is sent.
 */
export function ImportFile({ store }: { store: DraftStore }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const importFile = async (file: File | null) => {
    if (!file) return;
    setOutcome(null);
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setOutcome({ problem: `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB` });
      return;
    }
    if (looksCommaSeparated(await file.text())) {
      setOutcome({ problem: importMessages.useSemicolons });
      return;
    }
    const body = new FormData();
    body.append('File', file);
    setBusy(true);
    try {
      const result = await callEndpoint(certificateEditorEndpoints.import, { body });
      if ('errors' in result) setOutcome({ errors: result.errors });
      else {
        const plan = planAdd(store.get().rows, result.content);
        store.dispatch({ type: 'add', items: plan.add });
        setOutcome({ plan, found: result.content.length });
      }
    } catch (error) {
      showErrorToast(error, 'The file could not be imported');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Text size="sm" c="dimmed" mb="xs">
        {importMessages.layout}
      </Text>
      <Group gap="sm">
        <FileButton onChange={importFile} accept=".txt,.csv,text/plain,text/csv">
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconFileImport size={16} aria-hidden />} loading={busy}>
              Choose file
            </Button>
          )}
        </FileButton>
      </Group>
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
      {outcome && 'plan' in outcome && <AddOutcome plan={outcome.plan} found={messages.foundItemsInFile(outcome.found)} />}
    </div>
  );
}
