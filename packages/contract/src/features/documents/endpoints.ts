/**
 * Issued documents (issue 25 part 4, docs/sign-off.md "Documents anyone can verify"): each download of
 * a PDF the portal issues for a signed event is a document with its own number and code. Anyone with
 * the code (printed as a link and a QR code) checks it without signing in, and learns only what the
 * answer below holds: never an owner, a rig or a stamped id.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { text } from '../../primitives.ts';

/**
 * Issued so far: an event's inspection report (GET /Export/Pdf/{id} of a signed event) and an item's
 * evidence (GET /Export/Evidence/{stampedId}: its certificate facts and every inspection), and an
 * owner's survey pack for one rig (GET /Export/SurveyPack).
 */
export const documentKinds = ['eventReport', 'itemEvidence', 'surveyPack'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** 128 random bits in base64url: 22 characters. */
export const DOCUMENT_CODE_LENGTH = 22;
/** Unknown codes one address may ask for in a minute; past it every check answers 429 until the minute ends. */
export const UNKNOWN_CODES_PER_MINUTE = 30;

export const documentMessages = {
  notFound: 'No document was issued with this code',
  tooMany: 'Too many unknown codes from this address: wait a minute and try again',
} as const;

/**
 * The answer of a check. `valid`: the document was issued whole and what it records is unaltered (an
 * item's evidence: every signed event it lists).
 */
export const documentCheck = z.object({
  kind: z.enum(documentKinds),
  documentNumber: z.string(),
  issuedAt: z.string(),
  /** The inspector's name and company as entered at sign-off (an item's evidence: of each signed event, '; ' between); never an account's email. */
  signedBy: z.string(),
  /** The SHA-256 (hex) of the document as issued; null while its download had not finished. */
  sha256: z.string().nullable(),
  valid: z.boolean(),
});
export type DocumentCheck = z.infer<typeof documentCheck>;

export const documentEndpoints = {
  verify: defineEndpoint({
    method: 'GET',
    path: '/Verify/:code',
    summary: 'Check an issued document by the code it carries (no sign-in)',
    tags: ['Documents'],
    access: { public: true },
    // Any text: a wrong one is an unknown code (404), and counts towards the address's limit.
    params: z.object({ code: text({ field: 'Code', max: 100, required: true }) }),
    response: documentCheck,
    errors: [429],
  }),
};
