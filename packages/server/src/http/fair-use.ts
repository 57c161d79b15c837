/**
 * Fair use (docs/security.md rule 25): one user's exports or reports cannot take the server from
 * everyone else. Each endpoint of a heavy kind (its `fairUse` in the contract) holds one of the
 * user's slots of that kind from the handler's start until the answer has ended (a streamed file
 * included); a call finding them all taken answers 429 with `Retry-After` and does no work. Counts are
 * per instance, in memory: they only ever hold calls this process is running.
 */
import { FAIR_USE_LIMITS, FAIR_USE_RETRY_AFTER_SECONDS, type FairUseKind, fairUseMessages } from '@portal/contract';
import { AppError } from './errors.ts';

export class FairUse {
  private readonly running = new Map<string, number>();

  /** Takes a slot of `kind` for the user, or throws the 429; the returned function gives it back (once). */
  acquire(userId: number, kind: FairUseKind): () => void {
    const key = `${userId}:${kind}`;
    const count = this.running.get(key) ?? 0;
    if (count >= FAIR_USE_LIMITS[kind])
      throw new AppError(429, fairUseMessages[kind], undefined, { 'retry-after': String(FAIR_USE_RETRY_AFTER_SECONDS) });
    this.running.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    };
  }
}
