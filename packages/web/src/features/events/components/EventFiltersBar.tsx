import { Button, Group } from '@mantine/core';
import { eventEndpoints } from '@portal/contract';
import { IconFilterOff } from '@tabler/icons-react';
import { AfterFirstRowsSelect } from '../../../components/AfterFirstRowsSelect.tsx';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { type EventListFilters, hasActiveFilter, NO_FILTERS } from '../eventListFilters.ts';

interface EventFiltersBarProps {
  filters: EventListFilters;
  onChange: (filters: EventListFilters) => void;
}

const toOptions = (list: { id: string | number; name: string }[] | undefined) =>
  (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));

/** User, event type and rig filters above the events table (selects that mount after the first rows). */
export function EventFiltersBar({ filters, onChange }: EventFiltersBarProps) {
  // Users, event types and rigs to filter by (GET /Events/getFilters); they change seldom.
  const options = useEndpoint(eventEndpoints.filters, undefined, { staleTime: 5 * 60_000 });
  const loading = options.isPending;
  const common = {
    searchable: true,
    clearable: true,
    nothingFoundMessage: 'Nothing found',
    disabled: loading,
    w: { base: '100%', sm: 220 },
    comboboxProps: { withinPortal: true },
  } as const;

  return (
    <Group gap="sm" align="flex-end" mb="md" role="group" aria-label="Filters">
      <AfterFirstRowsSelect
        {...common}
        label="User"
        placeholder={loading ? 'Loading...' : 'All users'}
        data={toOptions(options.data?.users)}
        value={filters.user}
        onChange={(user) => onChange({ ...filters, user })}
      />
      <AfterFirstRowsSelect
        {...common}
        label="Event type"
        placeholder={loading ? 'Loading...' : 'All event types'}
        data={toOptions(options.data?.types)}
        value={filters.eventType}
        onChange={(eventType) => onChange({ ...filters, eventType })}
      />
      <AfterFirstRowsSelect
        {...common}
        label="Rig"
        placeholder={loading ? 'Loading...' : 'All rigs'}
        data={toOptions(options.data?.rigs)}
        value={filters.rig}
        onChange={(rig) => onChange({ ...filters, rig })}
      />
      {hasActiveFilter(filters) && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
