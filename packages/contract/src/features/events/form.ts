/**
 * The event form and the event record (spec sections 2 "Events", 3 "Event", "Event post", 4, 5 and 7):
 * create, copy (optionally with the copied event's equipment), edit with a version, delete, the form's
 * scaffolding and the statuses of the event's type. Rules chosen where the spec is silent: docs/events.md.
 */
import { z } from 'zod';
import { eventItemReads } from '../../cache.ts';
import { audit, idName, idParam as idParams } from '../../common.ts';
import { defineEndpoint } from '../../endpoint.ts';
import { messages } from '../../messages.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idField, idParamValue, MAX_ID, optionalText } from '../../primitives.ts';
import { statusMeaning } from '../folders/meanings.ts';
import { eventColumns, readEvents } from './endpoints.ts';
import { signOff } from './sign-off.ts';

/** Spec section 9: two preset quick-location buttons fill the location. */
export const EVENT_QUICK_LOCATIONS = ['Ågotnes base', 'Kristiansund base'] as const;
export const EVENT_TEXT_MAX = 200;
export const EVENT_COMMENT_MAX = 4000;
export const AGE_AT_RESET_MAX = 100;

export const eventFormMessages = {
  ageAtResetRequired: messages.required('Age at reset'),
  ageAtResetRange: `Age at reset must be from 0 to ${AGE_AT_RESET_MAX} years`,
  projectNotOfRig: 'Choose a project of the chosen rig',
  notAnEventType: 'Choose an event type',
  notARig: 'Choose a rig',
  renewalNeedsCertificates: 'Only users with Certificates level can mark an event as a renewal',
  eventChanged: 'Someone else saved this event after you opened it. Reload it to see their changes, then make yours again.',
  fileNotPdf: 'Choose a PDF file you uploaded',
  copyNotFound: 'The event to copy was not found',
} as const;

/** The placeholder -1 (and no choice at all) gives 'Event type is required' (spec section 5). */
const eventType = z
  .number({ error: messages.eventTypeRequired })
  .int(messages.mustBeInteger)
  .max(MAX_ID, messages.mustBeInteger)
  .refine((value) => value > 0, { message: messages.eventTypeRequired, abort: true });

/** The fields both create and edit send. Rig, Project and Event date are required; renewal hides reset age. */
const eventFields = z.strictObject({
  rig: idField('Rig'),
  referenceNo: idField('Project'),
  eventLocation: optionalText('Location', EVENT_TEXT_MAX),
  eventDate: z.iso.date({ error: (issue) => (issue.input ? 'Event date must be a date (YYYY-MM-DD)' : messages.required('Event date')) }),
  ahv: optionalText('AHV', EVENT_TEXT_MAX),
  comment: optionalText('Other info', EVENT_COMMENT_MAX, true),
  documentNo: optionalText('Document No', EVENT_TEXT_MAX),
  responsible: optionalText('Responsible', EVENT_TEXT_MAX),
  company: optionalText('Company', EVENT_TEXT_MAX),
  isRenewal: z.boolean({ error: 'Renewal must be true or false' }).default(false),
  resetAge: z.boolean({ error: 'Reset age must be true or false' }).default(false),
  ageAtReset: z
    .number({ error: 'Age at reset must be a number' })
    .min(0, eventFormMessages.ageAtResetRange)
    .max(AGE_AT_RESET_MAX, eventFormMessages.ageAtResetRange)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  /** The one PDF (an upload from POST /Files), or null for none. */
  fileId: idField('File')
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});

/** Reset age on and renewal off makes ageAtReset required (spec section 4). */
function requireAgeAtReset<T extends { isRenewal: boolean; resetAge: boolean; ageAtReset: number | null }>(body: T, ctx: z.RefinementCtx) {
  if (body.resetAge && !body.isRenewal && body.ageAtReset === null) {
    ctx.addIssue({ code: 'custom', message: eventFormMessages.ageAtResetRequired, path: ['ageAtReset'] });
  }
}

/** POST /Events (section 3 "Event post"). A copy names the event it copies and whether to take its equipment. */
export const createEventBody = eventFields
  .extend({
    type: eventType,
    createWithEquipment: z.boolean({ error: 'Create with equipment must be true or false' }).default(false),
    eventToCopyFromId: idField('Event to copy from')
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  })
  .superRefine(requireAgeAtReset);
export type CreateEventBody = z.input<typeof createEventBody>;

/** PUT /Events/{id}: the type cannot change on edit (spec section 5), so it is not sent; the version the form opened is. */
export const updateEventBody = eventFields
  .extend({
    version: z
      .number({ error: messages.required('Version') })
      .int(messages.mustBeInteger)
      .min(1, messages.required('Version'))
      .max(MAX_ID, messages.mustBeInteger),
  })
  .superRefine(requireAgeAtReset);
export type UpdateEventBody = z.input<typeof updateEventBody>;

export const eventFile = z.object({ id: z.number().int(), fileName: z.string(), url: z.string() });
export type EventFile = z.infer<typeof eventFile>;

