import type { DataTableColumn } from 'mantine-datatable';

/**
 * Where a column goes on a phone's card (docs/ui.md "Lists that fit"): the identifier heads the card,
 * the status or due light sits beside it, facts follow as 'Label value' lines, 'none' leaves it off.
 */
export type CardRole = 'id' | 'status' | 'fact' | 'none';

/** What a list says about each column beyond mantine-datatable's own props. */
export interface ColumnFit {
  /**
   * 1: always shown (what identifies the row and what the list is for; the identifier column always
   * is). 2, 3, 4...: when the width runs out the highest number folds away first (the rightmost of
   * equals first). Default 2.
   */
  priority?: number;
  /** Default: the first column is the identifier, the others facts (at most MAX_FACTS of them, by priority). */
  card?: CardRole;
  /** The column's name in the chooser and before a fact on a card, when the title is not plain text. */
  label?: string;
}

export type AppColumn<T> = DataTableColumn<T> & ColumnFit;

/** A card shows at most this many facts: the rest of the columns are a tap away, on the record's own page. */
export const MAX_FACTS = 4;
/** A column's width when it declares none: about a short name or a date in the table's small text. */
export const ESTIMATED_WIDTH = 120;

export const columnKey = <T>(column: DataTableColumn<T>) => String(column.accessor);

export function columnLabel<T>(column: AppColumn<T>): string {
  if (column.label) return column.label;
  if (typeof column.title === 'string') return column.title;
  const last = columnKey(column).split('.')[0];
  return (
    last.charAt(0).toUpperCase() +
    last
      .slice(1)
      .replace(/([A-Z])/g, ' $1')
      .toLowerCase()
  );
}

const priorityOf = <T>(column: AppColumn<T>) => column.priority ?? 2;

/** Never folds and is not offered in the chooser: priority 1, or the row's identifier (by default the first column). */
export function isFixed<T>(column: AppColumn<T>, index: number): boolean {
  return priorityOf(column) <= 1 || column.card === 'id' || (index === 0 && column.card === undefined);
}

/** The card role of each column (by key): the defaults above, and facts beyond MAX_FACTS left off. */
export function cardRoles<T>(columns: AppColumn<T>[]): Map<string, CardRole> {
  const roles = new Map<string, CardRole>();
  for (const [index, column] of columns.entries()) roles.set(columnKey(column), column.card ?? (index === 0 ? 'id' : 'fact'));
  const facts = columns
    .filter((column) => roles.get(columnKey(column)) === 'fact' && !column.hidden)
    .map((column, order) => ({ column, order }))
    .sort((a, b) => priorityOf(a.column) - priorityOf(b.column) || a.order - b.order);
  for (const { column } of facts.slice(MAX_FACTS)) roles.set(columnKey(column), 'none');
  return roles;
}

/** The user's choices in the column chooser: true keeps a column shown, false keeps it hidden. */
export type ColumnChoices = Record<string, boolean>;

/**
 * The columns to fold at a desktop width: those the user hid, then the least important (highest
 * priority number, rightmost first) until the declared or estimated widths fit `available`, then
 * `extra` more (the table measured wider than its box: contents wider than estimated). Columns of
 * priority 1 and those the user chose to keep never fold. `available` null: not measured, fold only
 * what the user hid.
 */
export function foldedColumns<T>(
  columns: AppColumn<T>[],
  available: number | null,
  reserved: number,
  choices: ColumnChoices,
  extra: number,
): Set<string> {
  const folded = new Set<string>();
  const fixed = new Set(columns.filter(isFixed).map(columnKey));
  const shown = columns.filter((column) => !column.hidden);
  for (const column of shown) if (choices[columnKey(column)] === false && !fixed.has(columnKey(column))) folded.add(columnKey(column));
  if (available === null) return folded;
  const candidates = shown
    .map((column, order) => ({ column, order }))
    .filter(({ column }) => !fixed.has(columnKey(column)) && choices[columnKey(column)] !== true && !folded.has(columnKey(column)))
    .sort((a, b) => priorityOf(b.column) - priorityOf(a.column) || b.order - a.order)
    .map(({ column }) => column);
  const widthOf = (column: AppColumn<T>) => (typeof column.width === 'number' ? column.width : ESTIMATED_WIDTH);
  let total = reserved + shown.filter((column) => !folded.has(columnKey(column))).reduce((sum, column) => sum + widthOf(column), 0);
  let more = extra;
  for (const column of candidates) {
    if (total <= available && more <= 0) break;
    if (total <= available) more -= 1;
    folded.add(columnKey(column));
    total -= widthOf(column);
  }
  return folded;
}

/** How many columns could still fold (for the measured overflow: stop asking when none can). */
export function foldable<T>(columns: AppColumn<T>[], folded: Set<string>, choices: ColumnChoices): number {
  return columns.filter(
    (column, index) => !column.hidden && !isFixed(column, index) && choices[columnKey(column)] !== true && !folded.has(columnKey(column)),
  ).length;
}
