import { TextInput } from '@mantine/core';
import { CATALOGUE_NAME_MAX } from '@portal/contract';
import { EditDialog } from '../../../components/EditDialog.tsx';
import { useValidatedForm } from '../../../lib/forms/index.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';

interface NameDialogProps {
  title: string;
  /** What is named ('certificate type'), for the toast: "Certificate type 'Chain' was added". */
  noun: string;
  adding?: boolean;
  initialName: string;
  onClose: () => void;
  /** Saves the name; a rejected ApiError puts its field message under the field. */
  onSave: (name: string) => Promise<unknown>;
  saving: boolean;
}

/**
 * Add or rename a certificate type, sub-type or dimension. The spec gives these admin forms no client
 * validation: the server's answer (required, too long, name taken) shows under the field, and in a toast.
 * Mount it per entry (key), so that each opening starts from that entry's name.
 */
export function NameDialog({ title, noun, adding = false, initialName, onClose, onSave, saving }: NameDialogProps) {
  const { form, onSave: submit, showServerErrors } = useValidatedForm({ initialValues: { name: initialName }, labels: { name: 'Name' } });
  const save = submit(({ name }) =>
    onSave(name)
      .then(() => {
        showSuccessToast(`${noun[0].toUpperCase()}${noun.slice(1)} '${name.trim()}' was ${adding ? 'added' : 'saved'}`);
        onClose();
      })
      // Field messages go under the field; any other failure is the query client's red toast.
      .catch(showServerErrors),
  );
  return (
    <EditDialog title={title} onClose={onClose} onSubmit={save} saving={saving}>
      <TextInput label="Name" required data-autofocus maxLength={CATALOGUE_NAME_MAX} {...form.getInputProps('name')} />
    </EditDialog>
  );
}
