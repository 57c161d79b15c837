import { Alert, Button, Code, FileInput, Group, List, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { formatNumber, labelColors, messages, plural, TAG_FILE_MAX_BYTES, type TagFileCheck, tagFileMessages } from '@portal/contract';
import { IconAlertTriangle, IconFileImport, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useCheckTagFile, useImportTagFile } from '../api.ts';

const fileError = (failure: unknown) => (isApiError(failure) ? (failure.fieldErrors.File?.[0] ?? failure.message) : String(failure));

/** The message shows under the file field; a validation body also gets its one 'N Problems found' toast (others: the query client's). */
function showFileError(failure: unknown, setError: (message: string) => void) {
  setError(fileError(failure));
  if (isApiError(failure) && failure.hasFieldErrors)
    showErrorToast(failure, { fieldLabels: { File: 'Tag file' }, shownUnderFields: ['File'] });
}

/**
 * Import of a tag file: the server first checks it (errors per line, in red, or 'Found N items in
 * the file'); only then can the user import it, all lines or none.
 */
export function TagImportPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<TagFileCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const validate = useCheckTagFile();
  const importFile = useImportTagFile();

  const reset = () => {
    setFile(null);
    setCheck(null);
    setError(null);
  };

  const choose = (next: File | null) => {
    reset();
    setFile(next);
    if (!next) return;
    if (next.size > TAG_FILE_MAX_BYTES) return setError('The file is larger than 1 MB');
    validate.mutate(next, { onSuccess: setCheck, onError: (failure) => showFileError(failure, setError) });
  };

  const runImport = () => {
    if (!file) return;
    importFile.mutate(file, {
      onSuccess: (result) => {
        showSuccessToast(
          `Imported ${plural(result.content.length, 'tag')}: ${formatNumber(result.created)} new, ${formatNumber(result.updated)} changed colour`,
        );
        reset();
      },
      onError: (failure) => showFileError(failure, setError),
    });
  };

  return (
    <Paper withBorder radius="sm" p="md" mb="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Import tags from a file
          </Title>
          <Text size="sm" c="dimmed">
            A text file with one tag per line: <Code>stampedId;tag;color</Code>. The colour is optional ({labelColors.join(', ')}); without
            it the tag is grey. Existing tags on a stamped id get the colour from the file.
          </Text>
        </div>
        <FileInput
          label="Tag file"
          placeholder="Choose a .txt or .csv file"
          accept=".txt,.csv,text/plain,text/csv"
          leftSection={<IconFileText size={16} />}
          value={file}
          onChange={choose}
          error={error}
          clearable
          w={{ base: '100%', sm: 360 }}
          disabled={importFile.isPending}
        />
        {validate.isPending && (
          <Text size="sm" c="dimmed">
            Checking the file...
          </Text>
        )}
        {check && 'errors' in check && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={tagFileMessages.errorCount(check.errors.length)}>
            <ScrollArea.Autosize mah={220}>
              <List size="sm" spacing={2} c="red.9" aria-label="Errors in the file">
                {check.errors.map((lineError) => (
                  <List.Item key={`${lineError.line}:${lineError.message}`}>
                    Line {lineError.line}: {lineError.message}
                  </List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
            <Text size="sm" mt="xs">
              Fix the lines and choose the file again.
            </Text>
          </Alert>
        )}
        {check && 'content' in check && (
          <Alert color="blue" variant="light" icon={<IconFileImport size={18} />} title={messages.foundItemsInFile(check.content.length)}>
            <Text size="sm" mb="sm">
              Import them all now? Nothing is written until you do.
            </Text>
            <Group gap="xs">
              <Button onClick={runImport} loading={importFile.isPending}>
                Import
              </Button>
              <Button variant="default" onClick={reset} disabled={importFile.isPending}>
                Cancel
              </Button>
            </Group>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
