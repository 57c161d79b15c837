import { ActionIcon, Button, Checkbox, Group, MultiSelect, NativeSelect, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { DERIVED_KINDS, type DerivedKind, MEASUREMENT_KINDS, type MeasurementKind } from '@portal/contract';
import { IconTrash } from '@tabler/icons-react';
import { type DerivedDraft, type DraftErrors, emptyDerived, emptyField, type FieldDraft, type TemplateDraft } from '../draft.ts';
import { CriteriaSection } from './CriteriaSection.tsx';

const kindLabels: Record<MeasurementKind, string> = {
  number: 'Number with unit',
  count: 'Count',
  choice: 'Choice',
  yesNo: 'Yes/no',
  text: 'Text',
};
const derivedLabels: Record<DerivedKind, string> = {
  lossPercentOfNominal: '% loss against the nominal size',
  smallestOf: 'Smallest of',
};

export interface TemplateEditorProps {
  draft: TemplateDraft;
  errors: DraftErrors;
  onChange: (draft: TemplateDraft) => void;
  /** The type or sub-type, for the inputs' accessible names. */
  name: string;
}

/**
 * The fields, derived values and criteria of one template, as rows. The draft lives in the panel;
 * `errors` are keyed by the contract's paths ('fields.1.key') and shown under the input at fault.
 */
export function TemplateEditor({ draft, errors, onChange, name }: TemplateEditorProps) {
  const setField = (i: number, change: Partial<FieldDraft>) =>
    onChange({ ...draft, fields: draft.fields.map((field, j) => (j === i ? { ...field, ...change } : field)) });
  const setDerived = (i: number, change: Partial<DerivedDraft>) =>
    onChange({ ...draft, derived: draft.derived.map((value, j) => (j === i ? { ...value, ...change } : value)) });
  const numberKeys = draft.fields.filter((field) => field.key && (field.kind === 'number' || field.kind === 'count'));
  const error = (path: string) => errors[path];

  return (
    <Stack gap="md">
      <section aria-label={`Fields of ${name}`}>
        <Title order={3} size="h5">
          Fields
        </Title>
        <Text size="xs" c="dimmed" mb={4}>
          What the inspector records. A key is fixed once records use it: change the label instead.
        </Text>
        {error('fields') && (
          <Text c="red" size="sm">
            {error('fields')}
          </Text>
        )}
        <Stack gap={6}>
          {draft.fields.map((field, i) => (
            <Group key={field.row} gap="xs" align="flex-start" wrap="wrap">
              <TextInput
                aria-label={`Field ${i + 1} key`}
                placeholder="key"
                w={150}
                value={field.key}
                error={error(`fields.${i}.key`)}
                onChange={(event) => setField(i, { key: event.currentTarget.value })}
              />
              <TextInput
                aria-label={`Field ${i + 1} label`}
                placeholder="Label"
                w={180}
                value={field.label}
                error={error(`fields.${i}.label`)}
                onChange={(event) => setField(i, { label: event.currentTarget.value })}
              />
              <NativeSelect
                aria-label={`Field ${i + 1} kind`}
                w={180}
                value={field.kind}
                data={MEASUREMENT_KINDS.map((kind) => ({ value: kind, label: kindLabels[kind] }))}
                error={error(`fields.${i}.kind`)}
                onChange={(event) => setField(i, { kind: event.currentTarget.value as MeasurementKind })}
              />
              {field.kind === 'number' && (
                <TextInput
                  aria-label={`Field ${i + 1} unit`}
                  placeholder="unit"
                  w={80}
                  value={field.unit}
                  error={error(`fields.${i}.unit`)}
                  onChange={(event) => setField(i, { unit: event.currentTarget.value })}
                />
              )}
              {field.kind === 'choice' && (
                <TagsInput
                  aria-label={`Field ${i + 1} choices`}
                  placeholder="Choices, best first (Enter after each)"
                  miw={260}
                  value={field.choices}
                  error={error(`fields.${i}.choices`)}
                  onChange={(choices) => setField(i, { choices })}
                />
              )}
              <Checkbox
                mt={8}
                label="Required"
                checked={field.required}
                onChange={(event) => setField(i, { required: event.currentTarget.checked })}
              />
              <ActionIcon
                mt={4}
                variant="subtle"
                color="red"
                aria-label={`Remove field ${i + 1}`}
                onClick={() => onChange({ ...draft, fields: draft.fields.filter((_, j) => j !== i) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <Button mt={6} size="xs" variant="default" onClick={() => onChange({ ...draft, fields: [...draft.fields, emptyField()] })}>
          Add field
        </Button>
      </section>

      <section aria-label={`Derived values of ${name}`}>
        <Title order={3} size="h5">
          Derived values
        </Title>
        <Text size="xs" c="dimmed" mb={4}>
          Computed from number fields, e.g. the % diameter loss of the smaller grip diameter against the item's nominal size.
        </Text>
        <Stack gap={6}>
          {draft.derived.map((value, i) => (
            <Group key={value.row} gap="xs" align="flex-start" wrap="wrap">
              <TextInput
                aria-label={`Derived value ${i + 1} key`}
                placeholder="key"
                w={150}
                value={value.key}
                error={error(`derived.${i}.key`)}
                onChange={(event) => setDerived(i, { key: event.currentTarget.value })}
              />
              <TextInput
                aria-label={`Derived value ${i + 1} label`}
                placeholder="Label"
                w={180}
                value={value.label}
                error={error(`derived.${i}.label`)}
                onChange={(event) => setDerived(i, { label: event.currentTarget.value })}
              />
              <NativeSelect
                aria-label={`Derived value ${i + 1} kind`}
                w={280}
                value={value.kind}
                data={DERIVED_KINDS.map((kind) => ({ value: kind, label: derivedLabels[kind] }))}
                onChange={(event) => setDerived(i, { kind: event.currentTarget.value as DerivedKind })}
              />
              <MultiSelect
                aria-label={`Derived value ${i + 1} from`}
                placeholder="of the fields"
                miw={220}
                value={value.of}
                data={[...new Set([...numberKeys.map((field) => field.key), ...value.of])].map((key) => ({
                  value: key,
                  label: draft.fields.find((field) => field.key === key)?.label || key,
                }))}
                error={error(`derived.${i}.of`) ?? Object.entries(errors).find(([path]) => path.startsWith(`derived.${i}.of.`))?.[1]}
                onChange={(of) => setDerived(i, { of })}
              />
              <ActionIcon
                mt={4}
                variant="subtle"
                color="red"
                aria-label={`Remove derived value ${i + 1}`}
                onClick={() => onChange({ ...draft, derived: draft.derived.filter((_, j) => j !== i) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <Button mt={6} size="xs" variant="default" onClick={() => onChange({ ...draft, derived: [...draft.derived, emptyDerived()] })}>
          Add derived value
        </Button>
      </section>

      <CriteriaSection draft={draft} errors={errors} onChange={onChange} name={name} />
    </Stack>
  );
}
