import { Skeleton, VisuallyHidden } from '@mantine/core';
import { formatNumber } from '@portal/contract';
import clsx from 'clsx';
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableRowClickHandler,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { markFirstRows } from '../lib/firstRows.ts';
import classes from './AppDataTable.module.css';
import { CardSort } from './CardSort.tsx';
import { ColumnChooser, useColumnChoices } from './ColumnChooser.tsx';
import { type AppColumn, cardRoles, columnKey, columnLabel, foldable, foldedColumns, isFixed } from './columnFit.ts';
import { LoadFailed } from './LoadFailed.tsx';
import type { ListStatus } from './listStatus.ts';
import { actionsColumn, actionsWidth, type RowAction } from './rowActions.tsx';
import { CARD_STEP, FIRST_CARDS, plainRows, ROW_STEP, useMediaColumns, useRowsInSteps } from './tableRows.tsx';
import { useNarrow } from './useNarrow.ts';

export type { AppColumn, CardRole } from './columnFit.ts';
export type { RowAction } from './rowActions.tsx';

/**
 * The portal's table look: bordered, striped, rows highlighted on hover, compact small text, loading
 * dots and room for the empty-state text ('1-25 of 80' under a paged table is set in AppDataTable).
 */
const tableDefaults = {
  withTableBorder: true,
  borderRadius: 'sm',
  striped: true,
  highlightOnHover: true,
  verticalSpacing: 6,
  fz: 'sm',
  minHeight: 160,
  loaderType: 'dots',
  // The arrow buttons have no text: name them (axe: buttons need a name).
  getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
    'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page`,
  }),
} as const;

const SKELETON_ROWS = 5;

export interface AppDataTableProps<T> {
  /** The table's accessible name ('Owners'); journeys find tables by it. */
  'aria-label': string;
  /** With their priorities and card roles (columnFit.ts). */
  columns: AppColumn<T>[];
  /** Undefined until loaded. */
  records: T[] | undefined;
  /** What the rows are, plural and lower case ('events'): the failed state says 'The events could not be loaded'. */
  what: string;
  /** From listStatus(query): skeleton rows while loading, the failed state with Retry, else the rows. */
  status: ListStatus;
  /** The empty state: says what to do next ('No owners yet. Add one with Add owner.'). */
  emptyText: string;
  /** The row's name for the action buttons' labels ('Edit Nordsund'); needed with rowActions. */
  rowName?: (record: T) => string;
  rowActions?: RowAction<T>[];
  onRowClick?: DataTableRowClickHandler<T>;
  /** Server paging: all four together. `page` is one-based here, as mantine-datatable counts. */
  page?: number;
  onPageChange?: (page: number) => void;
  totalRecords?: number;
  /** The total is a count that stopped at a cap (a search's '1000+'): shown with a '+'. */
  totalCapped?: boolean;
  recordsPerPage?: number;
  /** Server sorting: the sorted column (`sortable: true` on it) and the change handler, together. */
  sortStatus?: DataTableSortStatus<T>;
  onSortStatusChange?: (status: DataTableSortStatus<T>) => void;
  /** Rows that open a panel under themselves on click (mantine-datatable's row expansion). */
  rowExpansion?: DataTableProps<T>['rowExpansion'];
  /** A fixed or maximum height makes the header sticky and the rows scroll inside the box. */
  height?: string | number;
  maxHeight?: string | number;
  /** Extra attributes of each row's `tr` (drag and drop handlers). */
  customRowAttributes?: (record: T, index: number) => Record<string, unknown>;
  /**
   * For a list whose rows are often drawn again unchanged (the event editor's, refreshed after each scan):
   * every value besides its record that a row shows (its owner's name, its choices, the table's flags).
   * A row is then kept while its record is the same object and these are the same (tableRows.tsx); the
   * handlers in its cells and attributes must read the latest props (lib/useLatest.ts), as a kept row
   * keeps the handlers it was drawn with.
   */
  rowsDependOn?: (record: T) => readonly unknown[];
}

