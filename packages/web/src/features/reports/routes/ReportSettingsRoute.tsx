import { Button, Group, MultiSelect, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { labelColors, type ReportSettings, reportEndpoints, reportMessages } from '@portal/contract';
import { useEffect, useState } from 'react';
import { FullPageLoader } from '../../../components/FullPageLoader.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PageBreadcrumbs } from '../../../components/PageBreadcrumbs.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useEndpoint, useEndpointMutation } from '../../../lib/api/endpointQuery.ts';
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
        <SettingsForm saved={settings.data} />
      )}
    </Stack>
  );
}

const numberFields = [
  ['heavyChainMinDimension', 'Heavy chain from dimension (mm)'],
  ['chain84Dimension', 'Chain 84 dimension (mm)'],
  ['activityDays', 'Activity period (days)'],
  ['renewalYears', 'Renewal interval (years)'],
] as const;
const textFields = [
  ['chainType', 'Chain type name'],
  ['kenterType', 'Kenter type name'],
  ['fibreRopeType', 'Fibre rope type name'],
  ['mpiEventType', 'MPI event type name'],
] as const;

function SettingsForm({ saved }: { saved: ReportSettings }) {
  // An Admin with an owner list changes only their owners' mooring spreads (docs/security.md rule 22).
  const restricted = !useSignedInUser().allOwners;
  const [draft, setDraft] = useState(saved);
  const [spreads, setSpreads] = useState(spreadsToText(saved.mooringSpreads));
  useEffect(() => {
    setDraft(saved);
    setSpreads(spreadsToText(saved.mooringSpreads));
  }, [saved]);
  const parsed = textToSpreads(spreads);
  const save = useEndpointMutation(reportEndpoints.saveSettings, { invalidates: ['Report'], meta: { toastErrors: false } });
  const set = <K extends keyof ReportSettings>(key: K, value: ReportSettings[K]) => setDraft((current) => ({ ...current, [key]: value }));

  return (
    <Paper
      component="form"
      withBorder
      radius="sm"
      p="md"
      aria-label="Report settings"
      onSubmit={(event) => {
        event.preventDefault();
        if (parsed.error) return;
        save.mutate(
          { body: { ...draft, mooringSpreads: parsed.spreads } },
          { onSuccess: () => showSuccessToast(reportMessages.settingsSaved), onError: (error) => showErrorToast(error) },
        );
      }}
    >
      <Stack gap="md">
        {restricted && <Text c="dimmed">{reportMessages.settingsNeedAllOwners}; you change the mooring spreads of your owners.</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MultiSelect
            label="Statuses counted red (colours)"
            data={[...labelColors]}
            value={draft.redColors}
            disabled={restricted}
            onChange={(value) => set('redColors', value as ReportSettings['redColors'])}
          />
          <MultiSelect
            label="Statuses counted yellow (colours)"
            data={[...labelColors]}
            value={draft.yellowColors}
            disabled={restricted}
            onChange={(value) => set('yellowColors', value as ReportSettings['yellowColors'])}
          />
          {numberFields.map(([key, label]) => (
            <NumberInput
              key={key}
              label={label}
              min={1}
              allowDecimal={false}
              value={draft[key]}
              disabled={restricted}
              onChange={(value) => set(key, Number(value) || 0)}
            />
          ))}
          {textFields.map(([key, label]) => (
            <TextInput
              key={key}
              label={label}
              value={draft[key]}
              disabled={restricted}
              onChange={(event) => set(key, event.currentTarget.value)}
            />
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
