import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared, UNNAMED } from '../../db/prepared.ts';
import { users } from '../../db/schema.ts';

export async function findUserByLogin(db: Executor, username: string) {
  const name = username.trim().toLowerCase();
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      lockedUntil: users.lockedUntil,
      failedLogins: users.failedLogins,
    })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${name}`, sql`lower(${users.alias}) = ${name}`))
    .limit(1);
  return user;
}

export async function recordFailedLogin(db: Executor, options: { userId: number; maxAttempts: number; lockMs: number }) {
  // One statement, so concurrent failures cannot overwrite each other's count.
  await db.execute(sql`
    update ${users} set
      failed_logins = case when failed_logins + 1 >= ${options.maxAttempts} then 0 else failed_logins + 1 end,
      locked_until = case when failed_logins + 1 >= ${options.maxAttempts}
        then now() + make_interval(secs => ${options.lockMs / 1000}) else locked_until end
    where id = ${options.userId}`);
}

export async function clearFailedLogins(db: Executor, userId: number) {
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
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
