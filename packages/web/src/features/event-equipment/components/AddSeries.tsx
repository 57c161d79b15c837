import { Button, Group, TextInput } from '@mantine/core';
import { type EventSeriesBody, seriesBody } from '@portal/contract';
import { type FormEvent, useState } from 'react';

type Fields = { numberFrom: string; numberTo: string; prefix: string; postFix: string };
const empty: Fields = { numberFrom: '', numberTo: '', prefix: '', postFix: '' };

/** Errors by field from the series rules of section 5 (the contract's schema, so the messages are the server's). */
function check(fields: Fields): Partial<Record<keyof Fields, string>> {
  const result = seriesBody.safeParse(fields);
  if (result.success) return {};
  const errors: Partial<Record<keyof Fields, string>> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof Fields;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Add a series: prefix + each number from..to (zero-padded like the first) + postfix; unknown ids become new unlinked items. */
export function AddSeries({ adding, onAdd }: { adding: boolean; onAdd: (body: Omit<EventSeriesBody, 'statusId'>) => Promise<unknown> }) {
  const [fields, setFields] = useState<Fields>(empty);
  const [shown, setShown] = useState(false);
  const errors = shown ? check(fields) : {};
  const set = (key: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [key]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (Object.keys(check(fields)).length > 0) return;
    await onAdd(fields);
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
        <Button type="submit" loading={adding} mt={25}>
          Add series
        </Button>
      </Group>
    </form>
  );
}
