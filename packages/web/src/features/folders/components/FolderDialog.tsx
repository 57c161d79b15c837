import { Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { FOLDER_NAME_MAX, type Folder, type FolderKind, type LabelColor, labelColors } from '@portal/contract';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { useCreateFolder, useCreateRig, useUpdateFolder } from '../api.ts';
import { colorNames } from '../colorNames.ts';
import { kindText } from '../kindText.ts';

type FolderFormValues = {
  name: string;
  color: LabelColor;
  default: boolean;
};

const colorOptions = labelColors.map((value) => ({ value, label: colorNames[value] }));

export interface FolderDialogTarget {
  kind: FolderKind;
  /** The parent of a new status or project. */
  parentId: number | null;
  /** The folder being edited; absent when adding. */
  folder?: Folder;
}

/** Add or edit an event type, status, rig or project: name, label colour with a live preview, default flag. */
export function FolderDialog({ target, onClose }: { target: FolderDialogTarget | null; onClose: () => void }) {
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const text = target ? kindText(target.kind) : null;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={text ? `${target?.folder ? 'Edit' : 'Add'} ${text.one}` : ''}
      fullScreen={fullScreen}
      size="md"
      centered={!fullScreen}
    >
      {target && <FolderForm key={target.folder?.id ?? 'new'} target={target} onDone={onClose} />}
    </Modal>
  );
}

function FolderForm({ target, onDone }: { target: FolderDialogTarget; onDone: () => void }) {
  const { folder, kind, parentId } = target;
  const text = kindText(kind);
  // No client rules (spec section 5: other admin forms have none), so plain @mantine/form.
  const form = useForm<FolderFormValues>({
    mode: 'controlled',
    initialValues: { name: folder?.name ?? '', color: folder?.color ?? 'default', default: folder?.default ?? false },
  });
  const create = useCreateFolder();
  const createRig = useCreateRig();
  const update = useUpdateFolder();
  const pending = create.isPending || createRig.isPending || update.isPending;

  const save = async (values: FolderFormValues) => {
    try {
      if (folder) await update.mutateAsync({ params: { id: folder.id }, body: values });
      else if (kind === 'rig') await createRig.mutateAsync({ body: values });
      else await create.mutateAsync({ body: { ...values, ...(parentId === null ? { kind } : { parentId }) } });
      showSuccessToast(`${text.One} '${values.name.trim()}' ${folder ? 'saved' : 'added'}`);
      onDone();
    } catch (error) {
      // The red toast comes from the query client; the field messages go under their fields.
      if (isApiError(error)) {
        for (const field of ['name', 'color', 'default'] as const) {
          const list = error.fieldErrors[field];
          if (list) form.setFieldError(field, list.join(' '));
        }
      }
    }
  };

  const values = form.getValues();
  return (
    <form onSubmit={form.onSubmit(save)} noValidate aria-label={`${folder ? 'Edit' : 'Add'} ${text.one}`}>
      <Stack gap="md">
        <TextInput label="Name" withAsterisk data-autofocus maxLength={FOLDER_NAME_MAX} {...form.getInputProps('name')} />
        <Select
          label="Label colour"
          data={colorOptions}
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
        <Checkbox
          label="Default"
          description={`Preselected in pick lists; replaces the current default ${text.one}${parentId === null ? '' : ` of this ${kindText(kind === 'status' ? 'eventType' : 'rig').one}`}.`}
          {...form.getInputProps('default', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
