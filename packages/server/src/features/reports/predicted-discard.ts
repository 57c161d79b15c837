/**
 * The predicted-discard report (issue 28 part 5, docs/measurements.md "The predicted-discard report"):
 * the caller's owners' active items whose wear trend reaches its condemned limit within N months,
 * soonest first. It reads `equipment_wear` (db/derived/equipment_wear.sql, decision 082) in predicted
 * date order by its partial index, so the first page walks the index and stops (docs/performance.md).
 * A caller of some owners does not get an item whose trend holds readings recorded for another owner.
 */
import { PREDICTED_DISCARD_TITLE, type PredictedDiscardQuery, type ReportTable } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { OwnerScope } from '../../auth/scope.ts';
import type { Executor } from '../../db/client.ts';
import { forEachBatch } from '../../db/cursor.ts';
import { ownerScoped } from '../../db/scope.ts';
import { storedWearShown } from '../../db/wear.ts';
import { excelFileName, sendWorkbook } from '../../http/excel.ts';
import { selectReportPage } from './queries.ts';
import { reportScope } from './service.ts';
import { column } from './shape.ts';

const columns = [
  column('stampedId', 'Stamped id', 'stampedId'),
  column('owner', 'Owner'),
  column('type', 'Type'),
  column('dimension', 'Dimension'),
  column('points', 'Inspections', 'number'),
  column('ratePerYear', 'Wear a year', 'number'),
  column('limit', 'Discard limit', 'number'),
  column('unit', 'Unit'),
  column('predictedDiscardDate', 'Predicted discard', 'date'),
];

const describe = (months: number) =>
  `Active items whose wear trend (least squares over their measured inspections) reaches the condemned limit within ${months} months, soonest first; a date already past means the line reached the limit before today.`;

const within = (scope: OwnerScope, months: number) => sql`
  w.predicted_discard_date is not null
    and w.predicted_discard_date <= (current_date + make_interval(months => ${months}::int))::date
    and not w.hidden and ${ownerScoped(sql`w.owner_id`, scope)} and ${storedWearShown(scope)}`;

/** The report's rows, in predicted date order (equipment_wear_predicted_idx). */
const rowsOf = (scope: OwnerScope, months: number) => sql`
  select r.stamped_id as "stampedId", o.name as owner, ct.name as type, d.name as dimension, w.points,
    w.rate_per_year as "ratePerYear", w.discard_limit as "limit", w.unit, w.predicted_discard_date::text as "predictedDiscardDate"
  from equipment_wear w
  join report_items r on r.equipment_id = w.equipment_id
  join owners o on o.id = w.owner_id
  join certificate_types ct on ct.id = r.type_id
  join dimensions d on d.id = r.dimension_id
  where ${within(scope, months)}
  order by w.predicted_discard_date, w.equipment_id`;

export async function getPredictedDiscard(db: Executor, scope: OwnerScope, query: PredictedDiscardQuery): Promise<ReportTable> {
  const visible = reportScope(scope, query.owner);
  // The total reads equipment_wear alone (its owner and hidden flag): the predicted-date index, no join.
  const count = sql`select count(*)::int as n from equipment_wear w where ${within(visible, query.months)}`;
  const page = await selectReportPage(db, rowsOf(visible, query.months), query.page, query.pageSize, count);
  return {
    name: 'predictedDiscard',
    title: PREDICTED_DISCARD_TITLE,
    description: describe(query.months),
    columns,
    rows: page.rows as ReportTable['rows'],
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    summary: [],
  };
}

export async function sendPredictedDiscardExcel(
  db: Executor,
  scope: OwnerScope,
  query: { owner?: number; months: number },
  reply: FastifyReply,
) {
  const rows = rowsOf(reportScope(scope, query.owner), query.months);
  return sendWorkbook(reply, excelFileName(`${PREDICTED_DISCARD_TITLE} ${query.months} months`), async (book) => {
    const sheet = book.sheet({ name: PREDICTED_DISCARD_TITLE, heading: [PREDICTED_DISCARD_TITLE, describe(query.months)], columns });
    await forEachBatch(db, rows, (batch) => sheet.addRows(batch));
  });
}
