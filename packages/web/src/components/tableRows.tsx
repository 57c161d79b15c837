import { type MantineTheme, Table, TableTr, type TableTrProps, useMantineTheme } from '@mantine/core';
import clsx from 'clsx';
import { type DataTableColumn, type DataTableProps, getValueAtPath } from 'mantine-datatable';
import { memo, startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Rows of plain `td` cells for mantine-datatable (its `rowFactory`). Its own cell is a Mantine `TableTd`
 * plus a media-query hook (state, an effect, a `matchMedia` listener) per cell: 550 of them on a 50-row
 * page of /Events, work on every render of the table (docs/ui.md, issue 12). These cells
 * carry the same classes (Mantine's table cell, mantine-datatable's no-wrap, ellipsis and alignment) and
 * widths, so they look the same; the row stays a Mantine `TableTr` (stripes, hover, click, custom attributes).
 * Columns are expected without `visibleMediaQuery` (see useMediaColumns); `cellsStyle` and the cell
 * click handlers are not supported (no list uses them).
 */
export function plainRows<T>(
  columns: DataTableColumn<T>[],
  dependsOn?: (record: T) => readonly unknown[],
): NonNullable<DataTableProps<T>['rowFactory']> {
  const shown = columns.filter((column) => !column.hidden);
  return ({ record, index, rowProps, expandedElement }) => (
    <PlainRow<T>
      record={record}
      index={index}
      rowProps={rowProps}
      expandedElement={expandedElement}
      shown={shown}
      dependsOn={dependsOn?.(record)}
    />
  );
}

interface PlainRowProps<T> {
  record: T;
  index: number;
  rowProps: TableTrProps;
  expandedElement: React.ReactNode;
  shown: DataTableColumn<T>[];
  dependsOn: readonly unknown[] | undefined;
}

function Row<T>({ record, index, rowProps, expandedElement, shown }: PlainRowProps<T>) {
  return (
    <>
      <TableTr {...rowProps}>{shown.map((column) => cell(column, record, index))}</TableTr>
      {expandedElement}
    </>
  );
}

/**
 * A row is kept, not drawn again, while its record is the same object at the same place and the
 * values it shows besides are the same (`dependsOn`: from the table, AppDataTable's `rowsDependOn`);
 * functions are not compared, so handlers must read the latest props (lib/useLatest.ts). Without
 * `dependsOn` a row draws on every render. A refresh of the 2,000-item editor after a scan drew its 50
 * cards again, one task of 240-530 ms at 4x CPU (docs/ui.md "Sixth round").
 */
const PlainRow = memo(Row, (before, after) => {
  if (!before.dependsOn || !after.dependsOn) return false;
  return (
    before.record === after.record &&
    before.index === after.index &&
    before.expandedElement === after.expandedElement &&
    sameValues(before.dependsOn, after.dependsOn) &&
    sameValues(valuesOf(before.rowProps), valuesOf(after.rowProps))
  );
}) as <T>(props: PlainRowProps<T>) => React.ReactNode;

/** The row attributes that are not handlers, in a stable order ('style' as its text). */
function valuesOf(props: TableTrProps): unknown[] {
  const values = props as Record<string, unknown>;
  return Object.keys(values)
    .sort()
    .flatMap((key) => {
      const value = values[key];
      if (typeof value === 'function') return [];
      return [key, key === 'style' && value ? JSON.stringify(value) : value];
    });
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

function cell<T>(column: DataTableColumn<T>, record: T, index: number) {
  const { accessor, render, noWrap, ellipsis, textAlign, width, cellsClassName, customCellAttributes } = column;
  return (
    <td
      key={String(accessor)}
      className={clsx(
        Table.classes.td,
        'mantine-Table-td',
        {
          'mantine-datatable-nowrap': noWrap || ellipsis,
          'mantine-datatable-ellipsis': ellipsis,
          'mantine-datatable-text-align-center': textAlign === 'center',
          'mantine-datatable-text-align-right': textAlign === 'right',
        },
        typeof cellsClassName === 'function' ? cellsClassName(record, index) : cellsClassName,
      )}
      style={width === undefined ? undefined : { width, minWidth: width, maxWidth: width }}
      {...customCellAttributes?.(record, index)}
    >
      {render ? render(record, index) : (getValueAtPath(record, accessor) as React.ReactNode)}
    </td>
  );
}

/**
 * Resolves the columns' `visibleMediaQuery` once for the whole table (one listener per distinct query)
 * into `hidden`, instead of mantine-datatable's hook in every cell.
 */
export function useMediaColumns<T>(columns: DataTableColumn<T>[]): DataTableColumn<T>[] {
  const theme = useMantineTheme();
  const queries = [...new Set(columns.map((column) => queryOf(column, theme)).filter((query) => query !== ''))];
  const key = queries.join('\n');
  const subscribe = useCallback(
    (onChange: () => void) => {
      const lists = key === '' ? [] : key.split('\n').map((query) => window.matchMedia(query));
      for (const list of lists) list.addEventListener('change', onChange);
      return () => {
        for (const list of lists) list.removeEventListener('change', onChange);
      };
    },
    [key],
  );
  // A string snapshot, so an unchanged answer is the same value (useSyncExternalStore compares with Object.is).
  const matching = useSyncExternalStore(subscribe, () => queries.filter((query) => window.matchMedia(query).matches).join('\n'));
  if (queries.length === 0) return columns;
  const matched = new Set(matching.split('\n'));
  return columns.map((column) => {
    const query = queryOf(column, theme);
    if (query === '') return column;
    return { ...column, visibleMediaQuery: undefined, hidden: column.hidden || !matched.has(query) };
  });
}

function queryOf<T>(column: DataTableColumn<T>, theme: MantineTheme): string {
  const query = column.visibleMediaQuery;
  return (typeof query === 'function' ? query(theme) : query) ?? '';
}

/** Rows per step when rows replace the skeleton: a screenful, and a step well under 50 ms at 4x CPU. */
export const ROW_STEP = 12;
/**
 * On a phone: its screenful of cards (three to six), so the first card paints sooner and each later
 * step's commit (new cards, their style and layout) stays short (docs/ui.md "First rows on a phone").
 */
export const CARD_STEP = 6;
/**
 * On a phone, the first step when cards replace the skeleton or another page: a screen shows one to
 * five cards under a page's header and forms (the event editor one, under its adding panel), and the
 * first record's card is what a person waits for; the rest follow in CARD_STEPs (docs/ui.md "Fifth round").
 */
export const FIRST_CARDS = 2;

/**
 * How many of the rows to show: when rows replace the skeleton, and when another page of rows replaces
 * the one shown (`page`), they come in steps (`first`, then `step` each: ROW_STEPs, or on a phone
 * FIRST_CARDS, then CARD_STEPs), one render (and one style, layout and paint of
 * the browser) each, so a 50-row page is no long task on a phone (docs/ui.md, issue 12 and issue 26:
 * paging the 2,000-item editor was one task of ~290 ms at 4x). Once all have shown, any other change
 * (a save, a sort, a reorder) shows every row at once; the skeleton coming back starts the steps again.
 */
export function useRowsInSteps(total: number, loading: boolean, page?: unknown, step = ROW_STEP, first = step): number {
  const [shown, setShown] = useState(first);
  const [stepsOf, setStepsOf] = useState(page);
  if (loading && shown !== first) setShown(first);
  if (!Object.is(page, stepsOf)) {
    setStepsOf(page);
    setShown(first);
  }
  useEffect(() => {
    if (loading || shown === Number.POSITIVE_INFINITY) return;
    // A timer, so the browser paints a step before the next renders; a transition, so React renders
    // the step (all rows so far, mantine-datatable's rows are not memoized) in slices and only its
    // commit, the new rows' DOM, is one piece.
    const timer = setTimeout(() => startTransition(() => setShown(shown + step >= total ? Number.POSITIVE_INFINITY : shown + step)), 0);
    return () => clearTimeout(timer);
  }, [loading, shown, total, step]);
  return loading ? total : Math.min(shown, total);
}
