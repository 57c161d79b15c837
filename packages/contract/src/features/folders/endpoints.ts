/**
 * Folders (spec sections 3 and 7): one tree for the small pick lists. Event types hold statuses,
 * rigs hold projects. The kind of a new folder follows from its parent; a root folder names its kind.
 */
import { z } from 'zod';
import { folderReads } from '../../cache.ts';
import { audit, idParam } from '../../common.ts';
import { labelColors } from '../../constants.ts';
import { defineEndpoint } from '../../endpoint.ts';
import { messages } from '../../messages.ts';
import type { RouteAccess, UserLevelName } from '../../permissions.ts';
import { idField, idParamValue, MAX_ID, text } from '../../primitives.ts';
import { plural } from '../../text.ts';
import { statusMeaning } from './meanings.ts';

export const folderKinds = ['eventType', 'status', 'rig', 'project'] as const;
export type FolderKind = (typeof folderKinds)[number];
export const rootFolderKinds = ['eventType', 'rig'] as const;
export type RootFolderKind = (typeof rootFolderKinds)[number];

/** The kind of a parent's children: statuses sit under event types, projects under rigs. */
export const childKindOf = { eventType: 'status', rig: 'project' } as const satisfies Record<RootFolderKind, FolderKind>;

/** Section 6: rigs and projects are kept by Events level, event types and statuses by Admin level. */
export const folderWriteLevel: Record<FolderKind, UserLevelName> = {
  eventType: 'Admin',
  status: 'Admin',
  rig: 'Events',
  project: 'Events',
};

/** How each kind is named in messages and on screen. */
export const folderKindLabels: Record<FolderKind, { one: string; many: string; article: 'A' | 'An' }> = {
  eventType: { one: 'event type', many: 'event types', article: 'An' },
  status: { one: 'status', many: 'statuses', article: 'A' },
  rig: { one: 'rig', many: 'rigs', article: 'A' },
  project: { one: 'project', many: 'projects', article: 'A' },
};

export const FOLDER_NAME_MAX = 100;

export const folder = z.object({
  id: z.number().int(),
  kind: z.enum(folderKinds),
  name: z.string(),
  default: z.boolean(),
  color: z.enum(labelColors),
  parentId: z.number().int().nullable(),
  enabled: z.boolean(),
  /** A status's meaning (meanings.ts); null for event types, rigs and projects. */
  meaning: statusMeaning.nullable(),
  ...audit,
});
export type Folder = z.infer<typeof folder>;
export const folderList = z.array(folder);

/** Whether a folder can be deleted now, and if not why (the message DELETE would answer with 409). */
export const folderUsage = z.object({ deletable: z.boolean(), reason: z.string().nullable() });
export type FolderUsage = z.infer<typeof folderUsage>;

export const folderWithChildren = folder.extend({ children: z.array(folder) });
export type FolderWithChildren = z.infer<typeof folderWithChildren>;

/** GET /Folders/aggregated: the whole tree in one call. */
export const folderTree = z.object({
  eventTypes: z.array(folderWithChildren),
  rigs: z.array(folderWithChildren),
});
export type FolderTree = z.infer<typeof folderTree>;

const folderName = text({ field: 'Name', max: FOLDER_NAME_MAX, required: true });
const folderColor = z.enum(labelColors, {
  error: (issue) => (issue.input === undefined ? messages.required('Colour') : `Colour must be one of ${labelColors.join(', ')}`),
});
const defaultFlag = z.boolean({
  error: (issue) => (issue.input === undefined ? messages.required('Default') : 'Default must be true or false'),
});

/** The fields the add/edit dialog keeps. */
export const folderFields = z.strictObject({
  name: folderName,
  default: defaultFlag.default(false),
  color: folderColor.default('default'),
  /** Statuses only; a new status without one means notInspected, so nothing counts as inspected by accident. */
  meaning: statusMeaning.optional(),
});
export type FolderFields = z.input<typeof folderFields>;

/**
 * POST /Folders. With a parent the kind follows from it (a status under an event type, a project
 * under a rig) and `kind` may be left out; without one, `kind` says which root: 'eventType' or 'rig'.
 */
export const createFolderBody = folderFields.extend({
  parentId: idField('Parent').nullable().optional(),
  kind: z.enum(folderKinds).optional(),
});
export type CreateFolderBody = z.input<typeof createFolderBody>;

/** PUT /Folders/{id}: name, colour, default and a status's meaning (kept when left out); enabling has its own call and the parent never changes. */
export const updateFolderBody = z.strictObject({
  name: folderName,
  default: defaultFlag,
  color: folderColor,
  meaning: statusMeaning.optional(),
});
export type UpdateFolderBody = z.infer<typeof updateFolderBody>;

/** POST /Rigs: a rig by name; colour and default as for any folder. */
export const createRigBody = folderFields;
export type CreateRigBody = z.input<typeof createRigBody>;

/** `{id}` in GET /Folders/{id}/eventTypes and /oneLevel: 0 means the roots. */
export const folderOrRootParam = z.object({ id: z.coerce.number().int().min(0).max(MAX_ID) });
/** `{flag}` in PUT /Folders/{id}/enabled/{flag}: true/false, or 1/0. */
export const folderEnabledParams = z.object({
  id: idParamValue(),
  flag: z.enum(['true', 'false', '1', '0'], { error: "Flag must be 'true' or 'false'" }),
});
export const isEnabledFlag = (flag: string) => flag === 'true' || flag === '1';

