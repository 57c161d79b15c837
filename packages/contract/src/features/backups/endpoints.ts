/**
 * Backups (spec section 2 "/Admin/Backups", section 4 backup states, section 7 "Backups"): the
 * files in BACKUP_DIR, full and data-only (decision 034), and the latest run's status.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { downloadQuery } from '../files/endpoints.ts';

/** portal-full-20261123-184500.backup.gz or portal-partial-... (UTC time of the snapshot). */
export const BACKUP_FILE_NAME = /^portal-(full|partial)-\d{8}-\d{6}\.backup\.gz$/;

export const backupMessages = {
  alreadyRunning: 'A backup is already running. Wait for it to finish.',
  notABackup: 'Not a backup file name',
} as const;

/** A backup file (spec section 3: name, url, created). */
export const backupFile = z.object({
  name: z.string(),
  /** Download address (GET /Backups/{name}); a link adds `?access_token=` from POST /Account/DownloadToken. */
  url: z.string(),
  /** ISO time the snapshot was taken. */
  created: z.string(),
  size: z.number().int(),
  sha256: z.string().nullable(),
});
export type BackupFile = z.infer<typeof backupFile>;

export const backupRunState = z.enum(['running', 'done', 'failed', 'interrupted']);
export type BackupRunState = z.infer<typeof backupRunState>;

export const backupStatus = z.object({
  state: backupRunState,
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  startedBy: z.string().nullable(),
  error: z.string().nullable(),
});
export type BackupStatus = z.infer<typeof backupStatus>;

/** GET /Backups (spec section 3 "Backup list"): newest first. `partialBackups` holds the data-only backups. */
export const backupList = z.object({
  status: backupStatus.nullable(),
  fullBackups: z.array(backupFile),
  partialBackups: z.array(backupFile),
});
export type BackupList = z.infer<typeof backupList>;

export const startBackupResponse = z.object({ message: z.string() });

export const backupNameParams = z.object({ name: z.string().regex(BACKUP_FILE_NAME, backupMessages.notABackup) });

/**
 * Section 6: Backups need SystemAdministrator; external users never. A backup holds every owner's rows
 * and every password hash, so a SystemAdministrator restricted to some owners is refused too.
 */
export const manageBackups = { level: 'SystemAdministrator', internal: true, allOwners: true } as const satisfies RouteAccess;
const tags = ['Backups'];

export const backupEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/Backups',
    summary: 'The full and data-only backups in BACKUP_DIR (newest first) and the latest run status',
    tags,
    access: manageBackups,
    response: backupList,
  }),
  start: defineEndpoint({
    method: 'PUT',
    path: '/Backups',
    summary: 'Start a backup run in the background (a data-only and a full backup of one snapshot); 409 while one runs on any instance',
    tags,
    access: manageBackups,
    invalidates: ['Backups'],
    response: startBackupResponse,
    fairUse: 'heavy',
    status: 200,
    errors: [409],
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/Backups/:name',
    summary: 'Download a backup file (bearer header, or ?access_token= from POST /Account/DownloadToken)',
    tags,
    access: { ...manageBackups, download: true },
    fairUse: 'heavy',
    params: backupNameParams,
    query: downloadQuery,
  }),
};
