import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

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

export async function findCurrentUser(db: Executor, userId: number) {
  const [user] = await db
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
    .where(eq(users.id, userId));
  return user;
}