/** GET /Events/{id}: the event of section 3 with its names, file, version and item count. */
export const eventRecord = eventColumns.extend({
  fileId: z.number().int().nullable(),
  file: eventFile.nullable(),
  itemCount: z.number().int(),
  version: z.number().int(),
  /** Who signed the event off and when (null: not signed off); a signed event is sealed (docs/sign-off.md). */
  signOff: signOff.nullable(),
  ...audit,
});
export type EventRecord = z.infer<typeof eventRecord>;

const pickEntry = idName.extend({ color: z.string(), default: z.boolean(), enabled: z.boolean(), parentId: z.number().int().nullable() });
export type EventPickEntry = z.infer<typeof pickEntry>;

/** What the form starts from: the pick lists, the two quick locations and the values to show. */
const formValues = eventColumns
  .pick({
    eventLocation: true,
    ahv: true,
    comment: true,
    documentNo: true,
    responsible: true,
    company: true,
    isRenewal: true,
    resetAge: true,
    ageAtReset: true,
  })
  .extend({
    type: z.number().int(),
    rig: z.number().int().nullable(),
    referenceNo: z.number().int().nullable(),
    eventDate: z.string().nullable(),
    file: eventFile.nullable(),
  });
export type EventFormValues = z.infer<typeof formValues>;

export const eventScaffolding = z.object({
  /** Enabled types, rigs and projects (a project's parentId is its rig), plus the values the event already uses. */
  types: z.array(pickEntry),
  rigs: z.array(pickEntry),
  projects: z.array(pickEntry),
  quickLocations: z.array(z.string()),
  values: formValues,
  /** Copy: the event copied, its date (the copy's is today) and how many items it has (for the "create with equipment" choice). */
  copyOf: z.object({ id: z.number().int(), eventDate: z.string(), itemCount: z.number().int() }).nullable(),
  /** Edit: the event's id and the version to send back. */
  id: z.number().int().nullable(),
  version: z.number().int().nullable(),
  /** Edit of a signed event: who signed it and when; the form opens read-only. */
  signOff: signOff.nullable(),
});
export type EventScaffolding = z.infer<typeof eventScaffolding>;

export const eventStatus = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  default: z.boolean(),
  enabled: z.boolean(),
  meaning: statusMeaning,
});
export type EventStatus = z.infer<typeof eventStatus>;

export const createdEvent = z.object({ id: z.number().int() });

/** Events level adds, edits, copies and deletes events (spec section 6); internal staff only. */
export const writeEvents = { level: 'Events', internal: true } as const satisfies RouteAccess;
/** A copy with equipment copies (and its form counts) only the items of the caller's owners and unlinked ones (docs/security.md rule 17). */
const copyEvents = { ...writeEvents, ownerScoped: true } as const satisfies RouteAccess;
const tags = ['Events'];

/**
 * An event's date, type, rig and project order its items' latest status and name them in every read
 * of what events found; a copy with equipment adds items; folders count the events that use them.
 */
const eventReads = [...eventItemReads, 'Folders', 'Rigs'] as const;

export const eventFormEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/Events',
    summary:
      'Create an event (a copy with eventToCopyFromId, and with createWithEquipment its items in the same transaction); renewal needs Certificates level',
    tags,
    access: copyEvents,
    invalidates: eventReads,
    body: createEventBody,
    response: createdEvent,
    status: 201,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/Events/:id',
    summary: 'One event with its names, PDF, item count and version',
    tags,
    access: readEvents,
    params: idParams,
    response: eventRecord,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/Events/:id',
    summary: 'Save the event fields (not its type) with the version the form opened: a stale version answers 409 and changes nothing',
    tags,
    access: writeEvents,
    invalidates: eventReads,
    params: idParams,
    body: updateEventBody,
    response: eventRecord,
    errors: [409],
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/Events/:id',
    summary: 'Delete an event with its items and their images',
    tags,
    access: writeEvents,
    invalidates: eventReads,
    params: idParams,
    status: 204,
  }),
  addScaffolding: defineEndpoint({
    method: 'GET',
    path: '/Events/getAddScaffolding',
    summary: 'What the add form starts from: pick lists, quick locations, defaults',
    tags,
    access: writeEvents,
    response: eventScaffolding,
  }),
  copyScaffolding: defineEndpoint({
    method: 'GET',
    path: '/Events/getAddScaffolding/:id',
    summary: 'What the copy form starts from: the copied event values (without its id) and its item count',
    tags,
    access: copyEvents,
    params: idParams,
    response: eventScaffolding,
  }),
  editScaffolding: defineEndpoint({
    method: 'GET',
    path: '/Events/:id/getEditScaffolding',
    summary: 'What the edit form starts from: the event values and version, pick lists with the values in use',
    tags,
    access: writeEvents,
    params: idParams,
    response: eventScaffolding,
  }),
  statuses: defineEndpoint({
    method: 'GET',
    path: '/Events/:id/Statuses',
    summary: "The statuses of the event's type, disabled ones included (items may carry them)",
    tags,
    access: readEvents,
    params: idParams,
    response: z.array(eventStatus),
  }),
  availableStatuses: defineEndpoint({
    method: 'GET',
    path: '/Events/getAvailableStatuses/:id',
    summary: 'The enabled statuses of an event type (id: the event type) to choose from, default first',
    tags,
    access: readEvents,
    params: z.object({ id: idParamValue('Event type') }),
    response: z.array(eventStatus),
  }),
};
