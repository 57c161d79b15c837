/**
 * Sign-off (issue 25 part 1, docs/sign-off.md): an inspector signs an event off with their name,
 * qualification and employer (LOLER Schedule 1); the event is then sealed and every write to it
 * answers 409 with `signOffMessages.sealed`. The names of the API are fixed by the issue.
 */
import { z } from 'zod';
import { eventItemReads } from '../../cache.ts';
import { idParam as idParams } from '../../common.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { text } from '../../primitives.ts';
import { plural } from '../../text.ts';

export const INSPECTOR_TEXT_MAX = 200;

export const signOffMessages = {
  /** Every write to a signed-off event (issue 25 part 2), word for word. */
  sealed: 'This event is signed off: record an amendment instead',
  chipSession: 'Sign in with your password to sign off: a chip sign-in cannot sign',
  alreadySigned: 'This event is already signed off',
  noItems: 'An event without items cannot be signed off',
  missingStatus: (n: number) =>
    `${plural(n, 'item')} without a status: give every item a status (not inspected is allowed) before signing off`,
  /** Items whose status differs from their measurements' proposal without a reason (issue 28 part 4): up to 10 named. */
  reasonNeeded: (n: number, stampedIds: string[]) =>
    `${plural(n, 'item')} ${n === 1 ? 'differs' : 'differ'} from the proposed status without a reason (${stampedIds.join(', ')}${n > stampedIds.length ? ', ...' : ''}): give a reason or the proposed status before signing off`,
  otherOwners: (n: number) => `This event holds ${plural(n, 'item')} of owners outside yours: a user whose owners cover them signs it off`,
} as const;

/** The inspector as entered at sign-off; the same three fields make the user's inspector profile. */
const inspectorFields = {
  inspector: text({ field: 'Inspector', max: INSPECTOR_TEXT_MAX, required: true }),
  qualification: text({ field: 'Qualification', max: INSPECTOR_TEXT_MAX, required: true }),
  company: text({ field: 'Company', max: INSPECTOR_TEXT_MAX, required: true }),
};

/** POST /Events/{id}/SignOff. */
export const signOffBody = z.strictObject(inspectorFields);
export type SignOffBody = z.input<typeof signOffBody>;

/** Who signed an event off and when, as every read of a signed event shows it (null: not signed off). */
export const signOff = z.object({
  /** The inspector's name as entered at sign-off (never an account email). */
  signedBy: z.string(),
  qualification: z.string(),
  company: z.string(),
  /** ISO date-time. */
  signedAt: z.string(),
});
export type SignOff = z.infer<typeof signOff>;

/**
 * The seal: what a sign-off answers and GET /Events/{id}/Seal reads. `hash` is the SHA-256 (hex) of the
 * previous seal's hash and this seal's canonical form; `valid` is recomputed from the rows as they are now.
 */
export const eventSeal = signOff.extend({
  eventId: z.number().int(),
  hash: z.string(),
  previousHash: z.string().nullable(),
  valid: z.boolean(),
});
export type EventSeal = z.infer<typeof eventSeal>;

/** The inspector profile kept on a user: prefilled in the sign-off dialog. */
export const inspectorProfile = z.object({
  inspectorName: z.string().nullable(),
  inspectorQualification: z.string().nullable(),
  inspectorCompany: z.string().nullable(),
});
export type InspectorProfile = z.infer<typeof inspectorProfile>;

const profileText = (field: string) =>
  text({ field, max: INSPECTOR_TEXT_MAX })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));
/** PUT /Account/InspectorProfile and the user editor's three fields: empty clears, a field not sent stays. */
export const inspectorProfileBody = z.strictObject({
  inspectorName: profileText('Inspector name'),
  inspectorQualification: profileText('Qualification'),
  inspectorCompany: profileText('Company'),
});
export type InspectorProfileBody = z.input<typeof inspectorProfileBody>;

/** Events level, internal staff; the scope is checked against every item's owner (docs/sign-off.md). */
export const signOffEvents = { level: 'Events', internal: true, ownerScoped: true } as const satisfies RouteAccess;

export const signOffEndpoints = {
  seal: defineEndpoint({
    method: 'GET',
    path: '/Events/:id/Seal',
    summary:
      "The event's seal: its hash, the previous seal's hash, when and by whom it was signed, and whether the rows as they are now still give that hash (valid)",
    tags: ['Events'],
    access: { level: 'Read', internal: true },
    params: idParams,
    response: eventSeal,
  }),
  signOff: defineEndpoint({
    method: 'POST',
    path: '/Events/:id/SignOff',
    summary:
      "Sign an event off as { inspector, qualification, company }: every item needs a status (not inspected is allowed), the session must be signed in with a password, and the caller's owners must cover every item; the event is sealed from then on",
    tags: ['Events'],
    access: signOffEvents,
    invalidates: [...eventItemReads, 'Rigs'],
    params: idParams,
    body: signOffBody,
    response: eventSeal,
    status: 201,
    errors: [409],
  }),
};
