import { Box, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type CertificateDetail, certificateEditorEndpoints, certificateEndpoints, hasLevel, messages } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConflictAlert } from '../../../components/ConflictAlert.tsx';
import { PageBreadcrumbs } from '../../../components/PageBreadcrumbs.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { SaveBar } from '../../../components/SaveBar.tsx';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { endpointKey } from '../../../lib/api/endpointQuery.ts';
import { useWrite } from '../../../lib/api/mutation.ts';
import { useValidatedForm } from '../../../lib/forms/index.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { certificatePath, certificatesPath } from '../paths.ts';
import { AddEquipment } from './AddEquipment.tsx';
import { CertificateFields } from './CertificateFields.tsx';
import { CertificateFile } from './CertificateFile.tsx';
import { blankDraft, draftFromCertificate } from './draft.ts';
import { EquipmentRows } from './EquipmentRows.tsx';
import { type FieldValues, fieldLabels, fieldRules, fieldsBody, valuesOf } from './fields.ts';
import { hasErrors, toRowInput } from './rows.ts';
import { createDraftStore, type DraftStore, useDraft } from './store.ts';

export type EditorMode =
  | { kind: 'add' }
  | { kind: 'copy'; source: CertificateDetail; withFile: boolean }
  | { kind: 'edit'; certificate: CertificateDetail; onReload: () => void };

const sourceOf = (mode: EditorMode) => (mode.kind === 'add' ? null : mode.kind === 'copy' ? mode.source : mode.certificate);

/**
 * The certificate editor (spec sections 2-5): the fields with dependent selects, one PDF, and the
 * equipment rows with their states. Save sends one request (POST, or PUT with the version the editor
 * opened) and goes to the certificate; a save over a newer version (409) says so and offers to reload.
 * Leaving with unsaved changes asks first.
 */
