import { Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import {
  INSPECTOR_TEXT_MAX,
  messages,
  type UserDetail,
  type UserEditBody,
  UserLevel,
  UserType,
  userLevelNames,
  userMessages,
} from '@portal/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard.tsx';
import { useValidatedForm } from '../../../lib/forms/index.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useSaveUser } from '../api.ts';

interface EditorValues {
  userLevel: string;
  userType: string;
  allOwners: boolean;
  owners: string[];
  alias: string;
  inspectorName: string;
  inspectorQualification: string;
  inspectorCompany: string;
}

const labels = {
  userLevel: 'Level',
  userType: 'Type',
  allOwners: 'All owners',
  owners: 'Owners',
  alias: 'Alias',
  inspectorName: 'Inspector name',
  inspectorQualification: 'Qualification',
  inspectorCompany: 'Company',
} as const;
const levelOptions = userLevelNames.map((name) => ({ value: String(UserLevel[name]), label: name }));
const typeOptions = [
  { value: String(UserType.Admin), label: 'Internal' },
  { value: String(UserType.Report), label: 'Report' },
];

const valuesOf = (user: UserDetail): EditorValues => ({
  userLevel: String(user.userLevel),
  userType: String(user.userType),
  allOwners: user.allOwners,
  owners: user.owners.map((owner) => String(owner.id)),
  alias: user.alias ?? '',
  inspectorName: user.inspectorName ?? '',
  inspectorQualification: user.inspectorQualification ?? '',
  inspectorCompany: user.inspectorCompany ?? '',
});

function bodyOf(values: EditorValues): UserEditBody {
  return {
    userLevel: Number(values.userLevel),
    userType: Number(values.userType),
    allOwners: values.allOwners,
    owners: values.allOwners ? [] : values.owners.map(Number),
    alias: values.alias.trim() || null,
    inspectorName: values.inspectorName.trim() || null,
    inspectorQualification: values.inspectorQualification.trim() || null,
    inspectorCompany: values.inspectorCompany.trim() || null,
  };
}

interface UserEditorFormProps {
  user: UserDetail;
  /** Editing yourself: your own level and type stay as they are (the server refuses it too). */
  isSelf: boolean;
}

/** Level, type, owners (or all owners), alias and inspector profile of one user; Save answers 'User saved successfully'. */
export function UserEditorForm({ user, isSelf }: UserEditorFormProps) {
  const save = useSaveUser();
  const { form, onSave, showServerErrors } = useValidatedForm<EditorValues>({ initialValues: valuesOf(user), name: 'user-editor', labels });
  // Leaving with unsaved access changes asks first (in-app links) or warns (closing or reloading the tab).
  useUnsavedChangesGuard(form.isDirty());
  const ownerOptions = user.availableOwners.map((owner) => ({ value: String(owner.id), label: `${owner.name} (${owner.shortCode})` }));

  const submit = onSave((values) =>
    save.mutateAsync({ params: { id: user.id }, body: bodyOf(values) }).then(
      (saved) => {
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        showSuccessToast(messages.userSaved);
      },
      // The save is quiet (toastErrors: false): a failure that is not about fields gets its toast here.
      (error: unknown) => {
        if (!showServerErrors(error)) showErrorToast(error);
      },
    ),
  );

  return (
    <Paper withBorder p="md" radius="sm" component="form" onSubmit={submit} noValidate aria-label="User access">
      <Stack gap="md">
        <Title order={2} size="h4">
          Access
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Select
            label={labels.userLevel}
            data={levelOptions}
            allowDeselect={false}
            disabled={isSelf}
            description={isSelf ? userMessages.ownLevel : undefined}
            {...form.getInputProps('userLevel')}
          />
          <Select
            label={labels.userType}
            data={typeOptions}
            allowDeselect={false}
            disabled={isSelf}
            description={isSelf ? userMessages.ownType : undefined}
            {...form.getInputProps('userType')}
          />
        </SimpleGrid>
        <Switch
          label={labels.allOwners}
          description="Access to every owner, present and future"
          {...form.getInputProps('allOwners', { type: 'checkbox' })}
        />
        {!form.getValues().allOwners && (
          <MultiSelect
            label={labels.owners}
            placeholder={form.getValues().owners.length ? undefined : 'Choose the owners this user may see'}
            data={ownerOptions}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="No owner by that name"
            {...form.getInputProps('owners')}
          />
        )}
        <TextInput
          label={labels.alias}
          description="A second sign-in name; unique among all users"
          autoComplete="off"
          maw={{ base: '100%', md: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
          {...form.getInputProps('alias')}
        />
        <Title order={3} size="h5">
          Inspector profile
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <TextInput label={labels.inspectorName} maxLength={INSPECTOR_TEXT_MAX} {...form.getInputProps('inspectorName')} />
          <TextInput
            label={labels.inspectorQualification}
            maxLength={INSPECTOR_TEXT_MAX}
            {...form.getInputProps('inspectorQualification')}
          />
          <TextInput label={labels.inspectorCompany} maxLength={INSPECTOR_TEXT_MAX} {...form.getInputProps('inspectorCompany')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
