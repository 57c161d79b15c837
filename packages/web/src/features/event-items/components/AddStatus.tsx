import { NativeSelect } from '@mantine/core';
import type { TypeStatus } from '@portal/contract';

/** The status an add preselects: the type's first `notInspected` status, none when it has none (docs/event-items.md). */
export const notInspectedStatus = (statuses: TypeStatus[]): number | null => statuses.find((s) => s.meaning === 'notInspected')?.id ?? null;

/** The select's value ('' is no status) as the add's `statusId`. */
export const statusIdOf = (value: string): number | null => (value ? Number(value) : null);

/** "Status" of Add by stamped id, series and import: what the added items get; nobody has inspected them yet. */
export function AddStatusSelect({
  statuses,
  value,
  onChange,
}: {
  statuses: TypeStatus[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect
      label="Status"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: '', label: 'No status' }, ...statuses.map((s) => ({ value: String(s.id), label: s.name }))]}
      w={180}
    />
  );
}
