import { z } from 'zod';
import { audit, paged, pageQuery } from '../../common.ts';
import { labelColors } from '../../constants.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { searchText } from '../../primitives.ts';
import { plural } from '../../text.ts';

/** Limits of the tag import file (POST /EquipmentTags): `stampedId;tag;color` per line. */
export const TAG_FILE_MAX_BYTES = 1024 * 1024;
export const TAG_FILE_MAX_LINES = 10_000;
export const TAG_MAX_LENGTH = 50;
export const TAG_STAMPED_ID_MAX_LENGTH = 100;
export const DEFAULT_TAG_COLOR = 'default';

export const tagFileMessages = {
  notText: 'The file must be a text file (UTF-8): stampedId;tag;color on each line',
  noLines: 'The file has no tags: put one tag on each line as stampedId;tag;color',
  tooManyLines: (n: number) => `The file has more than ${n} lines; split it into smaller files`,
  tooManyFields: 'Too many fields: expected stampedId;tag;color',
  stampedIdRequired: 'Stamped id is required',
  /** A line of another owner's item (docs/security.md rule 28); it names no owner. */
  notAvailable: 'Not available to you',
  tagRequired: 'Tag is required',
  stampedIdTooLong: `Stamped id must not contain more than ${TAG_STAMPED_ID_MAX_LENGTH} characters`,
  tagTooLong: `Tag must not contain more than ${TAG_MAX_LENGTH} characters`,
  badColor: `Colour must be one of ${labelColors.join(', ')}`,
  duplicate: (line: number) => `The same stamped id and tag are already on line ${line}`,
  errorCount: (n: number) => `The file has ${plural(n, 'error')}`,
  fileHasErrors: (n: number) => `The file has ${plural(n, 'error')}; nothing was imported`,
} as const;

export const equipmentTag = z.object({
  id: z.number().int(),
  stampedId: z.string(),
  tag: z.string(),
  color: z.string(),
  ...audit,
});
export type EquipmentTag = z.infer<typeof equipmentTag>;

export const equipmentTagPage = paged(equipmentTag);
export type EquipmentTagPage = z.infer<typeof equipmentTagPage>;

/** GET /EquipmentTags: paged, optionally filtered by a part of the stamped id or the tag. */
export const equipmentTagQuery = pageQuery.extend({ search: searchText() });
export type EquipmentTagQuery = z.infer<typeof equipmentTagQuery>;

/** POST /EquipmentTags?validate=true checks the file and writes nothing. */
export const tagImportQuery = z.object({
  validate: z
    .enum(['true', 'false', '1', '0'], { error: "Validate must be 'true' or 'false'" })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

export const tagLine = z.object({ stampedId: z.string(), tag: z.string(), color: z.string() });
export type TagLine = z.infer<typeof tagLine>;

export const tagLineError = z.object({ line: z.number().int(), message: z.string() });
export type TagLineError = z.infer<typeof tagLineError>;

/** The spec's import answer: either the errors per line or the content. */
export const tagFileCheck = z.union([z.object({ errors: z.array(tagLineError) }), z.object({ content: z.array(tagLine) })]);
export type TagFileCheck = z.infer<typeof tagFileCheck>;

export const tagImportResult = z.object({
  content: z.array(tagLine),
  /** New (stampedId, tag) pairs. */
  created: z.number().int(),
  /** Existing pairs whose colour was set from the file. */
  updated: z.number().int(),
});
export type TagImportResult = z.infer<typeof tagImportResult>;

/**
 * Section 6: Equipment tags is a Certificates-level admin screen for internal staff. Tags follow their
 * item's owner: a user with an owner list reads and writes tags of their owners' items, unlinked
 * items and stamped ids no item has yet (docs/security.md rule 28).
 */
export const manageTags = { level: 'Certificates', internal: true, ownerScoped: true } as const satisfies RouteAccess;
const tags = ['EquipmentTags'];

export const equipmentTagEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/EquipmentTags',
    summary: 'Equipment tags by stamped id, one page; search matches a part of the stamped id or the tag',
    tags,
    access: manageTags,
    query: equipmentTagQuery,
    response: equipmentTagPage,
  }),
  import: defineEndpoint({
    method: 'POST',
    path: '/EquipmentTags',
    summary:
      'Import tags from a text file (UTF-8, one tag per line: stampedId;tag;color), all or nothing; with validate=true only check it: errors per line or the content',
    tags,
    access: manageTags,
    invalidates: ['EquipmentTags', 'Equipment', 'Events', 'Certificates'],
    dryRun: 'validate',
    query: tagImportQuery,
    fairUse: 'heavy',
    upload: true,
    response: z.union([tagImportResult, tagFileCheck]),
  }),
};
