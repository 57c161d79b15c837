import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { backupEndpoints as e } from '@portal/contract';
import { contentDisposition } from '../../http/downloads.ts';
import type { FeatureRoutes } from '../../http/endpoints.ts';
import { notFound } from '../../http/errors.ts';
import { listBackups, startBackup } from './service.ts';

export const backupRoutes: FeatureRoutes = (register, { db, config, databaseSnapshot }) => {
  register(e.list, ({ request }) => listBackups({ db, config, log: request.log }));
  register(e.start, ({ user, request }) => startBackup({ db, config, log: request.log, snapshot: databaseSnapshot }, user.email));
  register(e.download, async ({ params, reply }) => {
    // The name matched BACKUP_FILE_NAME (no slashes), so it stays inside BACKUP_DIR.
    const file = path.join(config.backupDir, params.name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw notFound('The backup');
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', info.size)
      .header('content-disposition', contentDisposition(params.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(createReadStream(file));
  });
};
