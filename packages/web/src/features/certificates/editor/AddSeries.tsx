import { Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { certificateEditorEndpoints, plural } from '@portal/contract';
import { IconListNumbers } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchEndpoint } from '../../../lib/api/endpointQuery.ts';
import { showErrorToast } from '../../../lib/notify.tsx';
import { type SeriesErrors, type SeriesValues, seriesBodyOf, seriesErrors, seriesPreview } from '../../../lib/series.ts';
import { AddOutcome } from './AddOutcome.tsx';
import { type AddPlan, planAdd } from './draft.ts';
import type { DraftStore } from './store.ts';

const blank: SeriesValues = { numberFrom: '', numberTo: '', prefix: '', postFix: '' };

/**
 * A series (spec section 5): numbers from and to, digits only, with a prefix and a postfix around each.
 * Checked here with the spec's messages, then POST /Equipment answers each stamped id with its
 * availability; the free ones not yet listed are added.
 */
export function AddSeries({ store }: { store: DraftStore }) {
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<SeriesErrors>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<AddPlan | null>(null);
  const preview = seriesPreview(values);

  const change = (field: keyof SeriesValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (tried) setErrors(seriesErrors(next));
  };

  const submit = async () => {
    setTried(true);
    const found = seriesErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setOutcome(null);
    try {
      const { items } = await fetchEndpoint(certificateEditorEndpoints.series, { body: seriesBodyOf(values) });
      const plan = planAdd(store.get().rows, items);
      store.dispatch({ type: 'add', items: plan.add });
      setOutcome(plan);
    } catch (error) {
      // Spec section 8: the server's message as a toast.
      showErrorToast(error, 'The series could not be added');
    } finally {
      setBusy(false);
    }
  };

  // Enter in a series field adds the series instead of saving the certificate.
  const onEnter = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void submit();
  };

  return (
    <div>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          onKeyDown={onEnter}
          label="Prefix"
          placeholder="NSD-KL-"
          value={values.prefix}
          onChange={change('prefix')}
          error={errors.prefix}
          maxLength={50}
        />
        <TextInput
          onKeyDown={onEnter}
          label="Number from"
          inputMode="numeric"
          value={values.numberFrom}
          onChange={change('numberFrom')}
          error={errors.numberFrom}
          withAsterisk
        />
        <TextInput
          onKeyDown={onEnter}
          label="Number to"
          inputMode="numeric"
          value={values.numberTo}
          onChange={change('numberTo')}
          error={errors.numberTo}
          withAsterisk
        />
        <TextInput
          onKeyDown={onEnter}
          label="Postfix"
          value={values.postFix}
          onChange={change('postFix')}
          error={errors.postFix}
          maxLength={50}
        />
      </SimpleGrid>
      <Group mt="sm" gap="sm">
        <Button leftSection={<IconListNumbers size={16} aria-hidden />} onClick={submit} loading={busy}>
          Add series
        </Button>
        {preview && (
          <Text size="sm" c="dimmed">
            {preview.first} to {preview.last}, {plural(preview.count, 'item')}
          </Text>
        )}
      </Group>
      {outcome && <AddOutcome plan={outcome} />}
    </div>
  );
}
