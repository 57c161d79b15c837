import { type AdminUser, levelName, type UserOwner, UserType, type UserTypeValue, userTypeLabels } from '@portal/contract';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import { auditColumns, presentAudit, type Viewer } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { nameTaken } from '../../db/names.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { chips, owners, userOwners, users } from '../../db/schema.ts';
import { inOwnerScope } from '../../db/scope.ts';

/** Who manages users: the signed-in user's level and owners. */
export type Manager = Pick<AuthUser, 'userLevel' | 'allOwners' | 'ownerIds'>;

/**
 * The one rule of who manages whom (docs/security.md rule 21), as a condition on `users`: a user whose
 * rights lie within the manager's, that is, no higher level and, for a manager with an owner list, no
 * owner outside it (never a user with all owners). Every user list, look-up and write reads its
 * user through it, so a user outside it reads as missing (404). Values or prepared placeholders.
 */
function managedBy(manager: { level: unknown; allOwners: unknown; owners: unknown }): SQL {
  return sql`(${users.userLevel} <= ${manager.level} and (${manager.allOwners}::boolean or (not ${users.allOwners} and not exists (
    select 1 from user_owners uo where uo.user_id = "users"."id" and uo.owner_id <> all(${manager.owners}::int[])))))`;
}
const managedByPlaceholders = managedBy({
  level: sql.placeholder('managerLevel'),
  allOwners: sql.placeholder('managerAllOwners'),
  owners: sql.placeholder('managerOwners'),
});
const managerValues = (manager: Manager) => ({
  managerLevel: manager.userLevel,
  managerAllOwners: manager.allOwners,
  managerOwners: manager.ownerIds,
});
const managedByManager = (manager: Manager) =>
  managedBy({ level: manager.userLevel, allOwners: manager.allOwners, owners: sql.param(manager.ownerIds) });

// Correlated subqueries spell out "users"."id": drizzle leaves columns unqualified in one-table selects.
const chipOfUser = sql<string | null>`(select c.chip_id from chips c where c.user_id = "users"."id" limit 1)`;
const ownersOfUser = sql<UserOwner[]>`coalesce((
  select json_agg(json_build_object('id', o.id, 'name', o.name, 'shortCode', o.short_code) order by o.name)
  from user_owners uo join owners o on o.id = uo.owner_id
  where uo.user_id = "users"."id"), '[]'::json)`;

/** What every view of a user shows: the admin list and editor, and the user's own profile. */
const profileColumns = {
  id: users.id,
  email: users.email,
  alias: users.alias,
  userType: users.userType,
  userLevel: users.userLevel,
  allOwners: users.allOwners,
  owners: ownersOfUser,
  chipId: chipOfUser,
  inspectorName: users.inspectorName,
  inspectorQualification: users.inspectorQualification,
  inspectorCompany: users.inspectorCompany,
};

const adminUserColumns = { ...profileColumns, ...auditColumns(users) };

const adminUserQuery = (db: Executor) => db.select(adminUserColumns).from(users);
type AdminUserRow = Awaited<ReturnType<typeof adminUserQuery>>[number];

function toAdminUser(row: AdminUserRow, viewer: Viewer): AdminUser {
  return presentAudit({ ...row, externalUser: row.userType === UserType.Report }, viewer);
}

/** A LIKE pattern that matches the text literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The users the viewer manages, by email, optionally those whose email or alias contains `search`
 * (case-insensitive). Managing users is for internal users (`manageUsers` is `internal: true`).
 */
export async function selectAdminUsers(
  db: Executor,
  filter: { search?: string; externalOfOwner?: number; viewer: Viewer & Manager },
): Promise<AdminUser[]> {
  // Built once per variant (db/prepared.ts): the list is read on every visit of the Users page.
  const key = `users.admin.${filter.search ? 's' : ''}${filter.externalOfOwner !== undefined ? 'o' : ''}`;
  const query = prepared(db, key, () => {
    const conditions: (SQL | undefined)[] = [managedByPlaceholders];
    if (filter.search) {
      const pattern = sql.placeholder('pattern');
      conditions.push(or(sql`${users.email} ilike ${pattern}`, sql`${users.alias} ilike ${pattern}`));
    }
    if (filter.externalOfOwner !== undefined) {
      conditions.push(
        eq(users.userType, UserType.Report),
        sql`exists (select 1 from user_owners uo where uo.user_id = "users"."id" and uo.owner_id = ${sql.placeholder('owner')})`,
      );
    }
    return adminUserQuery(db)
      .where(and(...conditions))
      .orderBy(sql`lower(${users.email})`)
      .prepare(UNNAMED);
  });
  const rows = await query.execute({
    pattern: filter.search && containing(filter.search),
    owner: filter.externalOfOwner,
    ...managerValues(filter.viewer),
  });
  return rows.map((row) => toAdminUser(row, filter.viewer));
}

