/** Entity factories for tests: each makes a valid row with sensible defaults, overridable per test. */
import { argon2Sync, randomBytes } from 'node:crypto';
import { UserLevel, type UserLevelName, UserType } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import { events, folders, owners, userOwners, users } from '../src/db/schema.ts';

const unique = () => randomBytes(4).toString('hex');

/**
 * Test users' passwords are hashed with Argon2id at the smallest cost (8 KiB, one pass) in the same
 * PHC form as production's hashPassword, so verifyPassword, which reads the cost from the stored
 * string, checks them in well under a millisecond, also through the real login route. Production's
 * cost is proved in src/features/account/passwords.test.ts. One hash per password per process.
 */
const CHEAP = { memory: 8, passes: 1, parallelism: 1, tagLength: 32 };
const testHashes = new Map<string, string>();
export function testPasswordHash(password: string): string {
  let hash = testHashes.get(password);
  if (!hash) {
    const nonce = randomBytes(16);
    const tag = argon2Sync('argon2id', { message: password, nonce, ...CHEAP });
    hash = `$argon2id$v=19$m=${CHEAP.memory},t=${CHEAP.passes},p=${CHEAP.parallelism}$${nonce.toString('base64url')}$${tag.toString('base64url')}`;
    testHashes.set(password, hash);
  }
  return hash;
}

export interface UserOptions {
  level?: UserLevelName;
  type?: 'Internal' | 'Report';
  /** Owner ids granted; omitted means all owners. */
  owners?: number[];
  email?: string;
  alias?: string;
  password?: string;
}

export async function createUser(db: Executor, options: UserOptions = {}) {
  const password = options.password ?? 'Test-password-1';
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `user-${unique()}@test.example`,
      alias: options.alias,
      passwordHash: testPasswordHash(password),
      userLevel: UserLevel[options.level ?? 'SystemAdministrator'],
      userType: options.type === 'Report' ? UserType.Report : UserType.Admin,
      allOwners: options.owners === undefined,
    })
    .returning();
  if (options.owners?.length) await db.insert(userOwners).values(options.owners.map((ownerId) => ({ userId: user.id, ownerId })));
  return { ...user, password };
}

/** Short codes are unique: a database's first owner is 'OWN', later ones 'OWN' and a random part. */
export async function createOwner(db: Executor, values: Partial<typeof owners.$inferInsert> = {}) {
  const codeTaken = (await db.$count(owners, sql`lower(${owners.shortCode}) = 'own'`)) > 0;
  const [owner] = await db
    .insert(owners)
    .values({ name: `Owner ${unique()}`, shortCode: codeTaken ? `OWN${unique().slice(0, 6)}` : 'OWN', label: 'primary', ...values })
    .returning();
  return owner;
}

type FolderKind = (typeof folders.$inferInsert)['kind'];
export async function createFolder(db: Executor, kind: FolderKind, values: Partial<typeof folders.$inferInsert> = {}) {
  const [folder] = await db
    .insert(folders)
    // A status is an inspection found fit unless the test says otherwise.
    .values({ kind, name: `${kind} ${unique()}`, color: 'default', ...(kind === 'status' ? { meaning: 'fit' as const } : {}), ...values })
    .returning();
  return folder;
}

/** An event with its own type, rig and project unless given. */
export async function createEvent(db: Executor, values: Partial<typeof events.$inferInsert> = {}) {
  const typeId = values.typeId ?? (await createFolder(db, 'eventType')).id;
  const rigId = values.rigId ?? (await createFolder(db, 'rig')).id;
  const projectId = values.projectId ?? (await createFolder(db, 'project', { parentId: rigId })).id;
  const [event] = await db
    .insert(events)
    .values({ typeId, rigId, projectId, eventDate: '2026-01-15', eventLocation: 'Bergen', createdBy: 'inspector@test.example', ...values })
    .returning();
  return event;
}
