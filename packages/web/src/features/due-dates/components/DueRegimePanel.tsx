import { Button, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { DUE_MONTHS_MAX, type DueRegimeBody, dueDateEndpoints } from '@portal/contract';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/ApiError.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.tsx';
import { useSetSubTypeRegime, useSetTypeRegime } from '../api.ts';

type Months = { inspectionMonths: number | null; renewalMonths: number | null };
const toMonths = (value: string | number) => (value === '' ? null : Number(value));

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

function MonthsRow({
  name,
  initial,
  placeholder,
  saving,
  onSave,
}: {
  name: string;
  initial: Months;
  placeholder?: Months;
  saving: boolean;
  onSave: (body: DueRegimeBody) => Promise<unknown>;
}) {
  const [values, setValues] = useState<Months>({ inspectionMonths: initial.inspectionMonths, renewalMonths: initial.renewalMonths });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    setErrors({});
    try {
      await onSave(values);
      showSuccessToast(`The regime of '${name}' was saved`);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0)
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([key, list]) => [key, list[0]])));
      else showErrorToast(error, 'The regime could not be saved');
    }
  };
  const hint = (months: number | null | undefined) => (months ? `${months} (type)` : 'none');
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Text fw={600} size="sm" miw={140} style={{ alignSelf: 'center' }}>
        {name}
      </Text>
      <NumberInput
        label="Inspection, months"
        aria-label={`Inspection interval of ${name}, months`}
        min={1}
        max={DUE_MONTHS_MAX}
        allowDecimal={false}
        w={150}
        placeholder={placeholder ? hint(placeholder.inspectionMonths) : 'none'}
        value={values.inspectionMonths ?? ''}
        onChange={(value) => setValues((v) => ({ ...v, inspectionMonths: toMonths(value) }))}
        error={errors.inspectionMonths}
      />
      <NumberInput
        label="Renewal, months"
        aria-label={`Renewal interval of ${name}, months`}
        min={1}
        max={DUE_MONTHS_MAX}
        allowDecimal={false}
        w={150}
        placeholder={placeholder ? hint(placeholder.renewalMonths) : 'none'}
        value={values.renewalMonths ?? ''}
        onChange={(value) => setValues((v) => ({ ...v, renewalMonths: toMonths(value) }))}
        error={errors.renewalMonths}
      />
      <Button variant="default" loading={saving} onClick={() => void save()} aria-label={`Save the regime of ${name}`}>
        Save
      </Button>
    </Group>
  );
}
