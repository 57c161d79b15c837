import { ActionIcon, Button, Group, MultiSelect, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { COMPARISONS, CRITERION_MEANINGS, type CriterionMeaning, statusMeaningLabels } from '@portal/contract';
import { IconTrash } from '@tabler/icons-react';
import { type CriterionDraft, type CriterionOp, emptyCriterion, opsFor, subjects } from '../draft.ts';
import type { TemplateEditorProps } from './TemplateEditor.tsx';

const opLabels: Record<CriterionOp, string> = { '>=': '≥', '>': '>', '<=': '≤', '<': '<', is: 'is', in: 'is one of' };

/** A template's criteria as rows: subject, test, limit or values, and the meaning it leads to. */
export function CriteriaSection({ draft, errors, onChange, name }: TemplateEditorProps) {
  const setCriterion = (i: number, change: Partial<CriterionDraft>) =>
    onChange({ ...draft, criteria: draft.criteria.map((rule, j) => (j === i ? { ...rule, ...change } : rule)) });
  const pickable = subjects(draft);
  const error = (path: string) => errors[path];

  return (
    <section aria-label={`Criteria of ${name}`}>
      <Title order={3} size="h5">
        Criteria
      </Title>
      <Text size="xs" c="dimmed" mb={4}>
        Each leads to a meaning; the worst that applies is proposed, none applying proposes fit. Defaults are not the law: check them
        against the standard and the owner's procedures.
      </Text>
      <Stack gap={6}>
        {draft.criteria.map((rule, i) => {
          const subject = pickable.find((s) => s.value === rule.subject);
          const ops = opsFor(subject?.kind);
          const choices = draft.fields.find((field) => field.key === rule.subject)?.choices ?? [];
          return (
            <Group key={rule.row} gap="xs" align="flex-start" wrap="wrap">
              <NativeSelect
                aria-label={`Criterion ${i + 1} subject`}
                w={200}
                value={rule.subject}
                data={[{ value: '', label: 'Choose…' }, ...pickable.map(({ value, label }) => ({ value, label }))]}
                error={error(`criteria.${i}.subject`)}
                onChange={(event) => {
                  const next = pickable.find((s) => s.value === event.currentTarget.value);
                  const op = opsFor(next?.kind).includes(rule.op) ? rule.op : opsFor(next?.kind)[0];
                  setCriterion(i, { subject: event.currentTarget.value, op, values: [] });
                }}
              />
              <NativeSelect
                aria-label={`Criterion ${i + 1} test`}
                w={110}
                value={rule.op}
                data={[...new Set([...ops, rule.op])].map((op) => ({ value: op, label: opLabels[op] }))}
                error={error(`criteria.${i}.op`)}
                onChange={(event) => setCriterion(i, { op: event.currentTarget.value as CriterionOp })}
              />
              {(COMPARISONS as readonly string[]).includes(rule.op) && (
                <TextInput
                  aria-label={`Criterion ${i + 1} limit`}
                  placeholder="limit"
                  inputMode="decimal"
                  w={100}
                  value={rule.limit}
                  error={error(`criteria.${i}.limit`)}
                  onChange={(event) => setCriterion(i, { limit: event.currentTarget.value })}
                />
              )}
              {rule.op === 'is' && (
                <NativeSelect
                  aria-label={`Criterion ${i + 1} value`}
                  w={90}
                  value={rule.value ? 'yes' : 'no'}
                  data={['yes', 'no']}
                  onChange={(event) => setCriterion(i, { value: event.currentTarget.value === 'yes' })}
                />
              )}
              {rule.op === 'in' && (
                <MultiSelect
                  aria-label={`Criterion ${i + 1} choices`}
                  miw={200}
                  value={rule.values}
                  data={[...new Set([...choices, ...rule.values])]}
                  error={error(`criteria.${i}.values`)}
                  onChange={(values) => setCriterion(i, { values })}
                />
              )}
              <Text mt={6} size="sm">
                →
              </Text>
              <NativeSelect
                aria-label={`Criterion ${i + 1} meaning`}
                w={150}
                value={rule.meaning}
                data={CRITERION_MEANINGS.map((meaning) => ({ value: meaning, label: statusMeaningLabels[meaning] }))}
                onChange={(event) => setCriterion(i, { meaning: event.currentTarget.value as CriterionMeaning })}
              />
              <ActionIcon
                mt={4}
                variant="subtle"
                color="red"
                aria-label={`Remove criterion ${i + 1}`}
                onClick={() => onChange({ ...draft, criteria: draft.criteria.filter((_, j) => j !== i) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
      </Stack>
      <Button
        mt={6}
        size="xs"
        variant="default"
        onClick={() =>
          onChange({
            ...draft,
            criteria: [...draft.criteria, { ...emptyCriterion(pickable[0]?.value ?? ''), op: opsFor(pickable[0]?.kind)[0] }],
          })
        }
      >
        Add criterion
      </Button>
    </section>
  );
}
