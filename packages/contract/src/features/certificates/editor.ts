/**
 * The certificate editor's calls (spec sections 2 "Certificates", 4 "Certificate editor rows", 5
 * "Certificate" and "Series add", 7 "Certificates"): create, edit (with the rows' new / changed /
 * deleted / move states), delete, the series expansion and the equipment import file.
 */
import { z } from 'zod';
import { equipmentReads } from '../../cache.ts';
import { idParam } from '../../common.ts';
import { labelColors } from '../../constants.ts';
import { defineEndpoint } from '../../endpoint.ts';
import { messages } from '../../messages.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idField, MAX_ID, normalizeStampedId, optionalText, stampedIdProblem, text } from '../../primitives.ts';
import { STAMPED_ID_MAX, stampedIdValue } from '../equipment/endpoints.ts';
import { certificateDetail } from './endpoints.ts';

export const CERTIFICATE_NUMBER_MAX = 100;
export const CERTIFICATE_TEXT_MAX = 200;
export const CERTIFICATE_OTHER_INFORMATION_MAX = 2000;
export const EQUIPMENT_COMMENT_MAX = 1000;
/** Metres; the longest mooring lines are a few kilometres. */
export const EQUIPMENT_LENGTH_MAX = 100_000;
/** Rows one certificate may carry in one save (the largest batch certificates have a few thousand). */
export const CERTIFICATE_ROWS_MAX = 5000;
/** Items one series or one import file may add at once. */
export const SERIES_MAX = 2000;
export const IMPORT_FILE_MAX_BYTES = 1024 * 1024;

/** Messages of our own for the editor (the spec quotes the others, in `messages`). */
export const certificateEditorMessages = {
  certificateChanged: 'Someone else saved this certificate after you opened it. Reload it to see their changes, then make yours again.',
  deleteAndMove: 'A row cannot be both deleted and moved',
  changedRowDeleteOrMove: 'A changed row cannot be deleted or moved; save or undo the change first',
  rowHasRelatives: (stampedId: string) => `${stampedId} has a parent or child item and cannot be removed from the certificate`,
  stampedIdTaken: (stampedId: string) => `${stampedId} is already in use`,
  stampedIdTwice: (stampedId: string) => `${stampedId} is in the list twice`,
  notOnCertificate: (stampedId: string) => `${stampedId} is not on this certificate`,
  moveTargetNotFound: 'The certificate to move to was not found',
  moveToSelf: 'Choose another certificate to move to',
  deleteOrMoveNeedsAdmin: 'Only administrators can delete or move equipment of a certificate',
  catalogueMismatch: 'Choose a type, sub-type and dimension of the chosen owner',
  fileNotPdf: 'Choose a PDF file you uploaded',
  parentNotFound: (stampedId: string) => `Parent ${stampedId} was not found`,
  parentIsSelf: (stampedId: string) => `${stampedId} cannot be its own parent`,
  parentCycle: (stampedId: string) => `${stampedId} cannot hang below one of its own children`,
  newRowDeleteOrMove: 'A new row is removed from the list, not deleted or moved',
  parentRemoved: (stampedId: string) => `Parent ${stampedId} is deleted or moved in this save`,
  importTooLong: `An import file adds at most ${SERIES_MAX} items`,
  seriesTooLong: `A series adds at most ${SERIES_MAX} items`,
  useSemicolons: 'The file is separated by commas: use semicolons (;) between the fields',
  importNotText: 'The file must be a text file (UTF-8)',
  importEmpty: 'The file has no equipment lines',
  importLengthInvalid: 'Length must be a number (a comma or a dot before the decimals)',
  importLayout: 'Each line is stampedId;length;comment;parentStampedId (only the stamped id is required)',
} as const;

