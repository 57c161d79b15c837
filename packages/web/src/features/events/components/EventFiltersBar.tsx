import { Button, Group, Select, TextInput } from '@mantine/core';
import { eventEndpoints } from '@portal/contract';
import { IconFilterOff } from '@tabler/icons-react';
import { useEndpoint } from '../../../lib/api/endpointQuery.ts';
import { useAfterFirstRows } from '../../../lib/firstRows.ts';
import { type EventListFilters, hasActiveFilter, NO_FILTERS } from '../eventListFilters.ts';

interface EventFiltersBarProps {
  filters: EventListFilters;
  onChange: (filters: EventListFilters) => void;
}

const toOptions = (list: { id: string | number; name: string }[] | undefined) =>
  (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));

/**
 * User, event type and rig filters above the events table. Until the table's first rows have painted,
 * three disabled look-alike fields stand in for the selects (lib/firstRows.ts): a Select positions its
 * hidden list on mount (floating-ui's forced style reads), the biggest part of the page's first render
 * before the rows (docs/ui.md "First rows on a phone").
 */
export function EventFiltersBar({ filters, onChange }: EventFiltersBarProps) {
  // Users, event types and rigs to filter by (GET /Events/getFilters); they change seldom.
  const options = useEndpoint(eventEndpoints.filters, undefined, { staleTime: 5 * 60_000 });
  const ready = useAfterFirstRows();
  const loading = options.isPending;
  if (!ready) {
    return (
      <Group gap="sm" align="flex-end" mb="md" role="group" aria-label="Filters">
        {['User', 'Event type', 'Rig'].map((label) => (
          <TextInput key={label} label={label} placeholder="Loading..." disabled readOnly w={{ base: '100%', sm: 220 }} />
        ))}
      </Group>
    );
  }
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
      <Select
        {...common}
        label="User"
        placeholder={loading ? 'Loading...' : 'All users'}
        data={toOptions(options.data?.users)}
        value={filters.user}
        onChange={(user) => onChange({ ...filters, user })}
      />
      <Select
        {...common}
        label="Event type"
        placeholder={loading ? 'Loading...' : 'All event types'}
        data={toOptions(options.data?.types)}
        value={filters.eventType}
        onChange={(eventType) => onChange({ ...filters, eventType })}
      />
      <Select
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
