import { Button, Group, TextInput } from '@mantine/core';
import type { EventSeriesBody } from '@portal/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type SeriesValues, seriesErrors } from '../../../lib/series.ts';

const empty: SeriesValues = { numberFrom: '', numberTo: '', prefix: '', postFix: '' };

/**
 * Add a series: prefix + each number from..to (zero-padded like the first) + postfix; unknown ids become
 * new unlinked items, after the person confirms how many are new (onAdd).
 */
export function AddSeries({
  adding,
  status,
  onAdd,
}: {
  adding: boolean;
  /** The "Status" select (AddStatusSelect): what the items get. */
  status: ReactNode;
  onAdd: (body: Omit<EventSeriesBody, 'statusId'>) => Promise<boolean>;
}) {
  const [fields, setFields] = useState<SeriesValues>(empty);
  const [shown, setShown] = useState(false);
  const errors = shown ? seriesErrors(fields) : {};
  const set = (key: keyof SeriesValues) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [key]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (Object.keys(seriesErrors(fields)).length > 0) return;
    // Kept when the person did not confirm the dry run's counts, or the add failed.
    if (!(await onAdd(fields))) return;
    setFields(empty);
    setShown(false);
  };

  return (
    <form onSubmit={submit} aria-label="Add a series" noValidate>
      <Group align="flex-start" gap="xs">
        <TextInput label="Prefix" value={fields.prefix} onChange={set('prefix')} w={130} maxLength={50} error={errors.prefix} />
        <TextInput
          label="Number from"
          value={fields.numberFrom}
          onChange={set('numberFrom')}
          w={130}
          inputMode="numeric"
          error={errors.numberFrom}
        />
        <TextInput
          label="Number to"
          value={fields.numberTo}
          onChange={set('numberTo')}
          w={130}
          inputMode="numeric"
          error={errors.numberTo}
        />
        <TextInput label="Postfix" value={fields.postFix} onChange={set('postFix')} w={130} maxLength={50} error={errors.postFix} />
        {status}
        <Button type="submit" loading={adding} mt={25}>
          Add series
        </Button>
      </Group>
    </form>
  );
}