/** A number typed with a comma or a dot as decimal separator arrives here as a number. */
const length = z
  .number({ error: 'Length must be a number' })
  .min(0, 'Length cannot be negative')
  .max(EQUIPMENT_LENGTH_MAX, `Length must be at most ${EQUIPMENT_LENGTH_MAX} m`)
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/** The certificate's own fields (section 3). Owner, Type, Sub-type, Dimension and Certificate No are required. */
export const certificateFields = z.strictObject({
  ownerId: idField('Owner'),
  typeId: idField('Type'),
  subTypeId: idField('Sub-type'),
  dimensionId: idField('Dimension'),
  certificateNumber: text({ field: 'Certificate No', max: CERTIFICATE_NUMBER_MAX, required: true }),
  manufacturer: optionalText('Manufacturer', CERTIFICATE_TEXT_MAX),
  quality: optionalText('Quality', CERTIFICATE_TEXT_MAX),
  certifiedToCode: optionalText('Certified to code', CERTIFICATE_TEXT_MAX),
  dateSigned: z.iso
    .date({ error: 'Date signed must be a date (YYYY-MM-DD)' })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  certificateIssuedBy: optionalText('Issued by', CERTIFICATE_TEXT_MAX),
  otherInformation: optionalText('Other information', CERTIFICATE_OTHER_INFORMATION_MAX, true),
  color: z.enum(labelColors, { error: `Colour must be one of ${labelColors.join(', ')}` }).default('none'),
  /** The one PDF (an upload from POST /Files), or null for none. */
  fileId: idField('File')
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});

/**
 * One row of the editor (section 3 "Certificate equipment entry"). `new` rows are created (the
 * stamped id must be free); `changed` rows update length, comment, parent and hidden; `deleted` rows
 * leave the certificate and become unlinked; `moveToCertificateId` moves the item to another
 * certificate. Rows with none of these flags are left as they are.
 */
export const certificateRowInput = z
  .strictObject({
    stampedId: stampedIdValue(),
    parentStampedId: text({ field: 'Parent stamped id', max: STAMPED_ID_MAX })
      .nullable()
      .optional()
      .transform((value) => value || null),
    comment: optionalText('Comment', EQUIPMENT_COMMENT_MAX, true),
    length,
    hidden: z.boolean({ error: 'Inactive must be true or false' }).default(false),
    new: z.boolean().default(false),
    changed: z.boolean().default(false),
    deleted: z.boolean().default(false),
    moveToCertificateId: idField('Move to certificate')
      .nullable()
      .optional()
      .transform((value) => value ?? null),
  })
  .refine((row) => !(row.deleted && row.moveToCertificateId), { message: certificateEditorMessages.deleteAndMove, path: ['deleted'] })
  .refine((row) => !(row.new && (row.deleted || row.moveToCertificateId)), {
    message: certificateEditorMessages.newRowDeleteOrMove,
    path: ['new'],
  })
  .refine((row) => !(row.changed && (row.deleted || row.moveToCertificateId)), {
    message: certificateEditorMessages.changedRowDeleteOrMove,
    path: ['changed'],
  })
  // A new row's id is a new item's: normalised and checked for look-alikes (primitives.ts); the
  // other rows name items that exist, as they are spelled.
  .transform((row) => (row.new ? { ...row, stampedId: normalizeStampedId(row.stampedId) } : row))
  .superRefine((row, context) => {
    const problem = row.new ? stampedIdProblem(row.stampedId) : undefined;
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['stampedId'] });
  });
export type CertificateRowInput = z.input<typeof certificateRowInput>;
export type CertificateRow = z.output<typeof certificateRowInput>;

const rows = z.array(certificateRowInput).max(CERTIFICATE_ROWS_MAX, `A certificate takes at most ${CERTIFICATE_ROWS_MAX} rows in one save`);

/** POST /Certificates: the fields and the rows (all new). */
export const createCertificateBody = certificateFields.extend({ equipment: rows.default([]) });
export type CreateCertificateBody = z.input<typeof createCertificateBody>;

/** PUT /Certificates/{id}: the fields, the rows with their states, and the version the editor opened. */
export const updateCertificateBody = createCertificateBody.extend({
  version: z
    .number({ error: messages.required('Version') })
    .int(messages.mustBeInteger)
    .min(1, messages.required('Version'))
    .max(MAX_ID, messages.mustBeInteger),
});
export type UpdateCertificateBody = z.input<typeof updateCertificateBody>;

export const createdCertificate = z.object({ id: z.number().int() });

