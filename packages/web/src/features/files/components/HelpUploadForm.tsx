import { Button, FileInput, Group } from '@mantine/core';
import { fileMessages, MAX_UPLOAD_BYTES, uploadAccept } from '@portal/contract';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useAddHelpFile } from '../api.ts';

const MAX_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

/** Admin level: pick a file and upload it to the help list. The server checks the content. */
export function HelpUploadForm() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useAddHelpFile();

  const choose = (next: File | null) => {
    setFile(next);
    setError(next && next.size > MAX_UPLOAD_BYTES ? fileMessages.tooLarge(MAX_MB) : null);
  };

  const upload = () => {
    if (!file || error) return;
    add.mutate(file, {
      onSuccess: (help) => {
        showSuccessToast(`'${help.fileName}' was added to the help files`);
        setFile(null);
      },
      // The field shows the server's words; a validation body gets one 'N Problems found' toast naming the
      // field, any other failure the query client's red toast.
      onError: (failure) => {
        setError(
          isApiError(failure) ? (failure.fieldErrors.File?.[0] ?? failure.fieldErrors.fileId?.[0] ?? failure.message) : String(failure),
        );
        if (isApiError(failure) && failure.hasFieldErrors)
          showErrorToast(failure, { fieldLabels: { File: 'Help file', fileId: 'Help file' }, shownUnderFields: ['File', 'fileId'] });
      },
    });
  };

  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <FileInput
        aria-label="Choose a file: help file to upload"
        placeholder="Choose a file"
        accept={uploadAccept.help}
        leftSection={<IconFileUpload size={16} />}
        value={file}
        onChange={choose}
        error={error}
        clearable
        // A fixed width lets the page header move the form under the title on a phone.
        w={{ base: 220, sm: 280 }}
      />
      <Button leftSection={<IconUpload size={16} />} onClick={upload} disabled={!file || Boolean(error)} loading={add.isPending}>
        Upload
      </Button>
    </Group>
  );
}
