/**
 * `Idempotency-Key` on every signed-in write (docs/security.md rule 26): the first call with a key runs
 * and its answer is kept for a day; the same key from the same user again gets that answer (with
 * `Idempotent-Replayed: true`) and runs nothing, so a double-submitted create creates one record. The
 * key is tied to its request (method, address, body): another request with it answers 422. A call
 * arriving while the first still runs waits for its answer. Only successes are kept: after an error the
 * key is free again, so a corrected retry runs. A multipart upload's file is not part of the request
 * checked; its key is tied to the method and address only.
 */
import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { IDEMPOTENCY_HEADER, idempotencyMessages } from '@portal/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { idempotentAnswers } from '../db/schema.ts';
import { AppError, badRequest } from './errors.ts';

const KEEP = sql`interval '1 day'`;
/** A call still marked running after this long died with its process: a retry takes its key over. */
const ABANDONED = sql`interval '10 minutes'`;
const KEY = /^[\x21-\x7e]{1,200}$/;
/** How long a repeated call waits for the first one's answer, and how often it looks. */
const WAIT_MS = 30_000;
const POLL_MS = 50;
/** Expired answers are deleted at most this often (per process). */
const PURGE_EVERY_MS = 60_000;

export interface KeptAnswer {
  status: number;
  body: string | null;
}

/** The request's key, or undefined without the header; a malformed one is a 400. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY.test(header)) throw badRequest('Idempotency-Key', idempotencyMessages.badKey);
  return header;
}

const requestHash = (request: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.method, request.url, request.body ?? null]))
    .digest('base64url');

export class IdempotentAnswers {
  private lastPurge = 0;
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * Claims the key for this request: answers null when the caller is to run it (then `keep` or `free`
   * it), or the kept answer to send again.
   */
  async claim(userId: number, key: string, request: FastifyRequest): Promise<KeptAnswer | null> {
    await this.purge();
    const hash = requestHash(request);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      // A new key, one whose answer is older than a day or one of a call that died is taken by this request.
      const claimed = await this.db
        .insert(idempotentAnswers)
        .values({ userId, key, requestHash: hash })
        .onConflictDoUpdate({
          target: [idempotentAnswers.userId, idempotentAnswers.key],
          set: { requestHash: hash, status: null, body: null, createdAt: sql`now()` },
          setWhere: or(
            lt(idempotentAnswers.createdAt, sql`now() - ${KEEP}`),
            and(isNull(idempotentAnswers.status), lt(idempotentAnswers.createdAt, sql`now() - ${ABANDONED}`)),
          ),
        })
        .returning({ key: idempotentAnswers.key });
      if (claimed.length > 0) return null;
      const [kept] = await this.db.select().from(idempotentAnswers).where(this.row(userId, key));
      if (!kept) continue; // freed in between: claim it again
      if (kept.requestHash !== hash) throw new AppError(422, idempotencyMessages.otherRequest);
      if (kept.status !== null) return { status: kept.status, body: kept.body };
      if (Date.now() > deadline) throw new AppError(409, idempotencyMessages.stillRunning);
      await setTimeout(POLL_MS);
    }
  }

  /** Keeps the answer of a claimed key. */
  async keep(userId: number, key: string, answer: KeptAnswer): Promise<void> {
    await this.db.update(idempotentAnswers).set(answer).where(this.row(userId, key));
  }

  /** Frees a claimed key whose call failed, so that a retry runs. */
  async free(userId: number, key: string): Promise<void> {
    await this.db.delete(idempotentAnswers).where(and(this.row(userId, key), isNull(idempotentAnswers.status)));
  }

  private row(userId: number, key: string) {
    return and(eq(idempotentAnswers.userId, userId), eq(idempotentAnswers.key, key));
  }

  private async purge() {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    await this.db.delete(idempotentAnswers).where(lt(idempotentAnswers.createdAt, sql`now() - ${KEEP}`));
  }
}
