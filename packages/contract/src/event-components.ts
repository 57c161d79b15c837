/**
 * Event items, the spec's event components (sections 2 "/Events/Edit/{id}/Equipment", 3 "Event
 * component" and "Event chip row", 4, 5, 7 "Event items"): the items of one event in order, added by
 * stamped id, series, import file or chip scan, each with a status of the event type, a comment,
 * images and a notification flag. Rules: docs/event-equipment.md.
 */
import { z } from 'zod';
import { IMPORT_FILE_MAX_BYTES, SERIES_MAX, seriesBody } from './certificate-editor.ts';
import { idName } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { STAMPED_ID_MAX, stampedIdValue } from './equipment.ts';
import { messages } from './messages.ts';
import type { RouteAccess } from './permissions.ts';
import { idField, idParamValue, text } from './primitives.ts';

export { IMPORT_FILE_MAX_BYTES as EVENT_IMPORT_FILE_MAX_BYTES };
export const EVENT_ITEM_COMMENT_MAX = 2000;
/** Items one event may hold (the largest surveys have a few thousand). */
export const EVENT_ITEMS_MAX = 10_000;

/** Messages of our own (the spec quotes the chip messages, in `messages`). */
export const eventItemMessages = {
  alreadyInEvent: (stampedId: string) => `${stampedId} is already in this event`,
  statusNotOfType: 'Choose a status of this event type',
  added: (stampedId: string) => `Added ${stampedId}`,
  addedNew: (stampedId: string) => `Added ${stampedId} as a new unlinked item`,
  addedMany: (added: number, created: number) =>
    `Added ${added} item${added === 1 ? '' : 's'}${created ? `, ${created} of them new unlinked item${created === 1 ? '' : 's'}` : ''}`,
  nothingToAdd: 'All of these items are already in this event',
  tooManyItems: `An event holds at most ${EVENT_ITEMS_MAX} items`,
  importTooLong: `An import file adds at most ${SERIES_MAX} items`,
  importNotText: 'The file must be a text file (UTF-8)',
  importEmpty: 'The file has no stamped ids',
  importLayout: 'Each line starts with a stamped id; fields are separated by semicolons (;)',
  statusSetOnAll: (n: number, status: string) => `Set ${status} on ${n} item${n === 1 ? '' : 's'}`,
  sequenceOutOfRange: (n: number) => `Sequence must be from 1 to ${n}`,
  notificationCleared: (stampedId: string) => `Notification on ${stampedId} turned off`,
} as const;

export const eventIdParams = z.object({ eventId: idParamValue('Event') });
export const eventItemParams = eventIdParams.extend({ id: idParamValue('Event item') });
export const eventItemImageParams = eventItemParams.extend({ imageId: idParamValue('Image') });

export const itemStatus = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type ItemStatus = z.infer<typeof itemStatus>;
export const typeStatus = itemStatus.extend({ default: z.boolean() });
export type TypeStatus = z.infer<typeof typeStatus>;

export const itemFile = z.object({ id: z.number().int(), url: z.string(), fileName: z.string() });
export type ItemFile = z.infer<typeof itemFile>;

/** One row of the editor (section 3 "Event chip row"). */
export const eventChipRow = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  equipmentId: z.number().int(),
  stampedId: z.string(),
  length: z.number().nullable(),
  type: z.string().nullable(),
  subType: z.string().nullable(),
  dimension: z.string().nullable(),
  owner: z.string().nullable(),
  ownerLabel: z.string().nullable(),
  quality: z.string().nullable(),
  color: z.string().nullable(),
  certifiedToCode: z.string().nullable(),
  /** On a certificate. */
  linked: z.boolean(),
  active: z.boolean(),
  /** This item's notification flag in this event. */
  notifications: z.boolean(),
  /** Event items of this equipment, in any event, with the flag on. */
  notificationsAmount: z.number().int(),
  statusId: z.number().int().nullable(),
  status: itemStatus.nullable(),
  comment: z.string().nullable(),
  imageCount: z.number().int(),
  tags: z.array(z.object({ tag: z.string(), color: z.string() })),
});
export type EventChipRow = z.infer<typeof eventChipRow>;

/** GET GetChipsForEdit: every item of the event by sequence (the editor pages them on screen). */
export const chipsForEdit = z.object({ items: z.array(eventChipRow) });
export type ChipsForEdit = z.infer<typeof chipsForEdit>;

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
});
export type EventEquipmentDetails = z.infer<typeof eventEquipmentDetails>;

