import { Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { AUTOCOMPLETE_DEBOUNCE_MS, type CertificateLookupItem, STAMPED_ID_SEARCH_MIN_LENGTH, searchEndpoints } from '@portal/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useEndpoint } from '../lib/api/endpointQuery.ts';

interface CertificatePickerProps {
  value: CertificateLookupItem | null;
  onChange: (certificate: CertificateLookupItem | null) => void;
  /** The accessible name ('Certificate for KL-0001'); a visible label is given by `label`. */
  'aria-label'?: string;
  label?: string;
  /** The field a dialog focuses as it opens (Mantine's focus trap), instead of its close button. */
  'data-autofocus'?: boolean;
  size?: 'xs' | 'sm';
  error?: string;
}

const describe = (certificate: CertificateLookupItem) =>
  `${certificate.owner.shortCode} · ${certificate.type} / ${certificate.subType} / ${certificate.dimension}`;

/**
 * The certificate autocomplete: type a part of the number (2+ characters); the server searches
 * (GET /Certificates/type, 300 ms after typing stops) within the user's owners.
 */
export function CertificatePicker({ value, onChange, label, size = 'sm', error, ...props }: CertificatePickerProps) {
  const [search, setSearch] = useState(value?.certificateNumber ?? '');
  const [term] = useDebouncedValue(search.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const enabled = term.length >= STAMPED_ID_SEARCH_MIN_LENGTH && term !== value?.certificateNumber;
  const found = useEndpoint(
    searchEndpoints.certificateAutocomplete,
    { query: { search: term } },
    { enabled, placeholderData: keepPreviousData },
  );

  const certificates = [...(value ? [value] : []), ...(enabled ? (found.data ?? []).filter((c) => c.id !== value?.id) : [])];
  const byId = new Map(certificates.map((certificate) => [String(certificate.id), certificate]));
  const nothingFound =
    search.trim().length < STAMPED_ID_SEARCH_MIN_LENGTH
      ? 'Type 2 or more characters of the number'
      : found.isFetching || term !== search.trim()
        ? 'Searching...'
        : 'No certificate has that number';

  return (
    <Select
      {...props}
      label={label}
      size={size}
      error={error}
      placeholder="Certificate number"
      searchable
      clearable
      data={certificates.map((certificate) => ({ value: String(certificate.id), label: certificate.certificateNumber }))}
      // The server has filtered already: show its answer as it is.
      filter={({ options }) => options}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => onChange(id ? (byId.get(id) ?? null) : null)}
      nothingFoundMessage={nothingFound}
      comboboxProps={{ withinPortal: true, width: 320, position: 'bottom-start' }}
      renderOption={({ option }) => {
        const certificate = byId.get(option.value);
        return (
          <div>
            <Text size="sm" fw={500}>
              {option.label}
            </Text>
            {certificate && (
              <Group gap={4}>
                <Text size="xs" c="dimmed">
                  {describe(certificate)}
                </Text>
              </Group>
            )}
          </div>
        );
      }}
    />
  );
}
