import { and, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { chips, sessions, users } from '../../db/schema.ts';

export async function findUserByLogin(db: Executor, username: string) {
  const name = username.trim().toLowerCase();
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${name}`, sql`lower(${users.alias}) = ${name}`))
    .limit(1);
  return user;
}

/** Prepared once (db/prepared.ts): it runs on every page load. */
export async function findCurrentUser(db: Executor, userId: number) {
  const [user] = await prepared(db, 'account.current', () => currentUserQuery(db)).execute({ userId });
  return user;
}

function currentUserQuery(db: Executor) {
  return db
    .select({
      id: users.id,
      email: users.email,
      userType: users.userType,
      userLevel: users.userLevel,
      allOwners: users.allOwners,
      alias: users.alias,
      // Correlated subqueries spell out table names: drizzle leaves columns unqualified in one-table selects.
      chipId: sql<string | null>`(select c.chip_id from chips c where c.user_id = "users"."id" limit 1)`,
      owners: sql<{ id: number; name: string }[]>`coalesce((
        select json_agg(json_build_object('id', o.id, 'name', o.name) order by o.name)
        from user_owners uo join owners o on o.id = uo.owner_id
        where uo.user_id = "users"."id"), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare(UNNAMED);
}

export async function findUserPassword(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

/** A reset sets the password and clears the wrong-code count. */
export async function setPasswordFromReset(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, resetFailures: 0, resetFailuresSince: null }).where(eq(users.id, userId));
}

/** A change sets the password and ends the user's sessions except the one that asked. */
export async function setPasswordKeepingSession(db: Database, options: { userId: number; sessionId: number; passwordHash: string }) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: options.passwordHash }).where(eq(users.id, options.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, options.userId), ne(sessions.id, options.sessionId), isNull(sessions.revokedAt)));
  });
}

/** Wrong reset codes for the user within the last hour (a count whose window restarts after an hour). */
export async function resetFailuresWithinHour(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`case when ${users.resetFailuresSince} > now() - interval '1 hour' then ${users.resetFailures} else 0 end` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.n ?? 0;
}

/** One statement, so concurrent failures cannot overwrite each other's count. */
export async function recordResetFailure(db: Executor, userId: number): Promise<void> {
  const recent = sql`${users.resetFailuresSince} > now() - interval '1 hour'`;
  await db
    .update(users)
    .set({
      resetFailures: sql`case when ${recent} then ${users.resetFailures} + 1 else 1 end`,
      resetFailuresSince: sql`case when ${recent} then ${users.resetFailuresSince} else now() end`,
    })
    .where(eq(users.id, userId));
}

/** The user holding this chip (a user's chip, never an equipment chip); the chip index compares lower-case. */
export async function findUserByChip(db: Executor, chipId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(chips)
    .innerJoin(users, eq(users.id, chips.userId))
    .where(and(sql`lower(${chips.chipId}) = lower(${chipId})`, isNotNull(chips.userId)));
  return row;
}
