/**
 * The SQL of every report (rules: docs/reports.md), split by sub-feature: item lists
 * (`item-queries.ts`), aggregates (`totals-queries.ts`), the general report and look-ups
 * (`general-queries.ts`); the shared shape in `shape.ts`. Each tabular report is one ordered SELECT;
 * the service pages it (JSON) or streams it through a cursor (Excel). Owner scope is applied inside
 * each query with `inOwnerScope` on the certificate's owner.
 */
import type { ReportName } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { int, readRows, renderRead, sheetRows } from '../../db/read.ts';
import { itemCounts, itemPages, itemQueries, itemSummaries } from './item-queries.ts';
import type { ReportContext } from './shape.ts';
import { readWhole, totalsCounts, totalsQueries, totalsSummaries } from './totals-queries.ts';

export type { ReportContext } from './shape.ts';

/** The ordered SELECT of each tabular report. */
export const reportQueries: Record<ReportName, (ctx: ReportContext) => SQL> = { ...itemQueries, ...totalsQueries };

/** Counts that differ from counting the report's SELECT (see each file). */
export const reportCounts: Partial<Record<ReportName, (ctx: ReportContext) => SQL>> = { ...itemCounts, ...totalsCounts };

/** Pages read by id first (item-pages.ts); other reports page their SELECT. */
export const reportPages: Partial<Record<ReportName, (ctx: ReportContext, limit: number, offset: number) => SQL>> = itemPages;

/** Figures shown above some reports: label -> value. */
export const reportSummaries: Partial<Record<ReportName, (ctx: ReportContext) => SQL>> = { ...itemSummaries, ...totalsSummaries };

/** Reports read whole and paged here (see totals-queries.ts). */
export const reportsReadWhole: ReadonlySet<ReportName> = readWhole;

/** One page of a report read whole: its aggregate runs once, not once for the page and once to count. */
export async function selectWholeReportPage(db: Executor, query: SQL, page: number, pageSize: number) {
  const rows = await sheetRows(db, query);
  return { rows: rows.slice(page * pageSize, (page + 1) * pageSize), total: rows.length };
}

export async function selectReportPage(db: Executor, query: SQL, page: number, pageSize: number, countQuery?: SQL, pageQuery?: SQL) {
  const counted = renderRead('reports.count', {
    columns: { n: int(sql`counted.n`) },
    from: sql`from (${countQuery ?? sql`select count(*)::int as n from (${query}) r`}) counted`,
  });
  const [rows, [count]] = await Promise.all([
    sheetRows(db, pageQuery ?? sql`${query} limit ${pageSize} offset ${page * pageSize}`),
    readRows(db, counted),
  ]);
  return { rows, total: count.n };
}

export async function selectSummary(db: Executor, query: SQL) {
  // Each summary names its two columns label and value.
  return (await sheetRows(db, query)) as { label: string; value: number }[];
}
