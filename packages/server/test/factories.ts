/** Entity factories for tests: each makes a valid row with sensible defaults, overridable per test. */
import { randomBytes } from 'node:crypto';
import { UserLevel, type UserLevelName, UserType } from '@portal/contract';
import { hashPassword } from '../src/auth/passwords.ts';
import type { Executor } from '../src/db/client.ts';
import { events, folders, owners, userOwners, users } from '../src/db/schema.ts';

const unique = () => randomBytes(4).toString('hex');
let cachedHash: { password: string; hash: string } | undefined;

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
  // Hashing costs ~40 ms; reuse one hash for the common password.
  if (cachedHash?.password !== password) cachedHash = { password, hash: await hashPassword(password) };
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `user-${unique()}@test.example`,
      alias: options.alias,
      passwordHash: cachedHash.hash,
      userLevel: UserLevel[options.level ?? 'SystemAdministrator'],
      userType: options.type === 'Report' ? UserType.Report : UserType.Admin,
      allOwners: options.owners === undefined,
    })
    .returning();
  if (options.owners?.length) await db.insert(userOwners).values(options.owners.map((ownerId) => ({ userId: user.id, ownerId })));
  return { ...user, password };
}

export async function createOwner(db: Executor, values: Partial<typeof owners.$inferInsert> = {}) {
  const [owner] = await db
    .insert(owners)
    .values({ name: `Owner ${unique()}`, shortCode: 'OWN', label: 'primary', ...values })
    .returning();
  return owner;
}

type FolderKind = (typeof folders.$inferInsert)['kind'];
export async function createFolder(db: Executor, kind: FolderKind, values: Partial<typeof folders.$inferInsert> = {}) {
  const [folder] = await db
    .insert(folders)
    .values({ kind, name: `${kind} ${unique()}`, color: 'default', ...values })
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