export function CertificateEditor({ mode }: { mode: EditorMode }) {
  const isAdmin = hasLevel(useSignedInUser(), 'Admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const write = useWrite();
  const source = sourceOf(mode);
  const editing = mode.kind === 'edit' ? mode.certificate : null;
  const [store] = useState(() =>
    createDraftStore(
      source
        ? draftFromCertificate(source, { copy: mode.kind === 'copy', withFile: mode.kind === 'copy' && mode.withFile, isAdmin })
        : blankDraft(isAdmin),
    ),
  );
  const { form, onSave, showServerErrors } = useValidatedForm<FieldValues>({
    initialValues: valuesOf(source),
    rules: fieldRules,
    labels: fieldLabels,
    name: 'certificate',
  });
  const [conflict, setConflict] = useState<string | null>(null);
  const [focusRow, setFocusRow] = useState<{ stampedId: string; at: number } | null>(null);
  // Set once saved: the guard lets the page go, then the effect goes to the certificate.
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  useEffect(() => {
    if (leaveTo) navigate(leaveTo, { replace: true });
  }, [leaveTo, navigate]);

  const save = async (values: FieldValues) => {
    const draft = store.get();
    const body = { ...fieldsBody(values), fileId: draft.file?.id ?? null, equipment: draft.rows.map(toRowInput) };
    store.dispatch({ type: 'saving', saving: true });
    setConflict(null);
    try {
      let id: number;
      if (editing) {
        const saved = await write(certificateEditorEndpoints.update, {
          params: { id: editing.id },
          body: { ...body, version: editing.version },
        });
        queryClient.setQueryData(endpointKey(certificateEndpoints.get, { params: { id: saved.id } }), saved);
        id = saved.id;
      } else {
        id = (await write(certificateEditorEndpoints.create, { body })).id;
      }
      store.dispatch({ type: 'saved' });
      form.resetDirty();
      showSuccessToast(editing ? `Certificate ${body.certificateNumber} was saved` : `Certificate ${body.certificateNumber} was created`);
      setLeaveTo(certificatePath(id));
    } catch (error) {
      store.dispatch({ type: 'saving', saving: false });
      if (editing && isApiError(error) && error.status === 409) {
        setConflict(error.message);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      } else if (!showServerErrors(error)) {
        // Spec section 8: a certificate save error shows the server's message as a toast.
        showErrorToast(error, 'The certificate could not be saved');
      }
    }
  };

  const saveWhenValid = onSave(save);
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const fields = form.validate();
    const badRows = store.get().rows.filter(hasErrors);
    const problems = Object.keys(fields.errors).length + badRows.length;
    if (problems > 0) {
      const named = [
        ...Object.keys(fields.errors).map((field) => fieldLabels[field as keyof typeof fieldLabels] ?? field),
        ...badRows.slice(0, 5).map((row) => row.stampedId),
      ];
      notifications.show({
        id: 'certificate-problems',
        color: 'red',
        title: messages.problemsFound(problems),
        message: `Check ${named.join(', ')}`,
      });
    }
    if (fields.hasErrors) return saveWhenValid(event);
    if (badRows.length > 0) return setFocusRow({ stampedId: badRows[0].stampedId, at: Date.now() });
    saveWhenValid(event);
  };

  const cancel = () => {
    // Cancel goes back; opened from a link with no page before it, to the certificate or the list.
    if ((window.history.state?.idx ?? 0) > 0) navigate(-1);
    else navigate(editing ? certificatePath(editing.id) : certificatesPath);
  };

  const title = editing ? `Edit certificate ${editing.certificateNumber}` : 'Add certificate';
  const crumbs = [
    { label: 'Certificates', to: certificatesPath },
    ...(source ? [{ label: source.certificateNumber, to: certificatePath(source.id) }] : []),
    { label: editing ? 'Edit' : mode.kind === 'copy' ? 'Copy' : 'Add' },
  ];

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={title}>
      <PageBreadcrumbs items={crumbs} />
      <PageHeader title={title} />
      {mode.kind === 'copy' && (
        <Text size="sm" c="dimmed" mt={-8} mb="md">
          A copy of {mode.source.certificateNumber}: its fields{mode.withFile && mode.source.certificateFile ? ' and its PDF' : ''}, without
          its equipment (stamped ids are unique).
        </Text>
      )}
      {conflict && mode.kind === 'edit' && (
        <Conflict store={store} form={form} leaving={leaveTo !== null} message={conflict} onReload={mode.onReload} />
      )}
      <Stack gap="md">
        <CertificateFields form={form} />
        <CertificateFile store={store} />
        <AddEquipment store={store} />
        <EquipmentRows store={store} isAdmin={isAdmin} certificateId={editing?.id ?? null} focusRow={focusRow} />
      </Stack>
      <SaveState store={store} form={form} leaving={leaveTo !== null} onCancel={cancel} />
    </Box>
  );
}

interface ChangesProps {
  store: DraftStore;
  form: UseFormReturnType<FieldValues>;
  /** Saved, and going to the certificate: nothing is left unsaved. */
  leaving: boolean;
}

/** Whether the certificate has changes not saved yet: in its fields or its rows. */
function useUnsaved({ store, form, leaving }: ChangesProps) {
  const rowsChanged = useDraft(store, (draft) => draft.dirty);
  return !leaving && (rowsChanged || form.isDirty());
}

/**
 * The save bar and the guard on leaving, apart from the editor: a row's first change marks the draft
 * changed, and only these draw again, not the fields and every part of the editor (that first
 * keystroke in a row was one task of 225-302 ms at 4x CPU, the next ones 45-56 ms: docs/ui.md "Sixth round").
 */
function SaveState({ onCancel, ...changes }: ChangesProps & { onCancel: () => void }) {
  const unsaved = useUnsaved(changes);
  const saving = useDraft(changes.store, (draft) => draft.saving);
  useUnsavedChangesGuard(unsaved);
  return <SaveBar dirty={unsaved} saving={saving} onCancel={onCancel} />;
}

function Conflict({ message, onReload, ...changes }: ChangesProps & { message: string; onReload: () => void }) {
  const unsaved = useUnsaved(changes);
  return <ConflictAlert title="This certificate has changed" message={message} dirty={unsaved} onReload={onReload} />;
}
