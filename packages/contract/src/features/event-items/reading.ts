/** What the event equipment editor reads: its rows, the event's header and statuses, and one item's dialog. */
import { z } from 'zod';
import { idName } from '../../common.ts';
import { signOff } from '../events/sign-off.ts';
import { itemFile, itemStatus, typeStatus } from './common.ts';
import { itemTemplate, measuredValue, verdict } from './verdict.ts';

/**
 * One row of the equipment editor: what its table shows (the full chip row of section 3 is the event
 * detail's, GET /Events/{id}/chips). Owner and status are ids into the answer's `owners` and `statuses`.
 */
export const eventItemEditorRow = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  stampedId: z.string(),
  /** Type, sub-type and dimension of its certificate; null when the item is unlinked. */
  description: z.string().nullable(),
  ownerId: z.number().int().nullable(),
  statusId: z.number().int().nullable(),
  /** This item's notification flag in this event. */
  notifications: z.boolean(),
  imageCount: z.number().int(),
  /** An item of an owner outside the caller's list: only its sequence and stamped id are real, the rest empty. */
  anotherOwner: z.boolean(),
  /** The status its measurements propose (null: none); bulk status changes leave an item whose proposal differs. */
  proposedStatusId: z.number().int().nullable(),
  /** Its status differs from what its measurements propose and no reason is given: 'Differs from proposed: reason needed'. */
  reasonNeeded: z.boolean(),
  /** One more with each change of its status or comment (0 for another owner's item): a change may send the version it was based on (decision 083). */
  version: z.number().int(),
  /** The chip codes its equipment carries (none for another owner's item): offline, a scan of one is known to be this item (decision 084). */
  chips: z.array(z.string()),
});
export type EventItemEditorRow = z.infer<typeof eventItemEditorRow>;

/**
 * GET GetChipsForEdit: every item of the event by sequence (the editor pages them on screen), and the
 * owners and statuses they name, each once (a status may since have been disabled in the event type).
 */
export const itemsForEdit = z.object({ items: z.array(eventItemEditorRow), owners: z.array(idName), statuses: z.array(itemStatus) });
export type EventItemsForEdit = z.infer<typeof itemsForEdit>;

/** GET equipmentDetails: what the editor needs about the event: its header and the type's statuses. */
export const eventEquipmentDetails = z.object({
  id: z.number().int(),
  eventDate: z.string(),
  type: idName,
  rig: idName,
  referenceNo: idName,
  eventLocation: z.string().nullable(),
  itemCount: z.number().int(),
  /** The enabled statuses of the event type, in their order; `default` is preselected when scanning. */
  statuses: z.array(typeStatus),
  /** Who signed the event off and when (null: not signed off); the editor and its dialog are read-only then. */
  signOff: signOff.nullable(),
  /** The event it was copied from (null: not a copy, or that event is deleted): a copy without equipment expects its items when reconciling (decision 084). */
  copiedFromEventId: z.number().int().nullable(),
  /**
   * How many bytes of photos taken offline one user may keep on a device (the server's OFFLINE_PHOTO_MB,
   * default 64 MiB): past it a new offline photo is refused, nothing waiting is evicted (decision 086).
   */
  offlinePhotoBytes: z.number().int(),
});
export type EventEquipmentDetails = z.infer<typeof eventEquipmentDetails>;

/** GET GetChipsDetailsForEdit/{id}: the item dialog (section 3 "Event component"). */
export const eventItem = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  sequence: z.number().int(),
  stampedId: z.string(),
  statusId: z.number().int().nullable(),
  comment: z.string().nullable(),
  notifications: z.boolean(),
  /** As the editor row's `version`. */
  version: z.number().int(),
  files: z.array(itemFile),
  updatedBy: z.string().nullable(),
  updatedDate: z.string(),
  /** Each change of the notification flag, newest first (it stays writable after sign-off: docs/sign-off.md). */
  notificationChanges: z.array(z.object({ notification: z.boolean(), changedAt: z.string(), changedBy: z.string().nullable() })),
  /** What the inspector measured, by the template's keys (docs/measurements.md "Recording"). */
  measurements: z.array(measuredValue),
  verdict,
  /** The template to fill and judge by, and the item's nominal size: the dialog judges as the inspector types. */
  judging: itemTemplate,
});
export type EventItem = z.infer<typeof eventItem>;
