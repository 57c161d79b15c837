import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type ReportSettings, reportEndpoints, reportMessages } from '@portal/contract';
import { useState } from 'react';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageBreadcrumbs } from '../../../components/PageBreadcrumbs.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useEndpointMutation } from '../../../lib/api/mutation.ts';
import { type FieldRules, integer, maximum, minimum, parseNumber, required, useValidatedForm } from '../../../lib/forms/index.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useSignedInUser } from '../../../lib/signedInUser.tsx';
import { spreadsToText, textToSpreads } from '../spreadText.ts';

/** /Reports/Settings (Admin): the choices an owner would change; the reports read them at once. */
export function ReportSettingsRoute() {
  const settings = useEndpoint(reportEndpoints.settings);
  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: 'Reports', to: '/Reports' }, { label: 'Report settings' }]} />
      <PageHeader title="Report settings" />
      {settings.isPending ? (
        <FullPageLoader label="Loading the report settings" />
      ) : settings.isError ? (
        <LoadFailed what="report settings" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      ) : (
        // Settings that changed on the server (a save's answer) open the form afresh; a refetch of the same does not.
        <SettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
      )}
    </Stack>
  );
}

/** Whole numbers with the server's limits; 'Must be integer' for '2,5' or 'abc' (spec section 5). */
const numberFields = [
  ['heavyChainMinDimension', 'Heavy chain from dimension (mm)', 1000],
  ['chain84Dimension', 'Chain 84 dimension (mm)', 1000],
  ['activityDays', 'Activity period (days)', 3660],
  ['renewalYears', 'Renewal interval where the type has none (years)', 50],
] as const;
const textFields = [
  ['chainType', 'Chain type name'],
  ['kenterType', 'Kenter type name'],
  ['fibreRopeType', 'Fibre rope type name'],
  ['mpiEventType', 'MPI event type name'],
] as const;

type NumberKey = (typeof numberFields)[number][0];
/** The form holds the numbers as typed. */
type SettingsValues = Omit<ReportSettings, NumberKey | 'mooringSpreads'> & Record<NumberKey, string>;

const rules = Object.fromEntries(
  numberFields.map(([key, label, max]) => [key, [required(label), integer('int32'), minimum(label, 1), maximum(label, max)]]),
) as FieldRules<SettingsValues>;

function valuesOf({ mooringSpreads: _spreads, ...saved }: ReportSettings): SettingsValues {
  const numbers = Object.fromEntries(numberFields.map(([key]) => [key, String(saved[key])])) as Record<NumberKey, string>;
  return { ...saved, ...numbers };
}

function SettingsForm({ saved }: { saved: ReportSettings }) {
  // An Admin with an owner list changes only their owners' mooring spreads (docs/security.md rule 22).
  const restricted = !useSignedInUser().allOwners;
  const { form, onSave, showServerErrors } = useValidatedForm<SettingsValues>({ initialValues: valuesOf(saved), rules });
  const [spreads, setSpreads] = useState(spreadsToText(saved.mooringSpreads));
  const parsed = textToSpreads(spreads);
  const save = useEndpointMutation(reportEndpoints.saveSettings, { meta: { toastErrors: false } });
  const submit = onSave((values) => {
    if (parsed.error) return;
    const numbers = Object.fromEntries(numberFields.map(([key]) => [key, parseNumber(values[key])])) as Record<NumberKey, number>;
    save.mutate(
      { body: { ...values, ...numbers, mooringSpreads: parsed.spreads } },
      {
        onSuccess: () => showSuccessToast(reportMessages.settingsSaved),
        onError: (error) => {
          if (!showServerErrors(error)) showErrorToast(error);
        },
      },
    );
  });

  return (
    <Paper component="form" withBorder radius="sm" p="md" aria-label="Report settings" onSubmit={submit}>
      <Stack gap="md">
        {restricted && <Text c="dimmed">{reportMessages.settingsNeedAllOwners}; you change the mooring spreads of your owners.</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {numberFields.map(([key, label]) => (
            <TextInput key={key} label={label} inputMode="numeric" disabled={restricted} {...form.getInputProps(key)} />
          ))}
          {textFields.map(([key, label]) => (
            <TextInput key={key} label={label} disabled={restricted} {...form.getInputProps(key)} />
          ))}
        </SimpleGrid>
        <Textarea
          label="Mooring spreads"
          description="One leg a line: rig; owner id; leg name; stamped ids from the anchor up to the top chain"
          autosize
          minRows={4}
          maxRows={14}
          value={spreads}
          onChange={(event) => setSpreads(event.currentTarget.value)}
          error={parsed.error}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={Boolean(parsed.error)}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
