import { ActionIcon, Group, Menu, Skeleton, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatNumber } from '@portal/contract';
import { IconDotsVertical } from '@tabler/icons-react';
import clsx from 'clsx';
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableRowClickHandler,
  type DataTableSortStatus,
} from 'mantine-datatable';
import {
  cloneElement,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SyntheticEvent,
  useDeferredValue,
  useState,
} from 'react';
import classes from './AppDataTable.module.css';
import { LoadFailed } from './LoadFailed.tsx';
import type { ListStatus } from './listStatus.ts';
import { plainRows, useMediaColumns, useRowsInSteps } from './tableRows.tsx';
import { useNarrow } from './useNarrow.ts';

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

/** One thing a user can do with a row: an icon button on a wide screen, an entry of the row's menu on a phone. */
export interface RowAction<T> {
  /** 'Edit', 'Delete': the menu entry; the icon button is labelled '<label> <row name>'. */
  label: string | ((record: T) => string);
  icon: ReactNode;
  onClick: (record: T) => void;
  color?: string;
  /** Leave the action out for this row. */
  hidden?: (record: T) => boolean;
  disabled?: (record: T) => boolean;
  /** Only in the phone's row menu: on a wide screen a column offers it (e.g. an Enabled switch). */
  menuOnly?: boolean;
}

const SKELETON_ROWS = 5;

export interface AppDataTableProps<T> {
  /** The table's accessible name ('Owners'); journeys find tables by it. */
  'aria-label': string;
  columns: DataTableColumn<T>[];
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
}

/**
 * mantine-datatable with the portal's defaults and the list pattern every list copies (docs/architecture.md
 * "Web patterns"): loading shows skeleton rows, a failure shows what failed with Retry and the correlation
 * id (never the empty text), an empty list says what to do next. Under 768 px the first (name) column and
 * the row's actions menu stay pinned (sticky cells, see pinEnds) while the rest scrolls inside the table's
 * own box, so every action is reachable and the page never scrolls sideways. Any DataTable prop given wins.
 */
export function AppDataTable<T>({ what, status, emptyText, rowName = () => '', rowActions, ...props }: AppDataTableProps<T>) {
  const narrow = useNarrow();
  const deferredLoading = useDeferredValue(status.loading);
  const mediaColumns = useMediaColumns(props.columns);
  const loading = status.loading || deferredLoading;
  const shownRows = useRowsInSteps(props.records?.length ?? 0, loading);

  if (status.error) {
    return <LoadFailed what={what} error={status.error} onRetry={status.onRetry} retrying={status.fetching} />;
  }

  const columns: DataTableColumn<T>[] = [...mediaColumns];
  if (rowActions?.length) columns.push(actionsColumn(rowActions, rowName, narrow));
  if (narrow) pinEnds(columns, Boolean(rowActions?.length));

  // Rows that replace the skeleton render in the background (a deferred render, in slices) and then
  // come in steps (useRowsInSteps), so their first appearance is no long task on a phone; the skeleton
  // stays until the first step is ready. Only that appearance waits: a change to rows already shown (a
  // save, a sort, a reorder) renders at once.
  const records = loading ? skeletonRecords<T>() : (props.records ?? []).slice(0, shownRows);
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
    columns: shownColumns,
    // Plain cells instead of mantine-datatable's component and media-query hook per cell (tableRows.tsx).
    rowFactory: plainRows(shownColumns),
    records,
    // The page's count, not the rows shown so far (useRowsInSteps): '1-50 of 80' from the first step.
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      `${from}-${loading ? to : from + (props.records?.length ?? 0) - 1} of ${formatNumber(totalRecords)}`,
    onRowClick: loading ? undefined : props.onRowClick,
    fetching: !loading && status.fetching,
    noRecordsText: emptyText,
    'aria-busy': loading || stepping || status.fetching,
    // A table that scrolls inside its box must be reachable by keyboard to scroll it (axe: scrollable-region-focusable).
    scrollAreaProps: { viewportProps: { tabIndex: 0, 'aria-label': `${props['aria-label']}, scrollable` } },
  } as DataTableProps<T>;
  return (
    <>
      {/* Until the last step of rows is in: screen readers, and journeys' settle(), wait for it. */}
      {(loading || stepping) && (
        <VisuallyHidden role="status" aria-live="polite">
          Loading {what}
        </VisuallyHidden>
      )}
      <DataTable<T> {...merged} />
    </>
  );
}

