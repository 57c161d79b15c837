/**
 * The review of the status meanings the upgrade chose from colours (migration 0032): pending rows are
 * listed on /Admin/Events until an Admin confirms them; confirming records who and when.
 */
import type { MeaningReview, StatusMeaning } from '@portal/contract';
import { eq, isNull, sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/users.ts';
import type { Executor } from '../../db/client.ts';
import { folders, statusMeaningReviews } from '../../db/schema.ts';

export async function selectPendingMeanings(db: Executor): Promise<MeaningReview['pending']> {
  const type = sql`(select t.name from folders t where t.id = ${folders.parentId})`;
  const rows = await db
    .select({
      statusId: folders.id,
      eventTypeId: sql<number>`${folders.parentId}`,
      eventType: sql<string>`${type}`,
      status: folders.name,
      color: folders.color,
      // The check constraint folders_status_meaning gives every status a meaning.
      meaning: sql<StatusMeaning>`${folders.meaning}`,
      reason: statusMeaningReviews.reason,
    })
    .from(statusMeaningReviews)
    .innerJoin(folders, eq(folders.id, statusMeaningReviews.statusId))
    .where(isNull(statusMeaningReviews.confirmedAt))
    .orderBy(sql`lower(${type})`, folders.sortOrder, folders.id);
  return rows;
}

export async function getMeaningReview(db: Executor): Promise<MeaningReview> {
  return { pending: await selectPendingMeanings(db) };
}

/** Confirms every pending meaning as it is now; the list is empty afterwards. */
export async function confirmMeanings(db: Executor, user: AuthUser): Promise<MeaningReview> {
  await db
    .update(statusMeaningReviews)
    .set({ confirmedBy: user.email, confirmedAt: new Date() })
    .where(isNull(statusMeaningReviews.confirmedAt));
  return getMeaningReview(db);
}
