import { DataTable, type DataTableProps } from 'mantine-datatable';

/**
 * The portal's table look: bordered, striped, rows highlighted on hover, compact small text, loading
 * dots, room for the empty-state text, and '1-25 of 80' under a paged table.
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
  paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) => `${from}-${to} of ${totalRecords}`,
} as const;

/** mantine-datatable with the portal's defaults; any prop given wins (e.g. `minHeight={undefined}` once there are rows). */
export function AppDataTable<T>(props: DataTableProps<T>) {
  // DataTableProps is a union (with or without pagination, custom loader...): the defaults fit the
  // variants used here, which TypeScript cannot see through the spread.
  const merged = { ...tableDefaults, ...props } as DataTableProps<T>;
  return <DataTable<T> {...merged} />;
}