/** Pins the first column, and the actions column when there is one, with CSS only (AppDataTable.module.css). */
function pinEnds<T>(columns: DataTableColumn<T>[], withActions: boolean) {
  const pin = (index: number, className: string) => {
    const column = columns[index];
    if (!column) return;
    const own = column.cellsClassName;
    columns[index] = {
      ...column,
      titleClassName: clsx(column.titleClassName, className),
      cellsClassName: typeof own === 'function' ? (record, row) => clsx(own(record, row), className) : clsx(own, className),
    };
  };
  pin(0, classes.pinnedFirst);
  if (withActions) pin(columns.length - 1, classes.pinnedLast);
}

function skeletonRecords<T>(): T[] {
  return Array.from({ length: SKELETON_ROWS }, (_, index) => ({ id: `skeleton-${index}` }) as T);
}

function actionsColumn<T>(actions: RowAction<T>[], rowName: (record: T) => string, narrow: boolean): DataTableColumn<T> {
  const shown = (record: T) => actions.filter((action) => !action.hidden?.(record) && (narrow || !action.menuOnly));
  const labelOf = (action: RowAction<T>, record: T) => (typeof action.label === 'function' ? action.label(record) : action.label);
  const buttons = actions.filter((action) => !action.menuOnly).length;
  return {
    accessor: '__actions',
    title: <VisuallyHidden>Actions</VisuallyHidden>,
    textAlign: 'right',
    width: narrow ? 48 : buttons * 32 + 24,
    render: (record) =>
      narrow ? (
        <RowMenu label={`Actions for ${rowName(record)}`}>
          {shown(record).map((action) => (
            <Menu.Item
              key={labelOf(action, record)}
              leftSection={action.icon}
              color={action.color}
              disabled={action.disabled?.(record)}
              onClick={(event) => {
                event.stopPropagation();
                action.onClick(record);
              }}
            >
              {labelOf(action, record)}
            </Menu.Item>
          ))}
        </RowMenu>
      ) : (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {shown(record).map((action) => (
            <LazyTooltip key={labelOf(action, record)} label={labelOf(action, record)}>
              <ActionIcon
                variant="subtle"
                color={action.color}
                aria-label={`${labelOf(action, record)} ${rowName(record)}`}
                disabled={action.disabled?.(record)}
                onClick={(event) => {
                  event.stopPropagation();
                  action.onClick(record);
                }}
              >
                {action.icon}
              </ActionIcon>
            </LazyTooltip>
          ))}
        </Group>
      ),
  };
}

/**
 * A row action's tooltip, mounted when the pointer or focus first comes to its button: a Mantine
 * Tooltip per button (floating position, listeners) was most of a 50-row page's render in Chromium's
 * profile of the event equipment editor (three per row). The button itself stays the same element
 * (the tooltip is a sibling aimed at it), so a click that brings the pointer is not lost to a remount.
 */
function LazyTooltip({ label, children }: { label: string; children: ReactElement<HTMLAttributes<HTMLElement>> }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const aim = (event: SyntheticEvent<HTMLElement>) => setTarget(event.currentTarget);
  return (
    <>
      {cloneElement(children, { onPointerEnter: aim, onFocus: aim })}
      {target && <Tooltip label={label} target={target} withinPortal defaultOpened />}
    </>
  );
}

/**
 * A row's actions menu on a phone. Until it is first opened the row shows only its button: a Mantine
 * Menu per row (popover, floating position, focus handling) is most of a 50-row page's render time.
 */
function RowMenu({ label, children }: { label: string; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={label}
      aria-haspopup="menu"
      onClick={(event) => {
        event.stopPropagation();
        setUsed(true);
      }}
    >
      <IconDotsVertical size={18} />
    </ActionIcon>
  );
  if (!used) return button;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180} defaultOpened>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