/**
 * mantine-datatable with the portal's defaults and the list pattern every list copies (docs/architecture.md
 * "Web patterns"): loading shows skeleton rows, a failure shows what failed with Retry and the correlation
 * id (never the empty text), an empty list says what to do next. Any DataTable prop given wins.
 *
 * Lists that fit (docs/ui.md, decision 074): under 768 px the rows are cards (the same table, laid out by
 * AppDataTable.module.css from each cell's card role), so nothing scrolls sideways; at desktop widths the
 * columns that do not fit the table's box fold away by priority (columnFit.ts), and the column chooser in
 * the last header cell shows or hides columns, remembered per user.
 */
export function AppDataTable<T>({
  what,
  status,
  emptyText,
  rowName = () => '',
  rowActions,
  totalCapped,
  rowsDependOn,
  ...props
}: AppDataTableProps<T>) {
  const narrow = useNarrow();
  const mediaColumns = useMediaColumns(props.columns) as AppColumn<T>[];
  const loading = status.loading;
  const shownRows = useRowsInSteps(
    props.records?.length ?? 0,
    loading,
    props.page,
    narrow ? CARD_STEP : ROW_STEP,
    narrow ? FIRST_CARDS : ROW_STEP,
  );
  const list = props['aria-label'];
  const [choices, saveChoices] = useColumnChoices(list);
  const box = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<{ width: number | null; extra: number }>({ width: null, extra: 0 });

  const chooserNeeded = !narrow && mediaColumns.filter((column) => !column.hidden).length > 2;
  const reserved = rowActions?.length || chooserNeeded ? actionsWidth(rowActions, false) : 0;
  const folded = narrow ? new Set<string>() : foldedColumns(mediaColumns, fit.width, reserved, choices, fit.extra);
  const canFoldMore = !narrow && foldable(mediaColumns, folded, choices) > 0;
  // New choices fold from the estimates again (the measured extra was for the old set of columns).
  const setChoices = (next: typeof choices) => {
    saveChoices(next);
    setFit((old) => ({ ...old, extra: 0 }));
  };

  // The box's width, measured (no layout read in render): folding follows the window and the layout.
  useLayoutEffect(() => {
    const element = box.current;
    if (narrow || !element || typeof ResizeObserver === 'undefined') return;
    const measure = (width: number) => {
      const rounded = Math.round(width);
      // jsdom (no layout) measures 0: fold nothing rather than everything.
      setFit((old) => (rounded === 0 || old.width === rounded ? old : { width: rounded, extra: 0 }));
    };
    measure(element.clientWidth);
    const observer = new ResizeObserver((entries) => measure(entries[0]?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [narrow]);

  // Rows (or the empty or failed state) are in: what waited for the first rows may come (lib/firstRows.ts).
  const settled = !loading || Boolean(status.error);
  useEffect(() => {
    if (settled) markFirstRows();
  }, [settled]);

  // Contents wider than the estimates: fold one more column, once per render, until the table fits.
  useLayoutEffect(() => {
    const element = box.current;
    if (narrow || loading || !element || fit.width === null || !canFoldMore) return;
    const table = element.querySelector('table');
    if (table && table.scrollWidth > element.clientWidth + 1) setFit((old) => ({ ...old, extra: old.extra + 1 }));
  });

  if (status.error) {
    return <LoadFailed what={what} error={status.error} onRetry={status.onRetry} retrying={status.fetching} />;
  }

  const roles = narrow ? cardRoles(mediaColumns) : null;
  const columns: DataTableColumn<T>[] = mediaColumns.map((column) => {
    const key = columnKey(column);
    if (roles) {
      const role = roles.get(key) ?? 'none';
      return {
        ...column,
        hidden: column.hidden || role === 'none',
        // A card's cells take the card's width, not the column's.
        width: undefined,
        customCellAttributes: (record: T, index: number) => ({
          ...column.customCellAttributes?.(record, index),
          'data-card': role,
          'data-label': columnLabel(column),
        }),
      };
    }
    return folded.has(key) ? { ...column, hidden: true } : column;
  });
  if (rowActions?.length || chooserNeeded) {
    const chooser = chooserNeeded ? (
      <ColumnChooser
        list={list}
        columns={mediaColumns.flatMap((column, index) =>
          column.hidden
            ? []
            : [
                {
                  key: columnKey(column),
                  label: columnLabel(column),
                  shown: !folded.has(columnKey(column)),
                  fixed: isFixed(column, index),
                },
              ],
        )}
        onChange={(key, shown) => setChoices({ ...choices, [key]: shown })}
        onReset={() => setChoices({})}
      />
    ) : null;
    columns.push(actionsColumn(rowActions ?? [], rowName, narrow, chooser));
  }

  // Rows that replace the skeleton, or another page's rows, come in steps (useRowsInSteps), so their
  // first appearance is no long task on a phone. The first step renders with the answer that brings it
  // (it was a deferred render: the page rendered once more with its skeleton before the rows, ~100 ms
  // at 4x before the first row, docs/ui.md "First rows on a phone"). A change to rows already shown (a
  // save, a sort, a reorder) renders at once.
  const records = loading ? skeletonRecords<T>() : (props.records ?? []).slice(0, shownRows);
  const layout = layoutOf(columns);
  const stepping = !loading && shownRows < (props.records?.length ?? 0);
  const shownColumns = loading
    ? columns.map((column) => ({ ...column, render: () => <Skeleton height={12} my={4} radius="sm" aria-hidden /> }))
    : columns;

  // DataTableProps is a union (with or without pagination, custom loader...): the props here fit the
  // variants used, which TypeScript cannot see through the spread.
  const merged = {
    ...tableDefaults,
    minHeight: props.records?.length ? undefined : tableDefaults.minHeight,
    ...props,
    className: clsx(narrow && classes.cards),
    // A phone's cards scroll with the page, never inside a box of their own (UI.md: one scrolling place).
    height: narrow ? undefined : props.height,
    maxHeight: narrow ? undefined : props.maxHeight,
    columns: shownColumns,
    // Plain cells instead of mantine-datatable's component and media-query hook per cell (tableRows.tsx).
    // A kept row's layout is the table's too: which columns show, as cells or as a card's parts.
    rowFactory: plainRows(shownColumns, rowsDependOn && ((record: T) => [narrow, layout, ...rowsDependOn(record)])),
    records,
    // The page's count, not the rows shown so far (useRowsInSteps): '1-50 of 80' from the first step.
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      `${from}-${loading ? to : from + (props.records?.length ?? 0) - 1} of ${formatNumber(totalRecords)}${totalCapped ? '+' : ''}`,
    onRowClick: loading ? undefined : props.onRowClick,
    // Another page renders in a transition, in slices: as the click's own render it was one task with the
    // old page's removal (the 2,000-item editor's last page: 220-400 ms at 4x, docs/ui.md "Fifth round").
    onPageChange: props.onPageChange && ((page: number) => startTransition(() => props.onPageChange?.(page))),
    fetching: !loading && status.fetching,
    noRecordsText: emptyText,
    'aria-busy': loading || stepping || status.fetching,
    // A table that scrolls inside its box must be reachable by keyboard to scroll it (axe: scrollable-region-focusable).
    scrollAreaProps: { viewportProps: { tabIndex: 0, 'aria-label': `${list}, scrollable` } },
  } as DataTableProps<T>;
  return (
    <div ref={box} className={classes.box}>
      {/* Until the last step of rows is in: screen readers, and journeys' settle(), wait for it. */}
      {(loading || stepping) && (
        <VisuallyHidden role="status" aria-live="polite">
          Loading {what}
        </VisuallyHidden>
      )}
      {narrow && <CardSort columns={mediaColumns} sortStatus={props.sortStatus} onChange={props.onSortStatusChange} />}
      <DataTable<T> {...merged} />
    </div>
  );
}

/** The columns a row draws, with their widths (a card's roles are its cells' attributes, set by `narrow`). */
function layoutOf<T>(columns: DataTableColumn<T>[]): string {
  return columns.map((column) => (column.hidden ? '' : `${columnKey(column)}:${column.width ?? ''}`)).join(',');
}

function skeletonRecords<T>(): T[] {
  return Array.from({ length: SKELETON_ROWS }, (_, index) => ({ id: `skeleton-${index}` }) as T);
}