/** GET GetChipsDetailsForEdit/{id}: the item dialog (section 3 "Event component"). */
export const eventComponent = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  sequence: z.number().int(),
  stampedId: z.string(),
  statusId: z.number().int().nullable(),
  comment: z.string().nullable(),
  notifications: z.boolean(),
  files: z.array(itemFile),
  updatedBy: z.string().nullable(),
  updatedDate: z.string(),
});
export type EventComponent = z.infer<typeof eventComponent>;

const statusIdField = idField('Status')
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/** POST component: a known stamped id adds that item; an unknown one creates a new unlinked item. */
export const addComponentBody = z.strictObject({ stampedId: stampedIdValue(), statusId: statusIdField });
export type AddComponentBody = z.input<typeof addComponentBody>;
export const addedComponent = z.object({ item: eventChipRow, createdEquipment: z.boolean() });
export type AddedComponent = z.infer<typeof addedComponent>;

/** PUT component/{id}: only the fields sent change (the dialog autosaves; the notifications list clears the flag). */
export const updateComponentBody = z
  .strictObject({
    statusId: idField('Status').nullable().optional(),
    comment: text({ field: 'Comment', max: EVENT_ITEM_COMMENT_MAX, multiline: true })
      .nullable()
      .optional()
      .transform((value) => (value === undefined ? undefined : value || null)),
    notifications: z.boolean({ error: 'Notification must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change', path: ['statusId'] });
export type UpdateComponentBody = z.input<typeof updateComponentBody>;

export const setStatusOnAllBody = z.strictObject({ statusId: idField('Status') });
export const itemsChanged = z.object({ updated: z.number().int() });

const stampedIds = z
  .array(stampedIdValue(), { error: messages.required('Stamped ids') })
  .min(1, messages.required('Stamped ids'))
  .max(SERIES_MAX, eventItemMessages.importTooLong);

/** POST componentsImport: the stamped ids importAndValidate found (or any list), added in order. */
export const importComponentsBody = z.strictObject({ stampedIds, statusId: statusIdField });
export type ImportComponentsBody = z.input<typeof importComponentsBody>;
/** POST series: the equipment series rules and messages (section 5), plus the status to give. */
export const eventSeriesBody = seriesBody.and(z.object({ statusId: statusIdField }));
export type EventSeriesBody = z.input<typeof eventSeriesBody>;
export const componentsAdded = z.object({
  /** Items added to the event (ids already in it are skipped). */
  added: z.number().int(),
  /** Of those, new unlinked items created for unknown stamped ids. */
  created: z.number().int(),
  skipped: z.array(z.string()),
});
export type ComponentsAdded = z.infer<typeof componentsAdded>;

/** One stamped id of an import file or series: whether it is a known item and whether the event has it. */
export const proposedComponent = z.object({ stampedId: z.string(), known: z.boolean(), inEvent: z.boolean() });
export type ProposedComponent = z.infer<typeof proposedComponent>;
export const importValidation = z.union([
  z.object({ errors: z.array(z.object({ line: z.number().int(), message: z.string() })) }),
  z.object({ content: z.array(proposedComponent) }),
]);
export type ImportValidation = z.infer<typeof importValidation>;

export const moveQuery = z.object({
  sequence: z.coerce
    .number<number | string>({ error: messages.required('Sequence') })
    .int(messages.mustBeInteger)
    .min(1, messages.required('Sequence'))
    .max(EVENT_ITEMS_MAX, eventItemMessages.sequenceOutOfRange(EVENT_ITEMS_MAX)),
});

/** GET stampedId/{stampedId}: the icon before Add (known item, or a new unlinked one) and whether the event has it. */
export const stampedIdCheckParams = eventIdParams.extend({ stampedId: text({ field: 'Stamped id', max: STAMPED_ID_MAX, required: true }) });

/** Events level edits event equipment (section 6); lower levels read; events are for internal staff. */
export const readEventItems = { level: 'Read', internal: true } as const satisfies RouteAccess;
export const writeEventItems = { level: 'Events', internal: true } as const satisfies RouteAccess;
const tags = ['Event items'];
const base = '/EventComponents/:eventId';

export const eventComponentEndpoints = {
  chipsForEdit: defineEndpoint({
    method: 'GET',
    path: `${base}/GetChipsForEdit`,
    summary: 'Every item of the event in sequence order, with its equipment, status, flag and image count',
    tags,
    access: readEventItems,
    params: eventIdParams,
    response: chipsForEdit,
  }),
  details: defineEndpoint({
    method: 'GET',
    path: `${base}/GetChipsDetailsForEdit/:id`,
    summary: 'One item for its dialog: status, comment, notification flag and images',
    tags,
    access: readEventItems,
    params: eventItemParams,
    response: eventComponent,
  }),
  equipmentDetails: defineEndpoint({
    method: 'GET',
    path: `${base}/equipmentDetails`,
    summary: "The event's header for the equipment editor and the statuses of its type (the default one is preselected when scanning)",
    tags,
    access: readEventItems,
    params: eventIdParams,
    response: eventEquipmentDetails,
  }),
  checkStampedId: defineEndpoint({
    method: 'GET',
    path: `${base}/stampedId/:stampedId`,
    summary: 'Whether a stamped id is a known item (else Add creates a new unlinked item) and whether the event already has it',
    tags,
    access: readEventItems,
    params: stampedIdCheckParams,
    response: proposedComponent,
  }),
  add: defineEndpoint({
    method: 'POST',
    path: `${base}/component`,
    summary: 'Add an item by stamped id at the end; an unknown stamped id creates a new unlinked item',
    tags,
    access: writeEventItems,
    params: eventIdParams,
    body: addComponentBody,
    response: addedComponent,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${base}/component/:id`,
    summary: 'Change the status, comment or notification flag of an item (only the fields sent)',
    tags,
    access: writeEventItems,
    params: eventItemParams,
    body: updateComponentBody,
    response: eventComponent,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${base}/component/:id`,
    summary: 'Remove an item from the event; the items after it move up one place',
    tags,
    access: writeEventItems,
    params: eventItemParams,
    status: 204,
  }),
  setStatusOnAll: defineEndpoint({
    method: 'POST',
    path: `${base}/SetStatusOnAll`,
    summary: 'Give every item of the event this status',
    tags,
    access: writeEventItems,
    params: eventIdParams,
    body: setStatusOnAllBody,
    response: itemsChanged,
  }),
  series: defineEndpoint({
    method: 'POST',
    path: `${base}/series`,
    summary: 'Add a series of stamped ids (numberFrom..numberTo with prefix and postFix); unknown ones become new unlinked items',
    tags,
    access: writeEventItems,
    params: eventIdParams,
    body: eventSeriesBody,
    response: componentsAdded,
    status: 201,
  }),
  importComponents: defineEndpoint({
    method: 'POST',
    path: `${base}/componentsImport`,
    summary: 'Add a list of stamped ids in order (ids already in the event are skipped); unknown ones become new unlinked items',
    tags,
    access: writeEventItems,
    params: eventIdParams,
    body: importComponentsBody,
    response: componentsAdded,
    status: 201,
  }),
  importAndValidate: defineEndpoint({
    method: 'POST',
    path: `${base}/importAndValidate`,
    summary: 'Read a semicolon-separated text file, one stamped id first on each line: the errors per line, or the content; writes nothing',
    tags,
    access: writeEventItems,
    params: eventIdParams,
    upload: true,
    response: importValidation,
    errors: [413],
  }),
  move: defineEndpoint({
    method: 'PUT',
    path: `${base}/component/:id/moveToSequence`,
    summary: 'Move an item to another place (1 is first); the items between shift by one, so the order stays 1..n',
    tags,
    access: writeEventItems,
    params: eventItemParams,
    query: moveQuery,
    status: 204,
  }),
  addImage: defineEndpoint({
    method: 'POST',
    path: `${base}/component/:id/images`,
    summary: 'Attach an image (PNG, JPEG, GIF or WebP, checked by content) to an item',
    tags,
    access: writeEventItems,
    params: eventItemParams,
    upload: true,
    response: itemFile,
    status: 201,
    errors: [413],
  }),
  deleteImage: defineEndpoint({
    method: 'DELETE',
    path: `${base}/component/:id/image/:imageId`,
    summary: 'Remove an image from an item (the stored file goes with it)',
    tags,
    access: writeEventItems,
    params: eventItemImageParams,
    status: 204,
  }),
};
