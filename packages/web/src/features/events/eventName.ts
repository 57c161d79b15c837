import { formatDate } from '../../lib/format.ts';

/** How screens name an event: its type and date ('Inspection 14.11.2026'), in titles and breadcrumbs. */
export const eventName = (type: string, eventDate: string | null) => `${type} ${formatDate(eventDate)}`.trim();
