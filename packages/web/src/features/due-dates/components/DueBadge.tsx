import { Badge, Group, Tooltip } from '@mantine/core';
import type { DueInfo } from '@portal/contract';
import { formatDate } from '../../../lib/format.ts';
import { useDueDates } from '../api.ts';

const LIGHT = {
  red: { color: 'red.9', label: 'Overdue' },
  yellow: { color: 'yellow', label: 'Due' },
  green: { color: '#1f6e31', label: 'Due' },
} as const;

/** The traffic light of an item's due date, with the date in words (colour is never the only signal). */
export function DueBadge({ due, size = 'sm' }: { due: DueInfo | undefined | null; size?: 'xs' | 'sm' | 'md' }) {
  if (!due) return null;
  // Condemned by its latest inspection: red whatever the date (docs/due-dates.md).
  const light = due.condemned ? { color: 'red.9', label: 'Condemned' } : LIGHT[due.light];
  const badge = (
    <Tooltip
      label={`${due.kind === 'renewal' ? 'Renewal' : 'Inspection'} due, counted from ${formatDate(due.basisDate)}; last inspection ${
        due.lastInspection ? formatDate(due.lastInspection) : 'none'
      }${due.renewalDueDate ? `; renewal due ${formatDate(due.renewalDueDate)}` : ''}`}
      withinPortal
    >
      <Badge
        color={light.color}
        variant="filled"
        radius="sm"
        tt="none"
        size={size}
        c={due.light === 'yellow' ? 'dark' : undefined}
        // Never cut to 'Overd…' in a narrow table: the badge keeps its full width, the cells beside it wrap.
        styles={{ root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } }}
        data-light={due.light}
        aria-label={`${light.label} ${formatDate(due.dueDate)} (${due.light})`}
      >
        {light.label} {formatDate(due.dueDate)}
      </Badge>
    </Tooltip>
  );
  if (!due.discardPredicted) return badge;
  // Its wear reaches the condemned limit before it is due again (docs/measurements.md "Wear trends").
  return (
    <Group gap={4} wrap="wrap">
      {badge}
      <Badge color="orange.9" variant="outline" radius="sm" tt="none" size={size} styles={{ root: { flexShrink: 0 } }}>
        Worn out by {formatDate(due.discardPredicted)}
      </Badge>
    </Group>
  );
}

/** The badge of one item, looked up by its stamped id (for a page showing one item). */
export function ItemDueBadge({ stampedId, size }: { stampedId: string; size?: 'xs' | 'sm' | 'md' }) {
  const byId = useDueDates([stampedId]);
  return <DueBadge due={byId.get(stampedId)} size={size} />;
}
