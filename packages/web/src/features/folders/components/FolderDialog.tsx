import { Checkbox, Group, Select, Text, TextInput } from '@mantine/core';
import {
  type EventTypeDueKind,
  FOLDER_NAME_MAX,
  type Folder,
  type FolderKind,
  type LabelColor,
  labelColors,
  type StatusMeaning,
  statusMeaningLabels,
  statusMeanings,
} from '@portal/contract';
import { useState } from 'react';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { colorNames, colorOptions } from '../../../components/colorNames.ts';
import { EditDialog } from '../../../components/EditDialog.tsx';
import { useValidatedForm } from '../../../lib/forms/index.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { EventTypeDueKindField, NewEventTypeDueKindField, useSaveNewEventTypeKind } from '../../due-dates/index.ts';
import { useCreateFolder, useCreateRig, useUpdateFolder } from '../api.ts';
import { kindText } from '../kindText.ts';

type FolderFormValues = {
  name: string;
  color: LabelColor;
  default: boolean;
  /** Statuses only. */
  meaning?: StatusMeaning;
};

const labels = { name: 'Name', color: 'Label colour', default: 'Default', meaning: 'Meaning' } as const;
const meaningOptions = statusMeanings.map((value) => ({ value, label: statusMeaningLabels[value] }));

export interface FolderDialogTarget {
  kind: FolderKind;
  /** The parent of a new status or project. */
  parentId: number | null;
  /** The folder being edited; absent when adding. */
  folder?: Folder;
}

/**
 * Add or edit an event type, status, rig or project: name, label colour with a live preview, default
 * flag. No client rules (spec section 5: other admin forms have none); the server's field messages
 * show under the fields. Mount it per entry (key), so that each opening starts from that entry.
 */
export function FolderDialog({ target, onClose }: { target: FolderDialogTarget; onClose: () => void }) {
  const { folder, kind, parentId } = target;
  const text = kindText(kind);
  const { form, onSave, showServerErrors } = useValidatedForm<FolderFormValues>({
    initialValues: {
      name: folder?.name ?? '',
      color: folder?.color ?? 'default',
      default: folder?.default ?? false,
      // A new status counts as no inspection until the Admin says what it means.
      ...(kind === 'status' ? { meaning: folder?.meaning ?? 'notInspected' } : {}),
    },
    labels,
  });
  const create = useCreateFolder();
  const createRig = useCreateRig();
  const update = useUpdateFolder();
  // A new event type's due kind is saved right after the type (its own call, as on the Edit dialog).
  const [dueKind, setDueKind] = useState<EventTypeDueKind>('none');
  const saveDueKind = useSaveNewEventTypeKind();
  const [savingKind, setSavingKind] = useState(false);
  const pending = create.isPending || createRig.isPending || update.isPending || savingKind;

  const save = onSave(async (values) => {
    try {
      if (folder) await update.mutateAsync({ params: { id: folder.id }, body: values });
      else if (kind === 'rig') await createRig.mutateAsync({ body: values });
      else {
        const created = await create.mutateAsync({ body: { ...values, ...(parentId === null ? { kind } : { parentId }) } });
        if (kind === 'eventType') await saveKind(created);
      }
      showSuccessToast(`${text.One} '${values.name.trim()}' was ${folder ? 'saved' : 'added'}`);
      onClose();
    } catch (error) {
      // Field messages go under their fields; any other failure is the query client's red toast.
      showServerErrors(error);
    }
  });

  /** The type exists by now: a failure here is toasted and the dialog still closes (saving again would add it twice). */
  async function saveKind(created: Folder) {
    setSavingKind(true);
    try {
      await saveDueKind(created.id, dueKind);
    } catch (error) {
      showErrorToast(error, `What '${created.name}' counts as could not be saved; set it on Edit`);
    } finally {
      setSavingKind(false);
    }
  }

  const values = form.getValues();
  return (
    <EditDialog title={`${folder ? 'Edit' : 'Add'} ${text.one}`} onClose={onClose} onSubmit={save} saving={pending}>
      <TextInput label={labels.name} withAsterisk data-autofocus maxLength={FOLDER_NAME_MAX} {...form.getInputProps('name')} />
      <Select
        label={labels.color}
        data={colorOptions(labelColors)}
        allowDeselect={false}
        checkIconPosition="right"
        renderOption={({ option }) => <ColorBadge color={option.value}>{colorNames[option.value as LabelColor]}</ColorBadge>}
        {...form.getInputProps('color')}
      />
      <Group gap="xs" aria-live="polite">
        <Text size="sm" c="dimmed">
          Preview:
        </Text>
        <ColorBadge color={values.color}>{values.name.trim() || text.One}</ColorBadge>
      </Group>
      {kind === 'status' && (
        <Select
          label={labels.meaning}
          withAsterisk
          data={meaningOptions}
          allowDeselect={false}
          checkIconPosition="right"
          description="Only Fit for use, Monitor and Condemned are an inspection: they move the due date and are the item's last inspection."
          {...form.getInputProps('meaning')}
        />
      )}
      <Checkbox
        label={labels.default}
        description={`Preselected in pick lists; replaces the current default ${text.one}${parentId === null ? '' : ` of this ${kindText(kind === 'status' ? 'eventType' : 'rig').one}`}.`}
        {...form.getInputProps('default', { type: 'checkbox' })}
      />
      {kind === 'eventType' &&
        (folder ? <EventTypeDueKindField eventTypeId={folder.id} /> : <NewEventTypeDueKindField value={dueKind} onChange={setDueKind} />)}
    </EditDialog>
  );
}
