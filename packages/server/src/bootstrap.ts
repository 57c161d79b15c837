/** Start-up work on the database: migrations, the first administrator, demo data, maintenance. */
import { randomBytes } from 'node:crypto';
import { UserLevel, UserType } from '@portal/contract';
import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from './auth/passwords.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, maintainDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { users } from './db/schema.ts';
import { ensureDemoSigningCertificate } from './db/signing-certificates.ts';
import { selectCaseDuplicateIds } from './db/stamped-ids.ts';
import { selectPendingMeanings } from './features/folders/meanings.ts';
import { selectDimensionsWithoutSize } from './features/owners/queries.ts';
import { upgradeImages } from './images/upgrade.ts';

/**
 * PORTAL_ADMIN_EMAIL set and unknown: create it as a SystemAdministrator with PORTAL_ADMIN_PASSWORD.
 * Unset and no user at all: create admin@example.com with a random password, printed once.
 */
export async function ensureAdministrator(handle: DatabaseHandle, config: Config, log: FastifyBaseLogger) {
  const { db } = handle;
  let email = config.adminEmail;
  let password = config.adminPassword;
  if (email) {
    const [existing] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (existing) return;
    if (!password) {
      password = randomBytes(12).toString('base64url');
      console.log(`Created ${email} with the password ${password} (shown once; PORTAL_ADMIN_PASSWORD was not set)`);
    }
  } else {
    const [{ n }] = await db.select({ n: count() }).from(users);
    if (n > 0) return;
    email = 'admin@example.com';
    password = randomBytes(12).toString('base64url');
    console.log(`Created the administrator ${email} with the password ${password} (shown once)`);
  }
  await db.insert(users).values({
    email,
    passwordHash: await hashPassword(password),
    userType: UserType.Admin,
    userLevel: UserLevel.SystemAdministrator,
    allOwners: true,
    createdBy: 'system',
    updatedBy: 'system',
  });
  log.info({ email }, 'created the administrator account');
}

/** A new database: one that has no user yet (checked before the administrator is created). */
async function isEmpty(handle: DatabaseHandle) {
  const [{ n }] = await handle.db.select({ n: count() }).from(users);
  return n === 0;
}

export async function prepareDatabase(handle: DatabaseHandle, config: Config, log: FastifyBaseLogger) {
  // Derived-data files that changed were applied and their tables rebuilt from live rows (db/derived/).
  const derived: Record<string, number | null> = {};
  const { upgraded } = await runMigrations(handle.db, undefined, {
    onDerived: ({ name, rebuild }) => (derived[name] = rebuild?.ms ?? null),
  });
  if (Object.keys(derived).length) log.info({ rebuildMs: derived }, 'applied derived-data definitions');
  // Items whose stamped ids differ only in case, kept out of the unique index until someone renames one.
  const caseDuplicates = await selectCaseDuplicateIds(handle.db);
  if (caseDuplicates.length) {
    log.warn(
      { stampedIds: caseDuplicates.slice(0, 100), count: caseDuplicates.length },
      'stamped ids held by more than one item in different cases: resolve them on Admin > Case duplicates',
    );
  }
  // Status meanings the upgrade chose from colours (migration 0032), until an Admin confirms them.
  const meanings = await selectPendingMeanings(handle.db);
  if (meanings.length) {
    log.warn(
      { statuses: meanings.map((m) => `${m.eventType} / ${m.status}: ${m.meaning} (${m.reason})`) },
      'status meanings chosen from colours: confirm them on Admin > Event types',
    );
  }
  // Dimensions whose name gave no nominal size (migration 0034), until an Admin sets one or marks 'none'.
  const sizeless = await selectDimensionsWithoutSize(handle.db);
  if (sizeless.length) {
    log.warn(
      { dimensions: sizeless.slice(0, 100).map((d) => `${d.owner} / ${d.subType} / ${d.name}`), more: sizeless.length > 100 },
      'dimensions without a nominal size: set them on Admin > Owners (reports and criteria need them)',
    );
  }
  if (upgraded) {
    // A migration that rewrites a table (a stored column added) leaves its visibility map empty, and
    // VACUUM cannot run inside the migration's transaction: until autovacuum came by, every index-only
    // scan of the table read the heap too (events list page 200: 10,050 heap fetches, twice the time).
    const started = Date.now();
    await maintainDatabase(handle);
    log.info({ ms: Date.now() - started }, 'vacuumed and analyzed the database after its migrations');
  }
  // Embedded: demo data unless DEMO_DATA=0. PostgreSQL server: only with DEMO_DATA=1.
  const wantDemo = config.demoData ?? handle.kind === 'pglite';
  if (wantDemo && (await isEmpty(handle))) {
    const started = Date.now();
    // Loaded only here: the demo's PDFs bring pdfkit, which the server itself runs in its PDF worker.
    const { loadDemoData } = await import('./seed/demo.ts');
    const logins = await loadDemoData(handle.db);
    // The demo signs its issued PDFs with a self-signed certificate of its own (decision 076).
    await ensureDemoSigningCertificate(handle.db);
    // The demo's pictures get their renditions before the first request, so no screen or journey
    // meets a picture that is "not ready" (older databases are upgraded in the background: main.ts).
    await upgradeImages(handle.db);
    await maintainDatabase(handle);
    log.info({ ms: Date.now() - started }, 'loaded the demo data');
    console.log(
      [
        '',
        'Demo logins (all with the password shown):',
        ...logins.map((l) => `  ${l.email.padEnd(28)} ${l.password}  ${l.type}, level ${l.level}`),
        '',
      ].join('\n'),
    );
  }
  await ensureAdministrator(handle, config, log);
}
