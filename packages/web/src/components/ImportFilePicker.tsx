import { Alert, Button, FileButton, List, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { showErrorToast } from '../lib/notify.tsx';

export type ImportLineError = { line: number; message: string };
export type ImportAnswer<T> = { errors: ImportLineError[] } | { content: T };

/**
 * Choose a semicolon-separated text file and send it to an import endpoint (the event equipment
 * editor's and the certificate editor's): a file over `maxBytes` or one `precheck` refuses is told
 * before sending; the server's errors per line show in red; its content goes to `onContent` (null
 * when another file is chosen), and `children` show what became of it.
 */
export function ImportFilePicker<T>({
  help,
  maxBytes,
  precheck,
  send,
  onContent,
  failure,
  children,
}: {
  help: ReactNode;
  maxBytes: number;
  /** A problem with the file's text to tell before sending it, or null. */
  precheck?: (text: string) => string | null;
  send: (body: FormData) => Promise<ImportAnswer<T>>;
  onContent: (content: T | null) => void;
  /** The toast's fallback when the request fails. */
  failure: string;
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<ImportLineError[] | null>(null);

  const read = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    setErrors(null);
    onContent(null);
    if (file.size > maxBytes) {
      setProblem(`The file is larger than ${maxBytes / 1024 / 1024} MB`);
      return;
    }
    const refused = precheck?.(await file.text());
    if (refused) {
      setProblem(refused);
      return;
    }
    const body = new FormData();
    body.append('File', file);
    setBusy(true);
    try {
      const answer = await send(body);
      if ('errors' in answer) setErrors(answer.errors);
      else onContent(answer.content);
    } catch (error) {
      showErrorToast(error, failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Text size="sm" c="dimmed" mb="xs">
        {help}
      </Text>
      <FileButton onChange={read} accept=".txt,.csv,text/plain,text/csv">
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconFileImport size={16} aria-hidden />} loading={busy}>
            Choose file
          </Button>
        )}
      </FileButton>
      {problem && (
        <Text c="red.8" size="sm" mt="xs" role="alert">
          {problem}
        </Text>
      )}
      {errors && (
        <Alert color="red" variant="light" p="xs" mt="xs" role="alert" title="The file has errors; nothing was added">
          <List size="sm" c="red.9">
            {errors.map((error) => (
              <List.Item key={`${error.line}:${error.message}`}>
                Line {error.line}: {error.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {children}
    </div>
  );
}
