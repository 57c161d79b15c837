/**
 * Reports (spec section 2 "Reports", section 7 "Reports"): every report answers one table shape
 * (columns, rows, summary figures), so one screen and one Excel writer serve them all. The rules of
 * each report and the owner-changeable settings: docs/reports.md.
 */
import { z } from 'zod';
import { pageQuery } from '../../common.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idField, idParamValue, text } from '../../primitives.ts';
import { stampedIdValue } from '../equipment/endpoints.ts';
import { downloadQuery } from '../files/endpoints.ts';

export const reportMessages = {
  /** docs/security.md rule 4: the owner report sets answer 403 without that owner. */
  ownerDenied: 'Access denied: these reports belong to an owner you do not have',
  settingsSaved: 'Report settings saved',
  /** docs/security.md rule 22: a restricted Admin changes only their owners' mooring spreads. */
  settingsNeedAllOwners: 'Only an administrator with all owners can change these settings',
  tooManyIds: 'At most 1000 stamped ids per call',
} as const;

// ---------------------------------------------------------------- the table every report answers
export const reportColumnKinds = ['text', 'number', 'date', 'status', 'stampedId', 'boolean'] as const;
export const reportColumn = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(reportColumnKinds),
  /** For 'status' columns: the row key holding the status colour (a label colour). */
  colorKey: z.string().optional(),
});
export type ReportColumn = z.infer<typeof reportColumn>;
export const reportCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReportCell = z.infer<typeof reportCell>;
export type ReportRow = Record<string, ReportCell>;

