/** Shared helpers of the scale seed (seed:scale): progress output and SQL expression builders. */
import type pg from 'pg';

export const BY = 'scale-seed@scale.example';
/** Rows per INSERT ... SELECT statement. */
export const CHUNK = 200_000;

export interface ScaleOptions {
  equipment: number;
  certificates: number;
  events: number;
  eventItems: number;
}

/** A deterministic number in [0, 1) from a row's seed expression and a salt (SQL). */
export const rnd = (seed: string, salt: number) => `((hashint8((${seed})::bigint * 7919 + ${salt}) & 1048575)::float8 / 1048576)`;
/** An element of a text array literal chosen by `rnd`. */
export const pick = (items: string[], seed: string, salt: number) =>
  `(${sqlArray(items)})[1 + floor(${rnd(seed, salt)} * ${items.length})::int]`;
export const sqlArray = (items: string[]) => `array[${items.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]::text[]`;

export const started = performance.now();
export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
export const log = (message: string) => console.log(`[${seconds(started).padStart(7)} s] ${message}`);

/** Runs `fill(lo, hi)` over 1..total in chunks, printing progress. */
export async function chunked(label: string, total: number, size: number, fill: (lo: number, hi: number) => Promise<number | null>) {
  for (let lo = 1; lo <= total; lo += size) {
    const hi = Math.min(total, lo + size - 1);
    const t = performance.now();
    const rows = (await fill(lo, hi)) ?? hi - lo + 1;
    log(
      `${label}: ${hi.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} (${rows.toLocaleString('en-US')} rows in ${seconds(t)} s)`,
    );
  }
}

export async function one(client: pg.PoolClient, text: string, params: unknown[] = []): Promise<number> {
  const r = await client.query(text, params);
  return Number(Object.values(r.rows[0] ?? {})[0] ?? 0);
}
