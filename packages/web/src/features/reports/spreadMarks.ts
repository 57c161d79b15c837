import type { LastEventStatus, OwnerLabelColor } from '@portal/contract';

export interface SpreadMark {
  label: string;
  color: OwnerLabelColor;
}

/**
 * What a mooring spread cell shows under its stamped id (docs/reports.md): the latest status in its
 * colour, "Never inspected" for an item without events, "Inactive" beside the status of an inactive
 * item, "Not found" for an id the look-up did not answer (unknown, or of an owner the user lacks).
 * Nothing until the id was looked up.
 */
export function spreadMarks(status: LastEventStatus | undefined, lookedUp: boolean): SpreadMark[] {
  if (!lookedUp) return [];
  if (!status) return [{ label: 'Not found', color: 'none' }];
  const latest: SpreadMark =
    status.eventDate === null
      ? { label: 'Never inspected', color: 'default' }
      : { label: status.status ?? 'No status', color: (status.color ?? 'none') as OwnerLabelColor };
  return status.hidden ? [latest, { label: 'Inactive', color: 'light' }] : [latest];
}
