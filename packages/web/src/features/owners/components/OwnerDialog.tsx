import { Group, Select, Text, TextInput } from '@mantine/core';
import { OWNER_NAME_MAX, OWNER_SHORT_CODE_MAX, type Owner, type OwnerLabelColor, ownerLabelColors } from '@portal/contract';
import { ColorBadge } from '../../../components/ColorBadge.tsx';
import { colorOptions } from '../../../components/colorNames.ts';
import { EditDialog } from '../../../components/EditDialog.tsx';
import { useValidatedForm } from '../../../lib/forms/index.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';
import { useSaveOwner } from '../api.ts';

interface OwnerValues {
  shortCode: string;
  name: string;
  label: OwnerLabelColor;
}

const labels = { shortCode: 'Code', name: 'Name', label: 'Label' } as const;
const labelOptions = colorOptions(ownerLabelColors);

/**
 * Add or edit an owner: code, name and label colour with a preview. No client validation (spec
 * section 5: other admin forms have none); the server's field messages show under the fields.
 */
export function OwnerDialog({ owner, onClose }: { owner: Owner | null; onClose: () => void }) {
  const saveOwner = useSaveOwner();
  const { form, onSave, showServerErrors } = useValidatedForm<OwnerValues>({
    labels,
    initialValues: { shortCode: owner?.shortCode ?? '', name: owner?.name ?? '', label: owner?.label ?? 'default' },
  });
  const values = form.getValues();

  const save = onSave((body) =>
    saveOwner
      .mutateAsync({ id: owner?.id, body })
      .then((saved) => {
        showSuccessToast(`Owner '${saved.name}' was ${owner ? 'saved' : 'added'}`);
        onClose();
      })
      // Field messages go under the fields; any other failure is the query client's red toast.
      .catch(showServerErrors),
  );

  return (
    <EditDialog title={owner ? `Edit ${owner.name}` : 'Add owner'} onClose={onClose} onSubmit={save} saving={saveOwner.isPending}>
      <TextInput label={labels.shortCode} required data-autofocus maxLength={OWNER_SHORT_CODE_MAX} {...form.getInputProps('shortCode')} />
      <TextInput label={labels.name} required maxLength={OWNER_NAME_MAX} {...form.getInputProps('name')} />
      <Select<OwnerLabelColor>
        label={labels.label}
        data={labelOptions}
        allowDeselect={false}
        renderOption={({ option }) => <ColorBadge color={option.value}>{option.label}</ColorBadge>}
        {...form.getInputProps('label')}
      />
      <Group gap="xs" aria-live="polite">
        <Text size="sm" c="dimmed">
          Preview
        </Text>
        <ColorBadge color={values.label}>{values.shortCode.trim() || 'Code'}</ColorBadge>
        <ColorBadge color={values.label}>{values.name.trim() || 'Owner name'}</ColorBadge>
      </Group>
    </EditDialog>
  );
}
