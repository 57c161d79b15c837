/**
 * A realistic demo data set for a new database: five owners (ids 1 and 83 among them) with their
 * catalogues, about 500 equipment items on six rigs' mooring spreads and in spare stock, four years
 * of events, a few help files, and one login per user level. Loaded in one transaction; reproducible (seeded PRNG).
 */
import { levelName } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/client.ts';
import { run } from '../db/read.ts';
import * as s from '../db/schema.ts';
import { DUE_DEMO_KINDS_SQL, DUE_DEMO_REGIMES_SQL } from '../features/due-dates/demo.ts';
import { measurementDemoSql } from '../features/measurements/demo.ts';
import { loadBatchCertificates } from './demo-batches.ts';
import { loadCatalogue } from './demo-catalogue.ts';
import { loadEvents } from './demo-events.ts';
import { loadHelpFiles } from './demo-help.ts';
import { createRng, daysBefore } from './demo-random.ts';
import { loadReportSettings } from './demo-reports.ts';
import { chainReadingsSql } from './measurements.ts';

export const DEMO_PASSWORD = 'Demo-password-1';

export interface DemoLogin {
  email: string;
  password: string;
  level: string;
  type: 'Internal' | 'Report';
}

const INTERNAL_USERS = ['none', 'read', 'events', 'certificates', 'admin', 'sysadmin'];
const REPORT_OWNER_ID = 83;

export async function loadDemoData(db: Database): Promise<DemoLogin[]> {
  const now = new Date();
  const users = [
    ...INTERNAL_USERS.map((name, level) => ({ email: `${name}@demo.example`, userType: 0, userLevel: level })),
    { email: 'report@demo.example', userType: 1, userLevel: 1 },
  ];
  // Hash outside the transaction: argon2 takes a moment and the transaction should stay short.
  const hashes = await Promise.all(users.map(() => hashPassword(DEMO_PASSWORD)));

  await db.transaction(async (tx) => {
    const rng = createRng(20261101);
    const catalogue = await loadCatalogue(tx, rng, now);

    const since = daysBefore(now, 5 * 365);
    const userRows = await tx
      .insert(s.users)
      .values(
        users.map((u, i) => ({
          email: u.email,
          alias: u.email.startsWith('events@') ? 'inspector' : null,
          passwordHash: hashes[i],
          userType: u.userType,
          userLevel: u.userLevel,
          allOwners: u.userType === 0,
          currentOwnerId: u.userType === 0 ? 1 : REPORT_OWNER_ID,
          createdAt: since,
          createdBy: 'sysadmin@demo.example',
          updatedAt: since,
          updatedBy: 'sysadmin@demo.example',
        })),
      )
      .returning({ id: s.users.id, email: s.users.email });
    const userId = new Map(userRows.map((u) => [u.email, u.id]));
    await tx.insert(s.userOwners).values({ userId: userId.get('report@demo.example')!, ownerId: REPORT_OWNER_ID });
    await tx.insert(s.chips).values({
      chipId: `E28011${rng.hex(10)}`,
      userId: userId.get('events@demo.example')!,
      dateRegistered: daysBefore(now, 400),
      createdBy: 'sysadmin@demo.example',
    });

    await loadEvents(tx, rng, now, catalogue);
    await loadReportSettings(tx, catalogue);
    await loadBatchCertificates(tx, now);
    await loadHelpFiles(tx, now);
    for (const statement of [DUE_DEMO_KINDS_SQL, DUE_DEMO_REGIMES_SQL, ...measurementDemoSql()]) await run(tx, sql.raw(statement));
    // After the templates: the chain items' readings, so wear trends and the predicted-discard report have rows.
    await run(tx, sql.raw(chainReadingsSql('select id from equipment')));
  });

  return users.map((u) => ({
    email: u.email,
    password: DEMO_PASSWORD,
    level: levelName(u.userLevel),
    type: u.userType === 0 ? 'Internal' : 'Report',
  }));
}