const DIGITS = /^\d{1,9}$/;
const bothDigits = (body: { numberFrom: string; numberTo: string }) => DIGITS.test(body.numberFrom) && DIGITS.test(body.numberTo);

const digits = (message: string) => z.string({ error: message }).trim().regex(DIGITS, message);

/** POST /Equipment (series add): from/to are digits only; prefix and postFix wrap each number. */
export const seriesBody = z
  .strictObject({
    numberFrom: digits(messages.numberFromInvalid),
    numberTo: digits(messages.numberToInvalid),
    prefix: text({ field: 'Prefix', max: 50 }).default(''),
    postFix: text({ field: 'Postfix', max: 50 }).default(''),
  })
  // The range checks only speak when both numbers are valid (one message per field).
  .refine((body) => !bothDigits(body) || Number(body.numberTo) > Number(body.numberFrom), {
    message: messages.secondNumberLarger,
    path: ['numberTo'],
  })
  .refine((body) => !bothDigits(body) || Number(body.numberTo) - Number(body.numberFrom) < SERIES_MAX, {
    message: certificateEditorMessages.seriesTooLong,
    path: ['numberTo'],
  });
export type SeriesBody = z.input<typeof seriesBody>;

/** A stamped id the editor may add, and whether it is free (no item has it yet). */
export const proposedItem = z.object({
  stampedId: z.string(),
  available: z.boolean(),
  length: z.number().nullable(),
  comment: z.string().nullable(),
  parentStampedId: z.string().nullable(),
});
export type ProposedItem = z.infer<typeof proposedItem>;

export const seriesResult = z.object({ items: z.array(proposedItem) });
export type SeriesResult = z.infer<typeof seriesResult>;

/** POST /Import/CertificateEquipment: the errors per line, or the content ('Found N items in the file'). */
export const importResult = z.union([
  z.object({ errors: z.array(z.object({ line: z.number().int(), message: z.string() })) }),
  z.object({ content: z.array(proposedItem) }),
]);
export type ImportResult = z.infer<typeof importResult>;

/** Section 6: Certificates level adds, edits, deletes and copies certificates (internal staff). */
export const writeCertificates = { level: 'Certificates', internal: true, ownerScoped: true } as const satisfies RouteAccess;
/** The series and the import only propose stamped ids: availability is global, no owner data. */
const proposeItems = { level: 'Certificates', internal: true } as const satisfies RouteAccess;
const tags = ['Certificates'];

export const certificateEditorEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/Certificates',
    summary: 'Add a certificate with its equipment rows (one transaction); answers the new id',
    tags,
    access: writeCertificates,
    invalidates: [...equipmentReads, 'Files'],
    body: createCertificateBody,
    response: createdCertificate,
    status: 201,
    errors: [409],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/Certificates/:id',
    summary:
      "Save a certificate and its rows' states (new, changed, deleted, moved) in one transaction; a stale version answers 409 and changes nothing. Deleting or moving rows needs Admin level",
    tags,
    access: writeCertificates,
    invalidates: [...equipmentReads, 'Files'],
    params: idParam,
    body: updateCertificateBody,
    response: certificateDetail,
    errors: [409],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/Certificates/:id',
    summary: 'Delete a certificate: its equipment stays, unlinked, with its history and events',
    tags,
    access: writeCertificates,
    invalidates: [...equipmentReads, 'Files'],
    params: idParam,
    status: 204,
  }),
  series: defineEndpoint({
    method: 'POST',
    path: '/Equipment',
    summary: 'Expand a series (numberFrom..numberTo with prefix and postFix) into stamped ids, each with its availability; writes nothing',
    tags: ['Equipment'],
    access: proposeItems,
    invalidates: [],
    body: seriesBody,
    response: seriesResult,
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/Import/CertificateEquipment',
    summary:
      'Read a semicolon-separated text file of equipment rows (stampedId;length;comment;parentStampedId): the errors per line, or the rows with their availability; writes nothing',
    tags,
    access: proposeItems,
    invalidates: [],
    upload: true,
    fairUse: 'heavy',
    response: importResult,
    errors: [413],
  }),
};
