import { z } from 'zod';
import type { CacheTarget } from '../../cache.ts';
import { audit, idParam, paged, pageQuery } from '../../common.ts';
import { defineEndpoint } from '../../endpoint.ts';
import { firstRouteCalls } from '../../first-route.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idField, idParamValue, text } from '../../primitives.ts';

/** Largest file the portal stores (attachments and help files alike). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The largest image accepted, in pixels (width × height): 40 megapixels; a phone photo has about 12. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const FILE_NAME_MAX_LENGTH = 200;
/** How long a download token works; it works once. */
export const DOWNLOAD_TOKEN_TTL_MS = 2 * 60 * 1000;

/**
 * What an upload is for: an attachment (certificate or event PDF, item image) takes PDF and common
 * images; a help file also takes office documents. The server checks the content, not the name.
 */
export const uploadPurposes = ['attachment', 'help'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/** For the browser's file picker; the server decides by content. */
export const uploadAccept: Record<UploadPurpose, string> = {
  attachment: '.pdf,.png,.jpg,.jpeg,.gif,.webp',
  help: '.pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx',
};

export const fileMessages = {
  chooseFile: 'Choose a file to upload',
  unreadable: 'The upload could not be read: send one file as multipart/form-data in the field File',
  oneFileOnly: 'Upload one file at a time',
  tooLarge: (mb: number) => `The file is larger than ${mb} MB`,
  empty: 'The file is empty',
  /** `kinds` with its article: 'a PDF or an image (PNG, JPEG, GIF, WebP)', 'an image (PNG, JPEG, GIF, WebP)'. */
  notAllowed: (kinds: string) => `The file is not ${kinds}: its content was checked, not its name`,
  inUse: 'The file is in use and cannot be deleted',
  notYours: 'Only the person who uploaded the file or an administrator can change it',
  alreadyHelp: 'The file is already in the help list',
  usedElsewhere: 'The file is attached to something else and cannot be a help file',
  fileNotFound: 'The file was not found',
  helpNeedsAdmin: 'Only administrators can upload help files',
  imageTooLarge: (width: number, height: number) =>
    `The image is ${width} × ${height} pixels; images up to 40 megapixels are accepted: make it smaller and upload it again`,
  imageUnreadable: 'The image could not be read: it is damaged or not a complete image',
  pdfScript: 'The PDF contains JavaScript, which is not accepted: save or print it again without scripts',
  pdfUnchecked: 'The PDF could not be checked for scripts (it is encrypted or damaged): save or print it again unprotected',
  expired: 'The file expired, upload it again',
  pictureNotReady: 'The picture is still being prepared: try again in a minute',
} as const;

export const fileInfo = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Download address; a link adds `?access_token=` from POST /Account/DownloadToken. */
  url: z.string(),
  ...audit,
});
export type FileInfo = z.infer<typeof fileInfo>;

export const filePage = paged(fileInfo);
export type FilePage = z.infer<typeof filePage>;

export const fileListQuery = pageQuery;

export const uploadQuery = z.object({ purpose: z.enum(uploadPurposes).default('attachment') });

export const renameFileBody = z.strictObject({
  fileName: text({ field: 'File name', max: FILE_NAME_MAX_LENGTH, required: true }),
});
export type RenameFileBody = z.infer<typeof renameFileBody>;

/** The bounded copies of an image (GET /Files/{id}?size=): 2,560 px and 640 px on the long side, JPEG. */
export const renditionSizes = ['large', 'thumb'] as const;

/** GET /Files/{id}: the bearer header, or a download token for links; `size` asks for an image's rendition. */
export const downloadQuery = z.object({
  access_token: z
    .string()
    .regex(/^[\w-]{1,200}$/, 'Not a download token')
    .optional(),
  size: z.enum(renditionSizes).optional(),
});

export const downloadToken = z.object({ token: z.string(), expiresAt: z.string() });
export type DownloadToken = z.infer<typeof downloadToken>;

