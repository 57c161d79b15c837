/** What every part of the event items contract shares: limits, our own messages, route params, statuses, images and access. */
import { z } from 'zod';
import type { RouteAccess } from '../../permissions.ts';
import { idParamValue } from '../../primitives.ts';
import { plural } from '../../text.ts';
import { IMPORT_FILE_MAX_BYTES, SERIES_MAX } from '../certificates/editor.ts';
import { statusMeanings } from '../folders/meanings.ts';

export { IMPORT_FILE_MAX_BYTES as EVENT_IMPORT_FILE_MAX_BYTES };
export const EVENT_ITEM_COMMENT_MAX = 2000;
/** Items one event may hold (the largest surveys have a few thousand). */
export const EVENT_ITEMS_MAX = 10_000;

/** Messages of our own (the spec quotes the chip messages, in `messages`). */
export const eventItemMessages = {
  alreadyInEvent: (stampedId: string) => `${stampedId} is already in this event`,
  /** A change based on an older version of the item (409, with both values). */
  changedMeanwhile: 'This item was changed meanwhile: choose which value to keep',
  /** An add names its item by stamped id or by chip, not both. */
  stampedIdOrChip: 'Send a stamped id or a chip, not both',
  /** A list naming one item twice (stamped ids are compared without regard to case). */
  twiceInList: (first: string) => `The same item as ${first}, earlier in the list`,
  /** The dry run of a series or an import, before it is sent. */
  previewMany: (created: number, known: number) => `${created} new, ${known} already registered`,
  statusNotOfType: 'Choose a status of this event type',
  added: (stampedId: string) => `Added ${stampedId}`,
  addedNew: (stampedId: string) => `Added ${stampedId} as a new unlinked item`,
  addedMany: (added: number, created: number) =>
    `Added ${plural(added, 'item')}${created ? `, including ${plural(created, 'new unlinked item')}` : ''}`,
  nothingToAdd: 'All of these items are already in this event',
  tooManyItems: `An event holds at most ${EVENT_ITEMS_MAX} items`,
  importTooLong: `An import file adds at most ${SERIES_MAX} items`,
  importNotText: 'The file must be a text file (UTF-8)',
  importEmpty: 'The file has no stamped ids',
  importLayout: 'Each line starts with a stamped id; fields are separated by semicolons (;)',
  statusSetOnAll: (n: number, status: string, left = 0) =>
    `Set ${status} on ${plural(n, 'item')}${left ? `; ${plural(left, 'item')} of another owner left as ${left === 1 ? 'it was' : 'they were'}` : ''}`,
  /** An existing item of an owner outside the caller's list (docs/security.md rule 17); it names no owner. */
  notAvailable: 'Not available to you',
  /** What a row of another owner's item shows instead of its facts. */
  anotherOwner: 'Another owner',
  sequenceOutOfRange: (n: number) => `Sequence must be from 1 to ${n}`,
  notificationCleared: (stampedId: string) => `Notification on ${stampedId} turned off`,
} as const;

export const eventIdParams = z.object({ eventId: idParamValue('Event') });
export const eventItemParams = eventIdParams.extend({ id: idParamValue('Event item') });
export const eventItemImageParams = eventItemParams.extend({ imageId: idParamValue('Image') });

export const itemStatus = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type ItemStatus = z.infer<typeof itemStatus>;
/** A status of the event type: `default` is preselected when scanning; an add preselects the first `notInspected` one. */
export const typeStatus = itemStatus.extend({ default: z.boolean(), meaning: z.enum(statusMeanings) });
export type TypeStatus = z.infer<typeof typeStatus>;

export const itemFile = z.object({ id: z.number().int(), url: z.string(), fileName: z.string() });
export type ItemFile = z.infer<typeof itemFile>;

/**
 * Events level edits event equipment (section 6); lower levels read; events are for internal staff.
 * Owner-scoped: an event spans owners, but a user with an owner list reads and changes only their
 * owners' (and unlinked) items; others' show as "Another owner" rows (docs/security.md rule 17).
 */
export const readEventItems = { level: 'Read', internal: true, ownerScoped: true } as const satisfies RouteAccess;
export const writeEventItems = { level: 'Events', internal: true, ownerScoped: true } as const satisfies RouteAccess;
