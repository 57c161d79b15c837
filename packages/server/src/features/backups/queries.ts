import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Executor } from '../../db/client.ts';
import { bool, defineRead, readRows } from '../../db/read.ts';
import { backups } from '../../db/schema.ts';

/** The one advisory lock key of backup runs: one run at a time across every instance. */
export const BACKUP_LOCK_KEY = 740_034;

/** True while any session (any instance) holds the backup lock. */
export async function backupLockHeld(db: Executor): Promise<boolean> {
  const read = defineRead('backups.lockHeld', () => ({
    columns: {
      held: bool(sql`exists (select 1 from pg_locks
      where locktype = 'advisory' and classid = 0 and objid = ${sql.placeholder('key')} and objsubid = 1 and granted)`),
    },
    from: sql``,
  }));
  const [{ held }] = await readRows(db, read, { key: BACKUP_LOCK_KEY });
  return held;
}

/** The latest run: its rows (one per backup file) share the start time. */
export async function latestRun(db: Executor) {
  const [last] = await db.select({ createdAt: backups.createdAt }).from(backups).orderBy(desc(backups.id)).limit(1);
  if (!last) return [];
  return db.select().from(backups).where(eq(backups.createdAt, last.createdAt));
}

/** A scheduled run is skipped when another instance finished one this recently. */
export async function finishedSince(db: Executor, since: Date): Promise<boolean> {
  const found = await db
    .select({ id: backups.id })
    .from(backups)
    .where(and(eq(backups.status, 'done'), gt(backups.finishedAt, since)))
    .limit(1);
  return found.length > 0;
}

// The run itself holds one connection (the lock is that session's), so it writes its log rows on it.

export async function tryLock(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [BACKUP_LOCK_KEY]);
  return rows[0].locked;
}

export async function unlock(client: pg.ClientBase): Promise<void> {
  await client.query('select pg_advisory_unlock($1)', [BACKUP_LOCK_KEY]);
}

export async function insertRunRows(client: pg.ClientBase, rows: { name: string; kind: string; startedBy: string | null; at: Date }[]) {
  const ids: number[] = [];
  for (const row of rows) {
    const result = await client.query<{ id: number }>(
      `insert into backups (name, kind, status, created_at, created_by) values ($1, $2, 'running', $3, $4) returning id`,
      [row.name, row.kind, row.at, row.startedBy],
    );
    ids.push(result.rows[0].id);
  }
  return ids;
}

export async function finishRunRows(client: pg.ClientBase, ids: number[], outcome: { status: 'done' | 'failed'; error?: string }) {
  await client.query(`update backups set status = $1, error = $2, finished_at = now() where id = any($3::int[])`, [
    outcome.status,
    outcome.error ?? null,
    ids,
  ]);
}
