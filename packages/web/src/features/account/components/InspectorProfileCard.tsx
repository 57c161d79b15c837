import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { userEndpoints } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { InspectorFields } from '../../../components/InspectorFields.tsx';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { showSuccessToast } from '../../../lib/notify.tsx';

type Profile = { inspectorName: string; inspectorQualification: string; inspectorCompany: string };

/** The signed-in user's inspector name, qualification and employer: prefilled when they sign an event off (docs/sign-off.md). */
export function InspectorProfileCard() {
  const info = useEndpoint(userEndpoints.userInfo);
  const [typed, setTyped] = useState<Partial<Profile>>({});
  const save = useEndpointMutation(userEndpoints.setInspectorProfile, {
    meta: { toastErrors: false },
    onSuccess: () => {
      setTyped({});
      showSuccessToast('Inspector profile saved');
    },
  });
  if (!info.data || info.data.externalUser) return null;
  const values: Profile = {
    inspectorName: typed.inspectorName ?? info.data.inspectorName ?? '',
    inspectorQualification: typed.inspectorQualification ?? info.data.inspectorQualification ?? '',
    inspectorCompany: typed.inspectorCompany ?? info.data.inspectorCompany ?? '',
  };
  const errors = isApiError(save.error) ? save.error.fieldErrors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ body: values });
  };
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={submit} noValidate aria-label="Inspector profile">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              Inspector profile
            </Title>
            <Text size="sm" c="dimmed">
              Prefilled when you sign an event off.
            </Text>
          </div>
          <InspectorFields
            fields={[
              { key: 'inspectorName', label: 'Inspector name', autoComplete: 'name' },
              { key: 'inspectorQualification', label: 'Qualification', autoComplete: 'off' },
              { key: 'inspectorCompany', label: 'Company', autoComplete: 'organization' },
            ]}
            values={values}
            errors={errors}
            onChange={(key, value) => setTyped((t) => ({ ...t, [key]: value }))}
          />
          {save.isError && !errors.inspectorName && (
            <Text c="red" size="sm" role="alert">
              {save.error.message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={Object.keys(typed).length === 0}>
              Update profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
