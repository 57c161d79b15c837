/** Configuration from the environment; see the README for each variable. */
import path from 'node:path';

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** true: load demo data into a new database; false: never; undefined: the mode's default. */
  demoData: boolean | undefined;
  smtpUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  /** Behind a reverse proxy: trust X-Forwarded-For for this many hops (rate limits use the client address). */
  trustProxy: number | false;
  /** Sign-in attempts per minute from one address (the browser journeys, many sign-ins from one address, raise it). */
  loginsPerMinute: number;
  /** Where backup files go (BACKUP_DIR, default ./backups); shared by all instances. */
  backupDir: string;
  /** How many backups of each kind to keep (BACKUP_RETAIN, default 7); older ones are deleted after each run. */
  backupRetain: number;
  /** Daily backup time, UTC 'HH:MM' (BACKUP_DAILY_AT, default 02:00); 'off' for none. */
  backupDailyAt: string | null;
  /** Send HSTS and upgrade-insecure-requests on every answer (TLS ends before a proxy that does not say so). */
  forceHttps: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const demo = env.DEMO_DATA;
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.PORTAL_ADMIN_EMAIL || undefined,
    adminPassword: env.PORTAL_ADMIN_PASSWORD || undefined,
    demoData: demo === undefined || demo === '' ? undefined : demo !== '0' && demo !== 'false',
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY ? Number(env.TRUST_PROXY) : false,
    loginsPerMinute: positiveInteger(env.LOGINS_PER_MINUTE) ?? 20,
    backupDir: path.resolve(env.BACKUP_DIR || './backups'),
    backupRetain: positiveInteger(env.BACKUP_RETAIN) ?? 7,
    backupDailyAt: dailyTime(env.BACKUP_DAILY_AT),
    forceHttps: env.FORCE_HTTPS === '1' || env.FORCE_HTTPS === 'true',
  };
}

function positiveInteger(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : undefined;
}

function dailyTime(text: string | undefined): string | null {
  if (text === 'off') return null;
  if (text === undefined || text === '') return '02:00';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(text)) throw new Error(`BACKUP_DAILY_AT must be HH:MM (UTC) or off, not ${text}`);
  return text;
}
