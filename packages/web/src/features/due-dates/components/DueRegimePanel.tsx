import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DUE_MONTHS_MAX, type DueRegimeBody, dueDateEndpoints, dueMessages } from '@portal/contract';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { integer, maximum, minimum, parseNumber, useValidatedForm } from '../../../lib/forms/index.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useSetSubTypeRegime, useSetTypeRegime } from '../api.ts';

type Months = { inspectionMonths: number | null; renewalMonths: number | null };

/**
 * A certificate type's inspection regime (Admin, on /Admin/Owners/{owner}/{type}): the type's
 * intervals and each sub-type's override. Empty means no clock (type) or the type's (sub-type).
 */
export function DueRegimePanel({ typeId }: { typeId: number }) {
  const regime = useEndpoint(dueDateEndpoints.regime, { params: { id: typeId } });
  const setType = useSetTypeRegime();
  const setSubType = useSetSubTypeRegime();
  if (!regime.data) return null;
  const { certificateType, subTypes } = regime.data;
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label="Inspection regime">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            Inspection regime
          </Title>
          <Text size="xs" c="dimmed">
            Months from the last inspection (or renewal) and from the last renewal to the next due date. Empty: no such clock.
          </Text>
        </div>
        <MonthsRow
          key={`type-${certificateType.inspectionMonths}-${certificateType.renewalMonths}`}
          formName={`regime-type-${typeId}`}
          name={certificateType.name}
          initial={certificateType}
          saving={setType.isPending}
          onSave={(body) => setType.mutateAsync({ params: { id: typeId }, body })}
        />
        {subTypes.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label="Sub-type overrides" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sub-type override (empty: the type's)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {subTypes.map((subType) => (
                  <Table.Tr key={subType.id}>
                    <Table.Td>
                      <MonthsRow
                        key={`${subType.id}-${subType.inspectionMonths}-${subType.renewalMonths}`}
                        formName={`regime-sub-type-${subType.id}`}
                        name={subType.name}
                        initial={subType}
                        placeholder={certificateType}
                        saving={setSubType.isPending}
                        onSave={(body) => setSubType.mutateAsync({ params: { id: subType.id }, body })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** The months as typed; blank is no clock (or the type's, for a sub-type). */
type MonthsText = { inspectionMonths: string; renewalMonths: string };
const monthsText = (value: number | null) => (value === null ? '' : String(value));

/** Whole months from 1 to DUE_MONTHS_MAX: 'Must be integer' for '2,5' or 'abc' (spec section 5), the range after. */
const monthsRules = (field: string) => [
  integer('int32'),
  minimum(field, 1, { message: dueMessages.months(field) }),
  maximum(field, DUE_MONTHS_MAX, { message: dueMessages.months(field) }),
];
const rules = { inspectionMonths: monthsRules('Inspection interval'), renewalMonths: monthsRules('Renewal interval') };

function MonthsRow({
  formName,
  name,
  initial,
  placeholder,
  saving,
  onSave,
}: {
  /** Unique on the page: each row is its own form with the same field names. */
  formName: string;
  name: string;
  initial: Months;
  placeholder?: Months;
  saving: boolean;
  onSave: (body: DueRegimeBody) => Promise<unknown>;
}) {
  const {
    form,
    onSave: submit,
    applyServerErrors,
  } = useValidatedForm<MonthsText>({
    initialValues: { inspectionMonths: monthsText(initial.inspectionMonths), renewalMonths: monthsText(initial.renewalMonths) },
    rules,
    name: formName,
  });
  const save = submit(async (values) => {
    try {
      await onSave({ inspectionMonths: parseNumber(values.inspectionMonths), renewalMonths: parseNumber(values.renewalMonths) });
      showSuccessToast(`The regime of '${name}' was saved`);
    } catch (error) {
      if (isApiError(error) && error.hasFieldErrors) applyServerErrors(error);
      else showErrorToast(error, 'The regime could not be saved');
    }
  });
  const hint = (months: number | null | undefined) => (months ? `${months} (type)` : 'none');
  return (
    <form onSubmit={save} aria-label={`Regime of ${name}`}>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <Text fw={600} size="sm" miw={140} mt={30}>
          {name}
        </Text>
        <TextInput
          label="Inspection, months"
          aria-label={`Inspection interval of ${name}, months`}
          inputMode="numeric"
          w={150}
          placeholder={placeholder ? hint(placeholder.inspectionMonths) : 'none'}
          {...form.getInputProps('inspectionMonths')}
        />
        <TextInput
          label="Renewal, months"
          aria-label={`Renewal interval of ${name}, months`}
          inputMode="numeric"
          w={150}
          placeholder={placeholder ? hint(placeholder.renewalMonths) : 'none'}
          {...form.getInputProps('renewalMonths')}
        />
        <Button type="submit" variant="default" loading={saving} aria-label={`Save the regime of ${name}`} mt={25}>
          Save
        </Button>
      </Group>
    </form>
  );
}
