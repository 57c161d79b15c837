/**
 * The one loader of the signed-in user: who they are, their level and type, and their owner ids.
 * A session, a download link and a policy check all read the user through these columns, so a level
 * or owner change applies on the next request.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';

export interface AuthUser {
  id: number;
  email: string;
  userType: number;
  userLevel: number;
  allOwners: boolean;
  ownerIds: number[];
  /** The session the request came with (a download link carries its session too). */
  sessionId: number;
}

/** The user's owner ids, ascending; correlated on "users"."id" (drizzle leaves one-table columns unqualified). */
export const ownerIdsOfUser = sql<
  number[]
>`coalesce((select array_agg(uo.owner_id order by uo.owner_id) from user_owners uo where uo.user_id = "users"."id"), '{}')`;

export const authUserColumns = {
  id: users.id,
  email: users.email,
  userType: users.userType,
  userLevel: users.userLevel,
  allOwners: users.allOwners,
  ownerIds: ownerIdsOfUser,
};

/** The user a download link was issued to, read fresh so that level and owner changes apply at once. */
export async function selectAuthUserById(db: Executor, userId: number): Promise<Omit<AuthUser, 'sessionId'> | undefined> {
  const [row] = await db.select(authUserColumns).from(users).where(eq(users.id, userId));
  return row;
}
