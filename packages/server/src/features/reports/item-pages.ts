/**
 * The page of an item report (decision 049): its 50 ids are picked first from `report_items` (the
 * maintained key of every linked item, decision 046) by an index in stamped id order, then the report's
 * own SELECT runs for those rows only (`PAGE_ITEMS` in place of every item). The SELECT keeps its
 * filter and owner scope, so a page can only narrow the rows the full report (Excel) gives.
 */
import type { ReportName } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import { inOwnerScope } from '../../db/scope.ts';
import { dimensionMm, RED, type ReportContext, typeIs, YELLOW } from './shape.ts';

/** The page's items, as `e`, in place of `from equipment e`. */
export const PAGE_ITEMS = sql`from page p join equipment e on e.id = p.id`;

type Ids = (ctx: ReportContext, end: number) => SQL;

const inScope = ({ scope }: ReportContext) => inOwnerScope(sql`r.owner_id`, scope) ?? sql`true`;
const active = (hidden: boolean) => (hidden ? sql`r.hidden` : sql`not r.hidden`);

/** Items of the catalogue nodes named so: certificate types by name, dimensions by nominal size in mm. */
const ofType = (name: string) => sql`r.type_id = any(array(select ct.id from certificate_types ct where ${typeIs(name)}))`;
const ofDimension = (test: SQL) => sql`r.dimension_id = any(array(select d.id from dimensions d where ${dimensionMm} ${test}))`;

/** Walks report_items in stamped id order (report_items_stamped_id_idx), keeping the rows that pass. */
const walk = (ctx: ReportContext, where: SQL) =>
  sql`select r.equipment_id as id from report_items r where ${inScope(ctx)} and ${where} order by r.stamped_id`;

/** Items whose latest inspection means `meaning`, in stamped id order from report_items_meaning_idx. */
const found =
  (meaning: string, hidden: boolean): Ids =>
  (ctx) =>
    walk(ctx, sql`r.meaning = ${meaning} and ${active(hidden)}`);

export const itemPageIds: Partial<Record<ReportName, Ids>> = {
  stampedids: (ctx) => walk(ctx, sql`true`),
  renewal: (ctx) => walk(ctx, active(false)),
  kenterMpi: (ctx) => walk(ctx, sql`${active(false)} and ${ofType(ctx.settings.kenterType)}`),
  fibreRopeStatus: (ctx) => walk(ctx, sql`${active(false)} and ${ofType(ctx.settings.fibreRopeType)}`),
  heavyChain: (ctx) =>
    walk(
      ctx,
      sql`${active(false)} and ${ofType(ctx.settings.chainType)} and ${ofDimension(sql`>= ${ctx.settings.heavyChainMinDimension}`)}`,
    ),
  chain84: (ctx) =>
    walk(ctx, sql`${active(false)} and ${ofType(ctx.settings.chainType)} and ${ofDimension(sql`= ${ctx.settings.chain84Dimension}`)}`),
  redEquipment: found(RED, false),
  yellowEquipment: found(YELLOW, false),
  redInactive: found(RED, true),
};

/** The chip report's page: chips (not items) in stamped id, chip order. */
export const CHIP_PAGE = sql`from page p join chips ch on ch.chip_id = p.chip_id join equipment e on e.id = ch.equipment_id`;
export const chipPageIds = (ctx: ReportContext) => sql`
  select ch.chip_id from report_items r join chips ch on ch.equipment_id = r.equipment_id
  where ${inScope(ctx)} and r.chips > 0 order by r.stamped_id, ch.chip_id`;

/**
 * The page (rows offset..offset+limit) of a report whose SELECT reads its items from `PAGE_ITEMS`.
 * Limit and offset are written into the text (whole numbers, checked): a prepared statement then
 * knows its page holds at most `limit` rows and PostgreSQL keeps one generic plan for it instead of
 * planning the 13-table join on every request.
 */
export const pageOf = (ids: SQL, limit: number, offset: number, select: SQL) =>
  sql`with page as materialized (${ids} limit ${whole(limit)} offset ${whole(offset)}) ${select}`;

export const whole = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
};
