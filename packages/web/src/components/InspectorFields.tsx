import { SimpleGrid, TextInput } from '@mantine/core';
import { INSPECTOR_TEXT_MAX } from '@portal/contract';

/** One of the three inspector fields: its key in the caller's values, its label and the browser's autofill hint. */
export interface InspectorField<K extends string> {
  key: K;
  label: string;
  autoComplete: 'name' | 'off' | 'organization';
}

/**
 * The inspector's name, qualification and employer side by side (one column on a phone): the account
 * page's inspector profile and the sign-off dialog (issue 25, docs/sign-off.md). The server's field
 * messages show under their fields.
 */
export function InspectorFields<K extends string>({
  fields,
  values,
  errors,
  required = false,
  onChange,
}: {
  fields: InspectorField<K>[];
  values: Record<K, string>;
  errors: Partial<Record<string, string[]>>;
  required?: boolean;
  onChange: (key: K, value: string) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {fields.map((field) => (
        <TextInput
          key={field.key}
          label={field.label}
          required={required}
          maxLength={INSPECTOR_TEXT_MAX}
          autoComplete={field.autoComplete}
          value={values[field.key]}
          onChange={(event) => onChange(field.key, event.currentTarget.value)}
          error={errors[field.key]?.join(' ')}
        />
      ))}
    </SimpleGrid>
  );
}
