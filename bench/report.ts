/** The bench's table in docs/performance.md: the section between the markers of its database is rewritten. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Trips } from './capture.ts';
import { type Kind, RATIO_TARGET, targetP95 } from './endpoints.ts';
import type { LoadResult } from './load.ts';

export interface RunInfo {
  date: string;
  commit: string;
  machine: string;
  node: string;
  database: 'postgres' | 'embedded';
  /** Times the scale set (1 when absent: runs before `--scale`). */
  scale?: number;
  databaseServer: string;
  connections: number;
  seconds: number;
  warmup: number;
  loadAverageEnd: string;
  totalSeconds: number;
}

export interface Row {
  name: string;
  kind: Kind | 'floor';
  path?: string;
  connections: number;
  /** The endpoint's own p95 target (ms), if it has one. */
  target?: number;
  /** One-minute load average when the endpoint started. */
  load: number;
  /** SQL per warm request (PostgreSQL runs only). */
  trips?: Trips;
  portal: LoadResult | null;
  bare: LoadResult | null;
}

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '' : `${Math.round(n)}`);

/** Whether the row meets its targets: p95 (32-connection runs, or the row's own target) and the ratio to bare SQL. */
function verdict(row: Row, info: RunInfo): string {
  if (!row.portal || row.kind === 'floor') return '';
  const target = targetP95[row.kind];
  if (info.database === 'embedded' || (target === null && !row.bare)) return row.portal.errors > 0 ? '**no**: errors' : 'no target';
  // No answer at all within the slices (p95 is NaN, so the comparisons below would pass it).
  if (row.portal.rps === 0) return '**no**: no answer within the run';
  const misses: string[] = [];
  if (row.portal.errors > 0) misses.push('errors');
  // The kind's p95 target holds at the run's connections; an endpoint's own target at any number.
  const p95Target = row.target ?? (row.connections > 1 || row.kind === 'export' ? target : null);
  if (info.database === 'postgres' && p95Target !== null && row.portal.p95 >= p95Target) misses.push(`p95 ≥ ${p95Target}`);
  const ratio = row.bare ? row.portal.rps / row.bare.rps : null;
  if (ratio !== null && row.kind !== 'search' && ratio < RATIO_TARGET) misses.push(`ratio < ${RATIO_TARGET}`);
  return misses.length ? `**no**: ${misses.join(', ')}` : 'yes';
}

export function table(info: RunInfo, rows: Row[]): string {
  const lines = [
    `Run of ${info.date.slice(0, 16).replace('T', ' ')} UTC, commit ${info.commit}; ${info.databaseServer}${(info.scale ?? 1) > 1 ? `, the scale set ×${info.scale}` : ''}; ${info.machine}; Node ${info.node}.`,
    `${info.seconds} s per endpoint (portal and bare alternating in three slices) after a ${info.warmup} s warm-up each, ${info.connections} connections unless the row says otherwise; load average (1 min) at each row's start, ${info.loadAverageEnd} (1/5/15 min) at the end; ${info.totalSeconds} s in all. SQL: statements/round trips of one warm request, session look-up included.`,
    '',
    '| endpoint | conns | load | SQL | req/s | p50 ms | p95 ms | p99 ms | errors | peak RSS MB | bare req/s | bare p95 ms | ratio | target met |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const p = row.portal;
    const b = row.bare;
    const ratio = p && b ? (p.rps / b.rps).toFixed(2) : '';
    lines.push(
      `| ${row.name} | ${row.connections} | ${row.load.toFixed(1)} | ${row.trips ? `${row.trips.statements}/${row.trips.roundTrips}` : ''} | ${p ? p.rps.toFixed(0) : ''} | ${ms(p?.p50)} | ${ms(p?.p95)} | ${ms(p?.p99)} | ${p ? p.errors : ''} | ${p?.peakRssMb ? p.peakRssMb.toFixed(0) : ''} | ${b ? b.rps.toFixed(0) : ''} | ${ms(b?.p95)} | ${ratio} | ${verdict(row, info)} |`,
    );
  }
  return lines.join('\n');
}

/** Rewrites the section between `<!-- bench:{name}:start -->` and its end marker (appended when missing). */
function writeSection(file: string, name: string, body: string) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const section = `${start}\n${body}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const next = from >= 0 && to > from ? text.slice(0, from) + section + text.slice(to + end.length) : `${text}\n${section}\n`;
  writeFileSync(file, next);
}

export function writeDoc(file: string, info: RunInfo, rows: Row[]) {
  writeSection(file, info.database, table(info, rows));
}

/** Within this growth of its 1x p95, an endpoint's cost does not depend on the data's size (issue 27). */
export const GROWTH_TARGET = 1.25;

/** Each endpoint's p95 in the newest 1x run on PostgreSQL in `dir` that measured it, with that run's date. */
function lastP95s(dir: string): Map<string, { p95: number; date: string }> {
  const found = new Map<string, { p95: number; date: string }>();
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('-postgres.json'))
    .sort()
    .reverse();
  for (const name of files) {
    const run = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { info: RunInfo; rows: Row[] };
    for (const row of run.rows)
      if (row.portal && !found.has(row.name))
        found.set(row.name, { p95: row.portal.p95, date: run.info.date.slice(0, 16).replace('T', ' ') });
  }
  return found;
}

/** Each endpoint's p95 at ×N beside its newest 1x figure in `dir`, with the growth factor. */
export function growthTable(dir: string, scale: number, rows: Row[]): string {
  const base = lastP95s(dir);
  const lines = [
    `p95 at ×${scale} over the newest 1x p95 of the same endpoint in bench/results (its run's date given); target ≤ ${GROWTH_TARGET}. Compare runs made on an equally quiet machine: single runs move by ±40 %.`,
    '',
    `| endpoint | 1x run | p95 ms 1x | p95 ms ×${scale} | growth | within ${GROWTH_TARGET} |`,
    '|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const before = base.get(row.name);
    if (!row.portal || !before) continue;
    const growth = row.portal.p95 / before.p95;
    lines.push(
      `| ${row.name} | ${before.date} | ${ms(before.p95)} | ${ms(row.portal.p95)} | ${growth.toFixed(2)} | ${growth <= GROWTH_TARGET ? 'yes' : '**no**'} |`,
    );
  }
  return lines.join('\n');
}

/** The ×N run's table and its growth table, between the markers of `postgres-Nx`. */
export function writeGrowth(file: string, dir: string, scale: number, info: RunInfo, rows: Row[]) {
  writeSection(file, `postgres-${scale}x`, `${table(info, rows)}\n\n${growthTable(dir, scale, rows)}`);
}
