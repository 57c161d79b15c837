/**
 * What the report queries share (rules: docs/reports.md): the caller's context, the owner scope on
 * the certificate's owner, and the item shape — each item field once, as its column (what the table
 * and the Excel file show) and its SQL (what the SELECT returns under the column's key). Items' latest
 * status comes from `equipment_latest_status` (decision 015), never from scanning event items.
 */
import type { ReportColumn, ReportSettings } from '@portal/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { OwnerScope } from '../../auth/scope.ts';
import { ownerScoped } from '../../db/scope.ts';

export interface ReportContext {
  scope: OwnerScope;
  settings: ReportSettings;
  /** Internal users also see unlinked items (docs/security.md rule 9). */
  internal: boolean;
}

export const scoped = (scope: OwnerScope): SQL => ownerScoped(sql`c.owner_id`, scope);
/** The owner scope on a count table `k` (equipment_report_counts: decision 046; the roll-ups of 053 and 054). */
export const countsScoped = (scope: OwnerScope): SQL => ownerScoped(sql`k.owner_id`, scope);
/**
 * Red and yellow are what the latest inspection found (decision 071): condemned and monitor. A later
 * status that is no inspection ("Not inspected") never hides them.
 */
export const RED = 'condemned';
export const YELLOW = 'monitor';
/** A counts row whose latest inspection means `meaning` ('' is "never inspected"). */
export const meaningIs = (meaning: string) => sql`k.meaning = ${meaning}`;
/** The leading number of a dimension's name ('84 mm' -> 84). */
export { dimensionMm } from '../../db/dimensions.ts';
export const typeIs = (name: string) => sql`lower(ct.name) = lower(${name})`;

export const column = (key: string, label: string, kind: ReportColumn['kind'] = 'text', colorKey?: string): ReportColumn => ({
  key,
  label,
  kind,
  ...(colorKey && { colorKey }),
});

/** A selected value: `column` when the table shows it, else it only rides along (a colour, a flag). */
interface Field {
  key: string;
  value: SQL;
  column?: ReportColumn;
}
const shown = (key: string, label: string, kind: ReportColumn['kind'], value: SQL, colorKey?: string): Field => ({
  key,
  value,
  column: column(key, label, kind, colorKey),
});
const carried = (key: string, value: SQL): Field => ({ key, value });

const ITEM_FIELDS: Field[] = [
  shown('stampedId', 'Stamped id', 'stampedId', sql`e.stamped_id`),
  shown('owner', 'Owner', 'text', sql`o.name`),
  shown('type', 'Type', 'text', sql`ct.name`),
  shown('subType', 'Sub-type', 'text', sql`cst.name`),
  shown('dimension', 'Dimension', 'text', sql`d.name`),
  shown('certificate', 'Certificate', 'text', sql`c.certificate_number`),
  shown('length', 'Length', 'number', sql`e.length`),
  shown('status', 'Latest status', 'status', sql`st.name`, 'statusColor'),
  shown('eventDate', 'Event date', 'date', sql`ls.event_date`),
  shown('eventType', 'Event type', 'text', sql`et.name`),
  shown('rig', 'Rig', 'text', sql`rg.name`),
  shown('lastInspection', 'Last inspection', 'date', sql`ls.inspection_date`),
  shown('comment', 'Comment', 'text', sql`ei.comment`),
  carried('statusColor', sql`ls.color`),
  carried('active', sql`not e.hidden`),
];

/** The item columns of the tables (Stamped id ... Comment). */
export const ITEM: ReportColumn[] = ITEM_FIELDS.flatMap((f) => (f.column ? [f.column] : []));

/** The SELECT list of the item reports: every item field under its key (or the key `renamed` gives it). */
const itemSelect = (renamed: Record<string, string> = {}) =>
  sql.join(
    ITEM_FIELDS.map((f) => sql`${f.value} as ${sql.identifier(renamed[f.key] ?? f.key)}`),
    sql`, `,
  );
export const ITEM_COLUMNS = itemSelect();

/**
 * Top chains name each row by its spread's rig (`rig`): the item's latest event rig is `eventRig`
 * there, or one key would hold both and the latest event's rig overwrite the spread's.
 */
export const TOP_CHAIN_ITEM = ITEM.filter((col) => col.key !== 'owner').map((col) =>
  col.key === 'rig' ? { ...col, key: 'eventRig', label: 'Event rig' } : col,
);
export const TOP_CHAIN_ITEM_COLUMNS = itemSelect({ rig: 'eventRig' });

/** The joins from an item `e` to its certificate, owner and catalogue names, and its latest status. */
export const ITEM_JOINS = sql`
  join certificates c on c.id = e.certificate_id
  join owners o on o.id = c.owner_id
  join certificate_types ct on ct.id = c.type_id
  join certificate_sub_types cst on cst.id = c.sub_type_id
  join dimensions d on d.id = c.dimension_id
  left join equipment_latest_status ls on ls.equipment_id = e.id
  left join folders st on st.id = ls.status_id
  left join events ev on ev.id = ls.event_id
  left join folders et on et.id = ev.type_id
  left join folders rg on rg.id = ev.rig_id
  left join event_items ei on ei.id = ls.event_item_id`;

/** The joins from an item `e` to its certificate and catalogue names (no status joins). */
export const LINKED_JOINS = sql`
  join certificates c on c.id = e.certificate_id
  join owners o on o.id = c.owner_id
  join certificate_types ct on ct.id = c.type_id
  join certificate_sub_types cst on cst.id = c.sub_type_id
  join dimensions d on d.id = c.dimension_id`;

/** Linked items with their certificate, owner and catalogue names, and their latest status. */
export const ITEMS = sql`from equipment e ${ITEM_JOINS}`;

/** Every linked item (`from equipment e`), or only a page's (item-pages.ts). */
export const EVERY_ITEM = sql`from equipment e`;

export const itemReport = (where: SQL, items: SQL = EVERY_ITEM) =>
  sql`select ${ITEM_COLUMNS} ${items} ${ITEM_JOINS} where ${where} order by e.stamped_id`;
