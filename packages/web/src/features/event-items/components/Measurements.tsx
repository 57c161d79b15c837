import { Badge, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { DerivedResult, Evaluation, ItemTemplate, TypeStatus, Verdict } from '@portal/contract';
import type { DraftValues } from '../verdictDraft.ts';

const MEANING_COLOR = { fit: 'green', monitor: 'yellow', condemned: 'red' } as const;

const shown = (value: DerivedResult) =>
  value.value === null ? '–' : `${Math.round(value.value * 100) / 100}${value.unit ? ` ${value.unit}` : ''}`;

/**
 * The template's fields in the item dialog (issue 28 part 4), with the derived values and the proposed
 * verdict as the inspector types; one column on a phone. Numbers take a comma or a dot.
 */
export function MeasurementFields({
  judging,
  values,
  errors,
  readOnly,
  onChange,
}: {
  judging: ItemTemplate;
  values: DraftValues;
  errors: DraftValues;
  readOnly: boolean;
  onChange: (key: string, text: string) => void;
}) {
  const template = judging.template;
  if (!template) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
      {template.fields.map((field) => {
        const common = {
          label: field.unit ? `${field.label} (${field.unit})` : field.label,
          disabled: readOnly,
          error: errors[field.key],
          value: values[field.key] ?? '',
        };
        if (field.kind === 'choice' || field.kind === 'yesNo') {
          const data =
            field.kind === 'yesNo'
              ? [
                  { value: 'yes', label: 'Yes' },
                  { value: 'no', label: 'No' },
                ]
              : field.choices;
          return (
            <NativeSelect
              {...common}
              data={[{ value: '', label: '—' }, ...data]}
              onChange={(e) => onChange(field.key, e.currentTarget.value)}
            />
          );
        }
        return (
          <TextInput
            key={field.key}
            {...common}
            inputMode={field.kind === 'text' ? undefined : 'decimal'}
            autoComplete="off"
            onChange={(e) => onChange(field.key, e.currentTarget.value)}
          />
        );
      })}
    </SimpleGrid>
  );
}

/** The derived values, the proposed status and why; the version the record was judged by. */
export function ProposedVerdict({
  evaluation,
  proposal,
  statuses,
  judging,
  verdict,
}: {
  evaluation: Evaluation | null;
  proposal: number | null;
  statuses: TypeStatus[];
  judging: ItemTemplate;
  verdict: Verdict;
}) {
  const template = judging.template;
  if (!template) return null;
  const status = statuses.find((s) => s.id === proposal);
  const version = verdict.criteriaVersion;
  return (
    <Stack gap={4} aria-label="Proposed verdict" role="group">
      {evaluation && evaluation.derived.length > 0 && (
        <Group gap="md">
          {evaluation.derived.map((value) => (
            <Text size="sm" key={value.key}>
              {value.label}: <b>{shown(value)}</b>
            </Text>
          ))}
        </Group>
      )}
      <Group gap="xs">
        <Text size="sm">Proposed:</Text>
        {status && evaluation?.meaning ? (
          <Badge color={MEANING_COLOR[evaluation.meaning]} variant="light" data-testid="proposed-status">
            {status.name}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed" data-testid="proposed-status">
            {evaluation === null ? 'Nothing measured yet' : evaluation.meaning ? 'No status of this meaning' : 'Not judged yet'}
          </Text>
        )}
      </Group>
      {evaluation?.fired.map((rule) => (
        <Text size="xs" c="dimmed" key={rule.index}>
          {rule.text}
        </Text>
      ))}
      {evaluation?.reason && (
        <Text size="xs" c="orange.9">
          {evaluation.reason}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Criteria version {template.version}
        {version && !version.current ? ' (this record keeps the version it was judged by)' : ''}
      </Text>
    </Stack>
  );
}

/** The reason for a status other than the proposed one; `held` says the status waits for it. */
export function VerdictReason({
  value,
  held,
  readOnly,
  onChange,
}: {
  value: string;
  held: string | null;
  readOnly: boolean;
  onChange: (text: string) => void;
}) {
  return (
    <Textarea
      label="Reason for a status other than the proposed"
      autosize
      minRows={2}
      maxLength={1000}
      readOnly={readOnly}
      value={value}
      error={held}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
