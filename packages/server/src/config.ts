/** Configuration from the environment; see the README for each variable. */
import { isIP } from 'node:net';
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
  /**
   * Behind a reverse proxy: the proxies' addresses or CIDRs whose X-Forwarded-For is believed (the
   * sign-in limits count per client address); any other peer is the client, whatever it forwards.
   */
  trustProxy: string[] | false;
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
    trustProxy: trustedProxies(env.TRUST_PROXY),
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

/** proxy-addr's names for the loopback, link-local and unique-local ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** TRUST_PROXY: comma-separated addresses or CIDRs. The old count of hops is refused: any client could then name its own address. */
function trustedProxies(text: string | undefined): string[] | false {
  if (!text?.trim()) return false;
  if (/^\s*\d+\s*$/.test(text))
    throw new Error(
      `TRUST_PROXY no longer takes a number of proxy hops (${text.trim()}): a client reaching the port directly could then choose its own address. Name the proxies' addresses or CIDRs instead, for example TRUST_PROXY=10.0.0.5 or TRUST_PROXY=127.0.0.1,10.1.0.0/16`,
    );
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0)
    throw new Error(
      `TRUST_PROXY must name addresses or CIDRs separated by commas (for example 10.0.0.5,10.1.0.0/16), not ${bad.join(', ')}`,
    );
  return entries;
}

function dailyTime(text: string | undefined): string | null {
  if (text === 'off') return null;
  if (text === undefined || text === '') return '02:00';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(text)) throw new Error(`BACKUP_DAILY_AT must be HH:MM (UTC) or off, not ${text}`);
  return text;
}
