/** Fair turns at the database: waiting callers take the pool's connections in turn by user, not in order of asking. */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { asCaller, takeTurns } from './fair-turns.ts';

/** A pool of `max` connections that records who holds one; each holder releases when told. */
function stubPool(max: number) {
  const pool = {
    options: { max },
    connect: async () => ({ release: () => {} }) as unknown as pg.PoolClient,
  } as unknown as pg.Pool;
  return takeTurns(pool);
}

describe('takeTurns', () => {
  it("another user's query waits for the one running, not for the busy user's queue", async () => {
    const pool = stubPool(1);
    const order: string[] = [];
    const held: pg.PoolClient[] = [];
    const ask = (user: string, name: string) =>
      asCaller(user, async () => {
        const client = await pool.connect();
        order.push(name);
        held.push(client);
      });
    const asked = [ask('busy', 'busy-1'), ask('busy', 'busy-2'), ask('busy', 'busy-3'), ask('other', 'other-1'), ask('busy', 'busy-4')];
    const releaseNext = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      held.shift()?.release();
    };
    for (let i = 0; i < 5; i++) await releaseNext();
    await Promise.all(asked);
    expect(order).toEqual(['busy-1', 'other-1', 'busy-2', 'busy-3', 'busy-4']);
  });

  it('serves the callback form (pg runs pool.query through it) and frees the turn on a failed connect', async () => {
    let fail = true;
    const pool = takeTurns({
      options: { max: 1 },
      connect: async () => {
        if (fail) throw new Error('refused');
        return { release: () => {} } as unknown as pg.PoolClient;
      },
    } as unknown as pg.Pool);
    await expect(pool.connect()).rejects.toThrow('refused');
    fail = false;
    const client = await new Promise<pg.PoolClient>((resolve, reject) =>
      pool.connect((error, c) => (error || !c ? reject(error) : resolve(c))),
    );
    client.release();
    client.release(); // a second release does not free a second turn
    const again = await pool.connect();
    again.release();
  });
});