export const reportTable = z.object({
  name: z.string(),
  title: z.string(),
  /** What the report selects, in one sentence (shown above the table). */
  description: z.string(),
  columns: z.array(reportColumn),
  rows: z.array(z.record(z.string(), reportCell)),
  /** All rows of the report; `rows` is one page of them. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  summary: z.array(z.object({ label: z.string(), value: z.number() })),
});
export type ReportTable = z.infer<typeof reportTable>;

/** Every report: optionally one owner (refused with 403 when not the caller's), one page. */
export const reportQuery = pageQuery.extend({ owner: idParamValue('Owner').optional() });
export type ReportQuery = z.infer<typeof reportQuery>;
export const reportExcelQuery = downloadQuery.extend({ owner: idParamValue('Owner').optional() });

// ---------------------------------------------------------------- settings an owner would change
const name = (field: string) => text({ field, max: 100, required: true });

export const mooringLeg = z.object({
  name: name('Leg name'),
  /** From the anchor up; the last one is the top chain. */
  stampedIds: z.array(stampedIdValue()).min(1, 'A leg needs at least one stamped id').max(40),
});
export const mooringSpread = z.object({
  rig: name('Rig'),
  ownerId: idField('Owner'),
  legs: z.array(mooringLeg).min(1, 'A spread needs at least one leg').max(40),
});
export type MooringSpread = z.infer<typeof mooringSpread>;

export const reportSettings = z.strictObject({
  /** Chain of this dimension (mm) or larger is heavy chain. */
  heavyChainMinDimension: z.number({ error: 'Heavy chain dimension is required' }).int().min(1).max(1000),
  /** The dimension (mm) of the chain84 report. */
  chain84Dimension: z.number({ error: 'Chain 84 dimension is required' }).int().min(1).max(1000),
  /** The activity report covers the events of this many days back from today. */
  activityDays: z.number({ error: 'Activity period is required' }).int().min(1).max(3660),
  /** The renewal report, for types whose regime has no renewal interval: due this many years after the last renewal (or the signed date). */
  renewalYears: z.number({ error: 'Renewal interval is required' }).int().min(1).max(50),
  chainType: name('Chain type'),
  kenterType: name('Kenter type'),
  fibreRopeType: name('Fibre rope type'),
  mpiEventType: name('MPI event type'),
  mooringSpreads: z.array(mooringSpread).max(50),
});
export type ReportSettings = z.infer<typeof reportSettings>;

export const defaultReportSettings: ReportSettings = {
  heavyChainMinDimension: 114,
  chain84Dimension: 84,
  activityDays: 90,
  renewalYears: 5,
  chainType: 'Chain',
  kenterType: 'Kenter links',
  fibreRopeType: 'Fibre rope',
  mpiEventType: 'MPI',
  mooringSpreads: [],
};

// ---------------------------------------------------------------- general report, statuses, spreads
/** POST /Report/general/{owner}: type required, sub-type and dimension narrow it. */
export const generalReportBody = z.strictObject({
  ownerType: idField('Type'),
  subType: idField('Sub-type').nullish(),
  dimension: idField('Dimension').nullish(),
  page: z.number().int().min(0).max(100_000).default(0),
  pageSize: z.number().int().min(1).max(500).default(50),
});
export type GeneralReportBody = z.infer<typeof generalReportBody>;
export const generalExcelQuery = downloadQuery.extend({
  /** Without a type: all the owner's items. */
  OwnerType: idParamValue('Type').optional(),
  SubType: idParamValue('Sub-type').optional(),
  Dimension: idParamValue('Dimension').optional(),
});
export const generalParams = z.object({ id: idParamValue('Owner') });
export const generalDetailsParams = z.object({ id: idParamValue('Owner'), x: stampedIdValue() });

/** An event of a moved item recorded for its former owner shows date, type and status only (docs/security.md rule 28). */
export const reportEquipmentEvent = z.object({
  eventDate: z.string(),
  eventType: z.string(),
  rig: z.string().nullable(),
  project: z.string().nullable(),
  status: z.string().nullable(),
  color: z.string().nullable(),
  comment: z.string().nullable(),
});
export const equipmentEventHistory = z.object({ stampedId: z.string(), events: z.array(reportEquipmentEvent) });
export type EquipmentEventHistory = z.infer<typeof equipmentEventHistory>;

export const lastEventStatusBody = z.array(stampedIdValue()).max(1000, reportMessages.tooManyIds);
export const lastEventStatus = z.object({
  stampedId: z.string(),
  status: z.string().nullable(),
  color: z.string().nullable(),
  eventDate: z.string().nullable(),
  eventType: z.string().nullable(),
  hidden: z.boolean(),
});
export type LastEventStatus = z.infer<typeof lastEventStatus>;

const named = z.object({ id: z.number().int(), name: z.string() });
/** The owners' catalogues for the general report's choices (a call of our own: the owners calls need Read level). */
export const reportCatalogue = z.array(
  named.extend({ types: z.array(named.extend({ subTypes: z.array(named.extend({ dimensions: z.array(named) })) })) }),
);
export type ReportCatalogue = z.infer<typeof reportCatalogue>;

export const mooringSpreadsResponse = z.object({ spreads: z.array(mooringSpread) });
export const ownerOnlyQuery = z.object({ owner: idParamValue('Owner').optional() });

// ---------------------------------------------------------------- endpoints
/** Reports are the landing page of external users and of level None (spec section 2). */
export const readReports = { level: 'None', ownerScoped: true } as const satisfies RouteAccess;
export const downloadReports = { level: 'None', ownerScoped: true, download: true } as const satisfies RouteAccess;
export const manageReportSettings = { level: 'Admin', internal: true, ownerScoped: true } as const satisfies RouteAccess;
const tags = ['Reports'];

/** The tabular reports: path segment -> title. The rules: docs/reports.md. */
export const reportNames = {
  keyinfo: 'Key info',
  'equipment/totals': 'Equipment totals',
  kenterMpi: 'Kenter links MPI',
  chipReport: 'Chips',
  unlinkedEquipment: 'Unlinked equipment',
  redEquipment: 'Red equipment',
  yellowEquipment: 'Yellow equipment',
  redInactive: 'Red inactive equipment',
  projects: 'Projects',
  fibreRopeStatus: 'Fibre rope status',
  renewal: 'Renewal',
  heavyChain: 'Heavy chain',
  chain84: 'Chain 84',
  stampedids: 'Stamped ids',
  activity: 'Activity',
  /** The company-specific equipment report: the top chains of the configured mooring spreads. */
  topChains: 'Top chain ids',
} as const;
export type ReportName = keyof typeof reportNames;
export const reportNameList = Object.keys(reportNames) as ReportName[];

const tableEndpoint = <const N extends ReportName>(name: N) =>
  defineEndpoint({
    method: 'GET',
    path: `/Report/${name}` as `/Report/${N}`,
    summary: `${reportNames[name]} report, one page (docs/reports.md)`,
    tags,
    access: readReports,
    query: reportQuery,
    fairUse: 'report',
    response: reportTable,
  });
const excelEndpoint = <const N extends ReportName>(name: N) =>
  defineEndpoint({
    method: 'GET',
    path: `/Report/${name}/excel` as `/Report/${N}/excel`,
    summary: `${reportNames[name]} report as an Excel workbook (all rows)`,
    tags,
    access: downloadReports,
    fairUse: 'heavy',
    query: reportExcelQuery,
  });

type TableEndpoints = { [N in ReportName]: ReturnType<typeof tableEndpoint<N>> };
type ExcelEndpoints = { [N in ReportName]: ReturnType<typeof excelEndpoint<N>> };
export const reportTableEndpoints = Object.fromEntries(reportNameList.map((n) => [n, tableEndpoint(n)])) as TableEndpoints;
export const reportExcelEndpoints = Object.fromEntries(reportNameList.map((n) => [n, excelEndpoint(n)])) as ExcelEndpoints;

export const reportEndpoints = {
  general: defineEndpoint({
    method: 'POST',
    path: '/Report/general/:id',
    summary: "One owner's equipment of a type (sub-type, dimension), with each item's latest status",
    tags,
    access: readReports,
    invalidates: [],
    params: generalParams,
    fairUse: 'report',
    body: generalReportBody,
    response: reportTable,
  }),
  catalogue: defineEndpoint({
    method: 'GET',
    path: '/Report/catalogue',
    summary: "The caller's owners with their types, sub-types and dimensions (the general report's choices)",
    tags,
    access: readReports,
    response: reportCatalogue,
  }),
  generalDetails: defineEndpoint({
    method: 'GET',
    path: '/Report/general/:id/details/:x',
    summary: "One item's event history, by stamped id",
    tags,
    access: readReports,
    params: generalDetailsParams,
    fairUse: 'report',
    response: equipmentEventHistory,
  }),
  generalExcel: defineEndpoint({
    method: 'GET',
    path: '/Report/general/:id/excel',
    summary: 'The general report as an Excel workbook',
    tags,
    access: downloadReports,
    fairUse: 'heavy',
    params: generalParams,
    query: generalExcelQuery,
  }),
  lastEventStatus: defineEndpoint({
    method: 'POST',
    path: '/Report/getLastEventStatus',
    summary: 'The latest status of each given stamped id (unknown or foreign ids are left out)',
    tags,
    access: readReports,
    invalidates: [],
    body: lastEventStatusBody,
    fairUse: 'report',
    response: z.array(lastEventStatus),
  }),
  mooringSpreads: defineEndpoint({
    method: 'GET',
    path: '/Report/mooringSpreads',
    summary: 'The configured mooring spreads (legs of stamped ids) of the caller’s owners',
    tags,
    access: readReports,
    query: ownerOnlyQuery,
    response: mooringSpreadsResponse,
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/Report/settings',
    summary: 'The report settings (red/yellow colours, heavy chain, activity period, mooring spreads)',
    tags,
    access: manageReportSettings,
    response: reportSettings,
  }),
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: '/Report/settings',
    summary: 'Change the report settings',
    tags,
    access: manageReportSettings,
    invalidates: ['Report'],
    body: reportSettings,
    response: reportSettings,
  }),
};
