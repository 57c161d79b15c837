/** Starts the portal: database (embedded or DATABASE_URL), migrations, demo data, HTTP server. */
import { fileURLToPath } from 'node:url';
import { labelMessages } from '@portal/contract';
import { buildApp, loggerOptions } from './app.ts';
import { startSessionCache } from './auth/session-cache.ts';
import { prepareDatabase } from './bootstrap.ts';
import { readConfig } from './config.ts';
import { startAnswerCaches } from './db/answer-cache.ts';
import { type DatabaseHandle, maintainDatabase, openPostgres } from './db/client.ts';
import { openEmbedded } from './db/embedded.ts';
import { checkSigningConfig } from './db/signing-certificates.ts';
import { deleteExpiredUploads } from './db/unused-files.ts';
import { scheduleDailyBackups } from './features/backups/schedule.ts';
import { scheduleDueReminders } from './features/due-dates/reminders.ts';
import { labelLinks } from './features/exports/label-sheets.ts';
import { upgradeImages } from './images/upgrade.ts';
import { stopGracefully } from './shutdown.ts';

const MAINTENANCE_EVERY_MS = 6 * 60 * 60 * 1000;
const EXPIRED_UPLOADS_EVERY_MS = 60 * 60 * 1000;

const config = readConfig();
const embedded = config.databaseUrl ? undefined : await openEmbedded(config.dataDir);
const handle: DatabaseHandle = embedded ?? openPostgres(config.databaseUrl as string);
const app = await buildApp({
  db: handle.db,
  databaseReady: handle.ready,
  databaseSnapshot: embedded?.snapshot,
  config,
  logger: loggerOptions(config.logLevel),
  webDist: process.env.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
  sessions: await startSessionCache(handle),
  answers: await startAnswerCaches(handle),
});

try {
  await prepareDatabase(handle, config, app.log);
} catch (error) {
  app.log.error({ err: error }, 'the database could not be prepared');
  await handle.close();
  process.exit(1);
}

// A configured signing certificate that does not open stops the start (decision 076).
try {
  const signer = await checkSigningConfig();
  if (signer) app.log.info({ signer }, 'issued PDFs are signed with the certificate of PDF_SIGNING_P12');
} catch (error) {
  app.log.error({ err: error }, 'the PDF signing certificate could not be opened');
  await handle.close();
  process.exit(1);
}

// Labels and issued documents print links to PUBLIC_URL (docs/labels.md, docs/sign-off.md).
if (labelLinks(config.publicUrl).pointsToLocalhost) app.log.warn({ publicUrl: config.publicUrl }, labelMessages.localLinks);

// Images stored before renditions existed get them, in the background (images/upgrade.ts).
upgradeImages(handle.db)
  .then((count) => count > 0 && app.log.info({ count }, 'image renditions made for older images'))
  .catch((err) => app.log.error({ err }, 'image renditions upgrade stopped'));

// Daily backups (BACKUP_DAILY_AT, UTC; BACKUP_RETAIN of each kind kept in BACKUP_DIR).
if (config.backupDailyAt) scheduleDailyBackups({ db: handle.db, config, log: app.log, snapshot: embedded?.snapshot }, config.backupDailyAt);
// The daily due-date digest (DUE_REMINDERS_AT, UTC).
scheduleDueReminders({ db: handle.db, config, log: app.log });

// Uploads never attached to anything go after a day (db/unused-files.ts); every instance may run it.
const expiredUploads = setInterval(() => {
  deleteExpiredUploads(handle.db)
    .then((count) => count > 0 && app.log.info({ count }, 'expired uploads deleted'))
    .catch((err) => app.log.error({ err }, 'expired uploads could not be deleted'));
}, EXPIRED_UPLOADS_EVERY_MS);
expiredUploads.unref();

if (handle.kind === 'pglite') {
  const timer = setInterval(() => {
    maintainDatabase(handle).catch((err) => app.log.error({ err }, 'database maintenance failed'));
  }, MAINTENANCE_EVERY_MS);
  timer.unref();
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping');
  await stopGracefully({
    closeApp: () => app.close(),
    cutConnections: () => app.server.closeAllConnections(),
    closeDatabase: () => handle.close(),
    log: app.log,
  });
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: process.env.HOST ?? '0.0.0.0' });
console.log(`The portal is running at http://localhost:${config.port} (API docs at /api/docs)`);
