/**
 * Fair turns at the database (issue 24, docs/security.md rule 25). A pool hands its connections out in
 * the order they were asked for, so one user's six report reads and two exports queue ahead of another
 * user's list, which then waits for all of them (the embedded database has one connection). Here the
 * callers waiting for a connection take turns by user instead: the next connection goes to the waiting
 * user whose last turn is the oldest, so another user's query waits for about one query of each other
 * user, not for their whole queue. Requests run as their user (`asCaller`, from the route registration); everything
 * else (sign-in, background work) is one more caller.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

const caller = new AsyncLocalStorage<string>();

/** Runs `work` (and all it starts) as the given caller. */
export const asCaller = <T>(key: string, work: () => T): T => caller.run(key, work);

type Checkout = (error: Error | undefined, client?: pg.PoolClient, release?: (error?: Error | boolean) => void) => void;

/** Makes the pool's connections go round the waiting callers in turn; the pool is changed in place. */
export function takeTurns(pool: pg.Pool): pg.Pool {
  const capacity = pool.options.max ?? 10;
  let inUse = 0;
  let turns = 0;
  /** Callers with someone waiting for a connection. */
  const waiting = new Map<string, (() => void)[]>();
  /** When each caller last got a connection (a count of turns); forgotten once nobody waits. */
  const lastTurn = new Map<string, number>();

  const start = (key: string, go: () => void) => {
    inUse += 1;
    lastTurn.set(key, ++turns);
    go();
  };
  const turn = (key: string) =>
    new Promise<void>((go) => {
      if (inUse < capacity && waiting.size === 0) return start(key, go);
      const queue = waiting.get(key);
      if (queue) queue.push(go);
      else waiting.set(key, [go]);
    });
  const done = () => {
    inUse -= 1;
    if (waiting.size === 0) {
      if (inUse === 0) lastTurn.clear();
      return;
    }
    // The waiting caller whose last turn is the oldest (or who has had none) goes next.
    let next = '';
    let oldest = Number.POSITIVE_INFINITY;
    for (const key of waiting.keys()) {
      const at = lastTurn.get(key) ?? 0;
      if (at < oldest) [next, oldest] = [key, at];
    }
    const queue = waiting.get(next) as (() => void)[];
    const go = queue.shift() as () => void;
    if (queue.length === 0) waiting.delete(next);
    start(next, go);
  };

  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const checkout = async () => {
    await turn(caller.getStore() ?? '');
    let client: pg.PoolClient;
    try {
      client = await connect();
    } catch (error) {
      done();
      throw error;
    }
    // The pool sets a fresh release on every checkout; the turn ends with it, once.
    const release = client.release;
    let released = false;
    client.release = (error?: Error | boolean) => {
      if (!released) {
        released = true;
        done();
      }
      return release(error);
    };
    return client;
  };
  // pg's own pool.query checks out with the callback form; transactions use the promise form.
  (pool as unknown as { connect: (callback?: Checkout) => Promise<pg.PoolClient> | undefined }).connect = (callback?: Checkout) => {
    if (!callback) return checkout();
    checkout().then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error),
    );
    return undefined;
  };
  return pool;
}
