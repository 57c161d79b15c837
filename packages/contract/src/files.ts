import { z } from 'zod';
import { audit, paged, pageQuery } from './common.ts';
import { messages } from './messages.ts';

/** Largest file the portal stores (attachments and help files alike). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
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
  oneFileOnly: 'Upload one file at a time',
  tooLarge: (mb: number) => `The file is larger than ${mb} MB`,
  empty: 'The file is empty',
  notAllowed: (kinds: string) => `The file is not a ${kinds}: its content was checked, not its name`,
  inUse: 'The file is in use and cannot be deleted',
  notYours: 'Only the person who uploaded the file or an administrator can change it',
  alreadyHelp: 'The file is already in the help list',
  usedElsewhere: 'The file is attached to something else and cannot be a help file',
  fileNotFound: 'The file was not found',
  helpNeedsAdmin: 'Only administrators can upload help files',
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
  fileName: z
    .string({ error: messages.required('File name') })
    .trim()
    .min(1, messages.required('File name'))
    .max(FILE_NAME_MAX_LENGTH, messages.maxLength('File name', FILE_NAME_MAX_LENGTH)),
});
export type RenameFileBody = z.infer<typeof renameFileBody>;

/** GET /Files/{id}: the bearer header, or a download token for links. */
export const downloadQuery = z.object({ access_token: z.string().max(200).optional() });

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
  fileId: z
    .number({ error: messages.required('File') })
    .int(messages.mustBeInteger)
    .positive(messages.required('File')),
});
export type AddHelpBody = z.infer<typeof addHelpBody>;

export const helpDeleteQuery = z.object({
  id: z.coerce
    .number({ error: messages.required('Id') })
    .int(messages.mustBeInteger)
    .positive(messages.required('Id')),
});