/** The folders feature's own messages (the spec quotes none for it). */
export const folderMessages = {
  nameTaken: (kind: FolderKind, name: string) => {
    const label = folderKindLabels[kind];
    return `${label.article} ${label.one} named '${name}' already exists`;
  },
  kindRequired: "Kind is required for a folder without a parent: 'eventType' or 'rig'",
  kindMismatch: (parent: FolderKind, child: FolderKind) =>
    `A folder under ${folderKindLabels[parent].article.toLowerCase()} ${folderKindLabels[parent].one} is a ${folderKindLabels[child].one}`,
  parentNotFound: 'The parent folder was not found',
  parentRequired: (kind: FolderKind) =>
    `Parent is required for ${folderKindLabels[kind].article.toLowerCase()} ${folderKindLabels[kind].one}`,
  parentCannotHaveChildren: (parent: FolderKind) => `${capitalise(folderKindLabels[parent].many)} cannot hold other folders`,
  inUse: (kind: FolderKind, name: string, uses: string) =>
    `The ${folderKindLabels[kind].one} '${name}' is used by ${uses} and cannot be deleted. Disable it instead.`,
  hasChildren: (kind: FolderKind, name: string, count: number) => {
    const child = folderKindLabels[childKindOf[kind as RootFolderKind]];
    return `The ${folderKindLabels[kind].one} '${name}' has ${plural(count, child.one, child.many)}. Delete them first, or disable the ${folderKindLabels[kind].one} instead.`;
  },
} as const;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Folders are read by internal staff with Read level (they name events' types, rigs and statuses). */
export const readFolders = { level: 'Read', internal: true } as const satisfies RouteAccess;
/**
 * Writes need Events level (rigs, projects); the folders policy also demands Admin for event types
 * and statuses (section 6), which it can only tell once it knows the folder's kind.
 */
export const writeFolders = { level: 'Events', internal: true } as const satisfies RouteAccess;
const levelNote = 'Event types and statuses need Admin level; rigs and projects need Events level.';
const tags = ['Folders'];
const rigTags = ['Rigs'];

export const folderEndpoints = {
  tree: defineEndpoint({
    method: 'GET',
    path: '/Folders/aggregated',
    summary: 'The whole tree: event types with their statuses, rigs with their projects',
    tags,
    access: readFolders,
    response: folderTree,
  }),
  eventTypes: defineEndpoint({
    method: 'GET',
    path: '/Folders/:id/eventTypes',
    summary: 'The statuses of event type {id}; id 0 gives the event types',
    tags,
    access: readFolders,
    params: folderOrRootParam,
    response: folderList,
  }),
  oneLevel: defineEndpoint({
    method: 'GET',
    path: '/Folders/:id/oneLevel',
    summary: "A folder's direct children; id 0 gives the roots (event types and rigs)",
    tags,
    access: readFolders,
    params: folderOrRootParam,
    response: folderList,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/Folders/:id',
    summary: 'One folder',
    tags,
    access: readFolders,
    params: idParam,
    response: folder,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/Folders',
    summary: `Add a folder: a status under an event type or a project under a rig (parentId); a root needs kind 'eventType' or 'rig'. Setting default clears the previous default of the same parent. ${levelNote}`,
    tags,
    access: writeFolders,
    invalidates: folderReads,
    body: createFolderBody,
    response: folder,
    status: 201,
    errors: [409],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/Folders/:id',
    summary: `Rename a folder, change its colour or make it the default. ${levelNote}`,
    tags,
    access: writeFolders,
    invalidates: folderReads,
    params: idParam,
    body: updateFolderBody,
    response: folder,
    errors: [409],
  }),
  setEnabled: defineEndpoint({
    method: 'PUT',
    path: '/Folders/:id/enabled/:flag',
    summary: `Enable or disable a folder: disabled ones leave the pick lists and stay on history. ${levelNote}`,
    tags,
    access: writeFolders,
    invalidates: folderReads,
    params: folderEnabledParams,
    response: folder,
    errors: [409],
  }),
  usage: defineEndpoint({
    method: 'GET',
    path: '/Folders/:id/Usage',
    summary: `Whether the folder can be deleted now and, if not, why: asked before the delete is confirmed. ${levelNote}`,
    tags,
    access: writeFolders,
    params: idParam,
    response: folderUsage,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/Folders/:id',
    summary: `Delete a folder that nothing uses; refused with 409 while event items, events or child folders refer to it (disable it instead). ${levelNote}`,
    tags,
    access: writeFolders,
    invalidates: folderReads,
    params: idParam,
    status: 204,
    errors: [409],
  }),
  rigs: defineEndpoint({
    method: 'GET',
    path: '/Rigs',
    summary: 'All rigs, disabled ones included',
    tags: rigTags,
    access: readFolders,
    response: folderList,
  }),
  rig: defineEndpoint({
    method: 'GET',
    path: '/Rigs/:id',
    summary: 'One rig',
    tags: rigTags,
    access: readFolders,
    params: idParam,
    response: folder,
  }),
  rigProjects: defineEndpoint({
    method: 'GET',
    path: '/Rigs/:id/projects',
    summary: 'The projects of a rig, disabled ones included',
    tags: rigTags,
    access: readFolders,
    params: idParam,
    response: folderList,
  }),
  createRig: defineEndpoint({
    method: 'POST',
    path: '/Rigs',
    summary: 'Add a rig (Events level)',
    tags: rigTags,
    access: writeFolders,
    invalidates: folderReads,
    body: createRigBody,
    response: folder,
    status: 201,
    errors: [409],
  }),
};
