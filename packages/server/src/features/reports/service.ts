/** Reports: one page as JSON, or every row streamed into an Excel workbook (docs/reports.md). */
import {
  type GeneralReportBody,
  isInternal,
  type ReportCatalogue,
  type ReportName,
  type ReportQuery,
  type ReportTable,
  reportMessages,
  reportNames,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { OwnerScope } from '../../auth/scope.ts';
import type { AuthUser } from '../../auth/users.ts';
import type { Executor } from '../../db/client.ts';
import { forEachBatch } from '../../db/cursor.ts';
import { coversOwner } from '../../db/scope.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { excelFileName, sendWorkbook } from '../../http/excel.ts';
import { generalColumns, generalExcelColumns, reportDefinitions } from './definitions.ts';
import {
  type GeneralFilter,
  generalCountQuery,
  generalReportQuery,
  selectCatalogue,
  selectEquipmentHistory,
  selectGeneralNames,
} from './general-queries.ts';
import {
  type ReportContext,
  reportCounts,
  reportPages,
  reportQueries,
  reportSummaries,
  reportsReadWhole,
  selectReportPage,
  selectSummary,
  selectWholeReportPage,
} from './queries.ts';
import { readReportSettings } from './settings.ts';

interface Caller {
  user: AuthUser;
  scope: OwnerScope;
}

/**
 * `?owner=` narrows a report to one owner (the /Reports/1 and /Reports/83 screens send it). An owner
 * the caller does not have is refused with 403 (docs/security.md rule 4), whether it exists or not.
 */
export function reportScope(scope: OwnerScope, owner: number | undefined): OwnerScope {
  if (owner === undefined) return scope;
  if (!coversOwner(scope, owner)) throw new AppError(403, reportMessages.ownerDenied);
  return [owner];
}

async function contextFor(db: Executor, { user, scope }: Caller, owner?: number): Promise<ReportContext> {
  return { scope: reportScope(scope, owner), settings: await readReportSettings(db), internal: isInternal(user) };
}

export async function getReport(db: Executor, name: ReportName, caller: Caller, query: ReportQuery): Promise<ReportTable> {
  const ctx = await contextFor(db, caller, query.owner);
  const summary = reportSummaries[name];
  const [page, figures] = await Promise.all([
    reportsReadWhole.has(name)
      ? selectWholeReportPage(db, reportQueries[name](ctx), query.page, query.pageSize)
      : selectReportPage(
          db,
          reportQueries[name](ctx),
          query.page,
          query.pageSize,
          reportCounts[name]?.(ctx),
          reportPages[name]?.(ctx, query.pageSize, query.page * query.pageSize),
        ),
    summary ? selectSummary(db, summary(ctx)) : [],
  ]);
  const definition = reportDefinitions[name];
  return {
    name,
    title: reportNames[name],
    description: definition.describe(ctx.settings),
    columns: definition.columns,
    rows: page.rows as ReportTable['rows'],
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    summary: figures,
  };
}

export async function sendReportExcel(db: Executor, name: ReportName, caller: Caller, owner: number | undefined, reply: FastifyReply) {
  const ctx = await contextFor(db, caller, owner);
  const definition = reportDefinitions[name];
  const summary = reportSummaries[name];
  const figures = summary ? await selectSummary(db, summary(ctx)) : [];
  return sendWorkbook(reply, excelFileName(reportNames[name]), async (book) => {
    const heading = [reportNames[name], definition.describe(ctx.settings), ...figures.map((f) => `${f.label}: ${f.value}`)];
    const sheet = book.sheet({ name: reportNames[name], heading, columns: definition.columns });
    await forEachBatch(db, reportQueries[name](ctx), (rows) => sheet.addRows(rows));
  });
}

// ---------------------------------------------------------------- general report
/**
 * The filter with its names: a foreign or missing owner, or a type, sub-type or dimension that is not
 * of that owner's catalogue, is missing (404). `label` names the filter in titles and file names.
 */
async function generalFilter(db: Executor, scope: OwnerScope, filter: GeneralFilter) {
  const names = await selectGeneralNames(db, scope, filter);
  if (!names) throw notFound('The owner');
  if (filter.type && !names.type) throw notFound('The type');
  if (filter.subType && !names.subType) throw notFound('The sub-type');
  if (filter.dimension && !names.dimension) throw notFound('The dimension');
  const label = [names.owner, names.type ?? 'all types', names.subType, names.dimension].filter(Boolean).join(', ');
  return { filter, label };
}

export async function getGeneralReport(db: Executor, { scope }: Caller, owner: number, body: GeneralReportBody): Promise<ReportTable> {
  const { filter, label } = await generalFilter(db, scope, {
    owner,
    type: body.ownerType,
    subType: body.subType,
    dimension: body.dimension,
  });
  const page = await selectReportPage(db, generalReportQuery(scope, filter), body.page, body.pageSize, generalCountQuery(scope, filter));
  return {
    name: 'general',
    title: `General report: ${label}`,
    description: "The owner's items of the chosen type, sub-type and dimension, with their latest status.",
    columns: generalColumns,
    rows: page.rows as ReportTable['rows'],
    total: page.total,
    page: body.page,
    pageSize: body.pageSize,
    summary: [],
  };
}

export async function sendGeneralExcel(
  db: Executor,
  { scope }: Caller,
  owner: number,
  query: { OwnerType?: number; SubType?: number; Dimension?: number },
  reply: FastifyReply,
) {
  const { filter, label } = await generalFilter(db, scope, {
    owner,
    type: query.OwnerType,
    subType: query.SubType,
    dimension: query.Dimension,
  });
  return sendWorkbook(reply, excelFileName(`General report ${label}`), async (book) => {
    const sheet = book.sheet({ name: 'General report', heading: [`General report: ${label}`], columns: generalExcelColumns });
    await forEachBatch(db, generalReportQuery(scope, filter, true), (rows) => sheet.addRows(rows));
  });
}

export async function getEquipmentHistory(db: Executor, { scope }: Caller, owner: number, stampedId: string) {
  const history = await selectEquipmentHistory(db, scope, owner, stampedId);
  if (!history) throw notFound('The equipment');
  return history;
}

/** The flat catalogue rows folded into owners -> types -> sub-types -> dimensions. */
export async function getCatalogue(db: Executor, scope: OwnerScope): Promise<ReportCatalogue> {
  const owners: ReportCatalogue = [];
  for (const row of await selectCatalogue(db, scope)) {
    if (owners.at(-1)?.id !== row.ownerId) owners.push({ id: row.ownerId, name: row.owner, types: [] });
    const owner = owners[owners.length - 1];
    if (row.typeId === null || row.type === null) continue;
    if (owner.types.at(-1)?.id !== row.typeId) owner.types.push({ id: row.typeId, name: row.type, subTypes: [] });
    const type = owner.types[owner.types.length - 1];
    if (row.subTypeId === null || row.subType === null) continue;
    if (type.subTypes.at(-1)?.id !== row.subTypeId) type.subTypes.push({ id: row.subTypeId, name: row.subType, dimensions: [] });
    const subType = type.subTypes[type.subTypes.length - 1];
    if (row.dimensionId !== null && row.dimension !== null) subType.dimensions.push({ id: row.dimensionId, name: row.dimension });
  }
  return owners;
}
