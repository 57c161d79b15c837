import { Text } from '@mantine/core';
import { type CertificateLookupItem, certificateEditorMessages } from '@portal/contract';
import { useState } from 'react';
import { CertificatePicker } from '../../../components/CertificatePicker.tsx';
import { EditDialog } from '../../../components/EditDialog.tsx';
import type { MoveTarget } from './rows.ts';

interface MoveDialogProps {
  stampedId: string;
  /** The certificate being edited: a row cannot move to it. */
  certificateId: number | null;
  onMove: (target: MoveTarget) => void;
  onClose: () => void;
}

/** Marks a row to move to another certificate, found by a part of its number (autocomplete, 300 ms). */
export function MoveDialog({ stampedId, certificateId, onMove, onClose }: MoveDialogProps) {
  const [target, setTarget] = useState<CertificateLookupItem | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <EditDialog
      title={`Move ${stampedId}`}
      saveLabel="Mark to move"
      saving={false}
      onClose={onClose}
      onSubmit={(event) => {
        event?.preventDefault();
        // The dialog sits in a portal, but React still bubbles its submit to the editor's form: stop it there.
        event?.stopPropagation();
        if (!target) return setError('Choose the certificate to move to');
        if (target.id === certificateId) return setError(certificateEditorMessages.moveToSelf);
        onMove({ id: target.id, certificateNumber: target.certificateNumber });
      }}
    >
      <Text size="sm">The item moves to the chosen certificate when you save this one; until then you can undo it.</Text>
      <CertificatePicker
        label="Move to certificate"
        // Typing starts in the picker as the dialog opens: its focus trap would otherwise take the focus
        // to the close button, closing the picker's list under a person who was already typing.
        data-autofocus
        value={target}
        onChange={(next) => {
          setTarget(next);
          setError(undefined);
        }}
        error={error}
      />
    </EditDialog>
  );
}
