import { Paper, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CERTIFICATE_NUMBER_MAX, CERTIFICATE_OTHER_INFORMATION_MAX, labelColors, ownerEndpoints } from '@portal/contract';
import { colorOptions } from '../../../components/colorNames.ts';
import { DateField } from '../../../components/DateField.tsx';
import { lengthLimit } from '../../../components/lengthLimit.ts';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { chooseCatalogue, type FieldValues, fieldLabels } from './fields.ts';

const byName = (list: { id: number; name: string }[] | undefined) =>
  (list ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/**
 * Owner, type, sub-type and dimension as dependent selects from the owners' catalogue (each lists the
 * children of the one above, and changing one clears those under it), then the certificate's own
 * fields. Labels above fields, two columns from 1024 px (UI.md).
 */
export function CertificateFields({ form }: { form: UseFormReturnType<FieldValues> }) {
  const { ownerId, typeId, subTypeId } = form.getValues();
  const owners = useEndpoint(ownerEndpoints.userOwners);
  const owner = Number(ownerId);
  const type = Number(typeId);
  const subType = Number(subTypeId);
  const types = useEndpoint(ownerEndpoints.types, { params: { id: owner } }, { enabled: owner > 0 });
  const subTypes = useEndpoint(ownerEndpoints.subTypes, { params: { id: owner, t: type } }, { enabled: owner > 0 && type > 0 });
  const dimensions = useEndpoint(
    ownerEndpoints.dimensions,
    { params: { id: owner, t: type, s: subType } },
    { enabled: type > 0 && subType > 0 },
  );

  const catalogueSelect = (
    level: 'ownerId' | 'typeId' | 'subTypeId' | 'dimensionId',
    data: { value: string; label: string }[],
    parent: string | null,
    loading: boolean,
  ) => {
    const props = form.getInputProps(level);
    return (
      <Select
        {...props}
        label={fieldLabels[level]}
        withAsterisk
        data={data}
        searchable
        allowDeselect={false}
        disabled={parent === null}
        placeholder={
          parent === null
            ? `Choose the ${level === 'typeId' ? 'owner' : level === 'subTypeId' ? 'type' : 'sub-type'} first`
            : loading
              ? 'Loading...'
              : 'Choose'
        }
        nothingFoundMessage="Nothing by that name"
        onChange={(value) => {
          if (value === form.getValues()[level]) return;
          form.setValues(chooseCatalogue(level, value));
        }}
      />
    );
  };

  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-label="Certificate data">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
          {catalogueSelect(
            'ownerId',
            (owners.data ?? []).map((o) => ({ value: String(o.id), label: o.shortCode ? `${o.name} (${o.shortCode})` : o.name })),
            '',
            owners.isPending,
          )}
          {catalogueSelect('typeId', byName(types.data), ownerId, types.isFetching)}
          {catalogueSelect('subTypeId', byName(subTypes.data), typeId, subTypes.isFetching)}
          {catalogueSelect('dimensionId', byName(dimensions.data), subTypeId, dimensions.isFetching)}
          <TextInput
            label={fieldLabels.certificateNumber}
            withAsterisk
            maxLength={CERTIFICATE_NUMBER_MAX}
            autoComplete="off"
            {...form.getInputProps('certificateNumber')}
          />
          <TextInput label={fieldLabels.manufacturer} {...form.getInputProps('manufacturer')} />
          <TextInput label={fieldLabels.quality} placeholder="R4, R5, ..." {...form.getInputProps('quality')} />
          <TextInput label={fieldLabels.certifiedToCode} placeholder="DNV-OS-E302" {...form.getInputProps('certifiedToCode')} />
          <DateField label={fieldLabels.dateSigned} {...form.getInputProps('dateSigned')} />
          <TextInput label={fieldLabels.certificateIssuedBy} {...form.getInputProps('certificateIssuedBy')} />
          <Select label={fieldLabels.color} data={colorOptions(labelColors)} allowDeselect={false} {...form.getInputProps('color')} />
        </SimpleGrid>
        <Textarea
          label={fieldLabels.otherInformation}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('otherInformation')}
          {...lengthLimit(form.getValues().otherInformation, CERTIFICATE_OTHER_INFORMATION_MAX)}
        />
      </Stack>
    </Paper>
  );
}
