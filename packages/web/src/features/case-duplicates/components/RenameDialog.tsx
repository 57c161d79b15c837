import { Text, TextInput } from '@mantine/core';
import { type CaseDuplicateItem, caseDuplicateMessages, newStampedIdValue, STAMPED_ID_MAX } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { EditDialog } from '../../../components/EditDialog.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useRenameCaseDuplicate } from '../api.ts';

const newId = newStampedIdValue('New stamped id');

/** Gives one item of a pair a new stamped id; its history keeps the old one. */
export function RenameDialog({ item, onClose }: { item: CaseDuplicateItem; onClose: () => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameCaseDuplicate();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    // The same rule as the server's (contract primitives), so the message shows before sending.
    const parsed = newId.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    rename.mutate(
      { params: { id: item.id }, body: { stampedId: parsed.data } },
      {
        onSuccess: (renamed) => {
          showSuccessToast(caseDuplicateMessages.renamed(item.stampedId, renamed.stampedId));
          onClose();
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.fieldErrors.stampedId) setError(failure.fieldErrors.stampedId[0]);
          else showErrorToast(failure);
        },
      },
    );
  };

  return (
    <EditDialog title={`Rename ${item.stampedId}`} onClose={onClose} onSubmit={submit} saving={rename.isPending} saveLabel="Rename">
      <Text size="sm">The item keeps its certificate, events and chips; its history keeps {item.stampedId} as its earlier id.</Text>
      <TextInput
        label="New stamped id"
        required
        data-autofocus
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setError(null);
        }}
        error={error}
        maxLength={STAMPED_ID_MAX}
      />
    </EditDialog>
  );
}
