import { TextInput } from '@mantine/core';
import { UNLINKED_COMMENT_MAX, type UnlinkedItem } from '@portal/contract';
import { useState } from 'react';
import { CertificatePicker } from '../../../components/CertificatePicker.tsx';
import { EditDialog } from '../../../components/EditDialog.tsx';
import { lengthLimit } from '../../../components/lengthLimit.ts';
import { draftOf, isChanged, lengthError, type UnlinkedDraft } from '../draft.ts';

interface UnlinkedEditDialogProps {
  item: UnlinkedItem;
  /** The row's unsaved edit, if it has one. */
  draft: UnlinkedDraft | undefined;
  saving: boolean;
  onSave: (draft: UnlinkedDraft) => void;
  onClose: () => void;
}

/** The row's edit where a row has no room for it (phones): length, comment and the certificate to link to. */
export function UnlinkedEditDialog({ item, draft: initial, saving, onSave, onClose }: UnlinkedEditDialogProps) {
  const [draft, setDraft] = useState<UnlinkedDraft>(initial ?? draftOf(item));
  const error = lengthError(draft.length);
  return (
    <EditDialog
      title={`Edit ${item.stampedId}`}
      onClose={onClose}
      saving={saving}
      saveDisabled={error !== null || !isChanged(item, draft)}
      onSubmit={(event) => {
        event?.preventDefault();
        onSave(draft);
      }}
    >
      <TextInput
        label="Length (m)"
        inputMode="decimal"
        value={draft.length}
        error={error ?? undefined}
        onChange={(event) => setDraft({ ...draft, length: event.currentTarget.value })}
        data-autofocus
      />
      <TextInput
        label="Comment"
        value={draft.comment}
        {...lengthLimit(draft.comment, UNLINKED_COMMENT_MAX)}
        onChange={(event) => setDraft({ ...draft, comment: event.currentTarget.value })}
      />
      <CertificatePicker
        label="Link to certificate"
        value={draft.certificate}
        onChange={(certificate) => setDraft({ ...draft, certificate })}
      />
    </EditDialog>
  );
}
