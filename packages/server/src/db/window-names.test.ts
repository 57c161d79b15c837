/** Names for statements with a literal page window (db/client.ts `windowStatementName`). */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { preparingPool, windowStatementName } from './client.ts';

describe('windowStatementName', () => {
  it('names each text once, apart from the pool’s own names, until its budget of 200 is spent', async () => {
    const pool = preparingPool(new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' }));
    const names = Array.from({ length: 200 }, (_, i) => windowStatementName(pool, `select 1 limit 50 offset ${i * 50}`));
    expect(new Set(names).size).toBe(200);
    expect(names.every((name) => name?.startsWith('w'))).toBe(true);
    expect(windowStatementName(pool, 'select 1 limit 50 offset 0')).toBe(names[0]);
    // Spent: the caller sends the window as parameters instead.
    expect(windowStatementName(pool, 'select 1 limit 50 offset 999999')).toBeUndefined();
    await pool.end();
  });

  it('gives no name where the pool does not prepare (PGlite)', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    expect(windowStatementName(pool, 'select 1 limit 50 offset 0')).toBeUndefined();
    await pool.end();
  });
});