// ---------------------------------------------------------------- help
export const helpFile = z.object({
  id: z.number().int(),
  fileId: z.number().int(),
  fileName: z.string(),
  url: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  ...audit,
});
export type HelpFile = z.infer<typeof helpFile>;

export const addHelpBody = z.strictObject({
  fileId: idField('File'),
});
export type AddHelpBody = z.infer<typeof addHelpBody>;

export const helpDeleteQuery = z.object({
  id: idParamValue('Id'),
});

/** Uploading files is for internal staff who can add events (attachments). */
export const manageFiles = { level: 'Events', internal: true } as const satisfies RouteAccess;
/** Changing a file: it may be a certificate's PDF, so the caller's owner scope applies. */
const changeFiles = { ...manageFiles, ownerScoped: true } as const satisfies RouteAccess;
/**
 * Section 6: help is hidden only from Report (external) users, so internal staff at any level, None
 * included, read it; Admin level uploads and deletes.
 */
export const readHelp = { level: 'None', internal: true } as const satisfies RouteAccess;
export const manageHelp = { level: 'Admin', internal: true } as const satisfies RouteAccess;
const tags = ['Files'];
const helpTags = ['Help'];

/** A stored file's name shows in the uploads, the help list, and on the event and certificate it is attached to. */
const fileReads = ['Files', 'Help', 'Events', 'Certificates'] as const satisfies readonly CacheTarget[];

export const fileEndpoints = {
  downloadToken: defineEndpoint({
    ...firstRouteCalls.downloadToken,
    summary: 'A single-use token, valid two minutes, for one download link (?access_token=); it ends with this session',
    tags,
    response: downloadToken,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/Files',
    summary: "The caller's uploads, newest first, one page",
    tags,
    access: manageFiles,
    query: fileListQuery,
    response: filePage,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/Files',
    summary:
      'Upload one file (multipart, field File): a PDF or image; with purpose=help also an office document (Admin level). Checked by content; answers its id for use in other calls',
    tags,
    access: manageFiles,
    invalidates: ['Files'],
    query: uploadQuery,
    upload: true,
    response: fileInfo,
    status: 201,
    errors: [413],
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/Files/:id',
    summary:
      'Download a file as an attachment (bearer header, or ?access_token= from POST /Account/DownloadToken); for an image, ?size=large or thumb sends its bounded JPEG copy instead',
    tags,
    // Certificate PDFs belong to owners: another owner's file reads as missing.
    access: { level: 'None', ownerScoped: true, download: true },
    params: idParam,
    query: downloadQuery,
  }),
  rename: defineEndpoint({
    method: 'PUT',
    path: '/Files/:id',
    summary: 'Rename a file (its uploader or an administrator)',
    tags,
    access: changeFiles,
    invalidates: fileReads,
    params: idParam,
    body: renameFileBody,
    response: fileInfo,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/Files/:id',
    summary: 'Delete a file that nothing refers to (its uploader or an administrator)',
    tags,
    access: changeFiles,
    invalidates: fileReads,
    params: idParam,
    status: 204,
    errors: [409],
  }),
  help: defineEndpoint({
    method: 'GET',
    path: '/Help',
    summary: 'The help files, by name',
    tags: helpTags,
    access: readHelp,
    response: z.array(helpFile),
  }),
  addHelp: defineEndpoint({
    method: 'POST',
    path: '/Help',
    summary: 'Add an uploaded file (POST /Files?purpose=help) to the help list',
    tags: helpTags,
    access: manageHelp,
    invalidates: ['Help', 'Files'],
    body: addHelpBody,
    response: helpFile,
    status: 201,
    errors: [409],
  }),
  deleteHelp: defineEndpoint({
    method: 'DELETE',
    path: '/Help',
    summary: 'Remove a help file (by its help list id) and delete its file',
    tags: helpTags,
    access: manageHelp,
    invalidates: ['Help', 'Files'],
    query: helpDeleteQuery,
    status: 204,
  }),
};