/** One user the viewer manages (undefined for one they do not, as for a missing one). */
export async function selectAdminUser(db: Executor, userId: number, viewer: Viewer & Manager): Promise<AdminUser | undefined> {
  const [row] = await adminUserQuery(db).where(and(eq(users.id, userId), managedByManager(viewer)));
  return row && toAdminUser(row, viewer);
}

/** The owners the editor can grant: their own (every owner with all owners), for the owner picker. */
export function selectOwnerChoices(db: Executor, scope: OwnerScope): Promise<UserOwner[]> {
  return db
    .select({ id: owners.id, name: owners.name, shortCode: owners.shortCode })
    .from(owners)
    .where(inOwnerScope(owners.id, scope))
    .orderBy(asc(owners.name));
}

export async function ownerExists(db: Executor, ownerId: number): Promise<boolean> {
  return (await db.$count(owners, eq(owners.id, ownerId))) > 0;
}

/** How many of the given owner ids exist. */
export async function countOwners(db: Executor, ownerIds: number[]): Promise<number> {
  if (ownerIds.length === 0) return 0;
  return db.$count(owners, inArray(owners.id, ownerIds));
}

/** What the edit rules need to know about the user being changed: only a user the manager manages. */
export async function findUserForEdit(db: Executor, userId: number, manager: Manager) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      userLevel: users.userLevel,
      userType: users.userType,
      allOwners: users.allOwners,
      currentOwnerId: users.currentOwnerId,
      ownerIds: sql<
        number[]
      >`coalesce((select array_agg(uo.owner_id order by uo.owner_id) from user_owners uo where uo.user_id = "users"."id"), '{}')`,
    })
    .from(users)
    .where(and(eq(users.id, userId), managedByManager(manager)));
  return row;
}
export type UserForEdit = NonNullable<Awaited<ReturnType<typeof findUserForEdit>>>;

/** An alias is taken when another user has it as alias or as email (login accepts either). */
export function isAliasTaken(db: Executor, alias: string, exceptUserId: number): Promise<boolean> {
  return nameTaken(db, { table: users, id: users.id, names: [users.alias, users.email], name: alias, exceptId: exceptUserId });
}

export function isEmailRegistered(db: Executor, email: string): Promise<boolean> {
  return nameTaken(db, { table: users, id: users.id, names: [users.email, users.alias], name: email });
}

/** Who holds a chip code, compared case-insensitively (scanners differ in the case they type). */
export async function findChipHolder(db: Executor, chipId: string) {
  const [row] = await db
    .select({ chipId: chips.chipId, equipmentId: chips.equipmentId, userId: chips.userId })
    .from(chips)
    .where(sql`lower(${chips.chipId}) = ${chipId.toLowerCase()}`)
    .limit(1);
  return row;
}

/** The signed-in user's own profile (GET /Account/UserInfo). */
export async function selectUserInfo(db: Executor, userId: number) {
  const [row] = await db
    .select({ ...profileColumns, currentOwnerId: users.currentOwnerId })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return {
    ...row,
    userTypeLabel: userTypeLabels[row.userType as UserTypeValue] ?? String(row.userType),
    levelName: levelName(row.userLevel),
    externalUser: row.userType === UserType.Report,
  };
}

/** Replaces a user's owners as a set. */
export async function replaceUserOwners(tx: Executor, userId: number, ownerIds: number[]): Promise<void> {
  await tx.delete(userOwners).where(eq(userOwners.userId, userId));
  if (ownerIds.length) await tx.insert(userOwners).values(ownerIds.map((ownerId) => ({ userId, ownerId })));
}

// ---------------------------------------------------------------- writes

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

export async function updateUser(db: Executor, userId: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Deletes a user; chips, owner links and sessions go with them (foreign keys cascade). */
export async function deleteUserRow(db: Executor, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

export async function insertUserChip(db: Executor, values: { chipId: string; userId: number; createdBy: string }): Promise<void> {
  // New chip codes are stored upper-case (compared without case: chips_chip_id_lower_key).
  await db.insert(chips).values({ ...values, chipId: values.chipId.toUpperCase() });
}

/** Removes a user's chips; answers how many there were. */
export async function deleteUserChips(db: Executor, userId: number): Promise<number> {
  const removed = await db.delete(chips).where(eq(chips.userId, userId)).returning({ chipId: chips.chipId });
  return removed.length;
}
