import { MantineProvider } from '@mantine/core';
import type { CurrentUser } from '@portal/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignedInUserProvider } from '../lib/signedInUser.tsx';
import { type AppColumn, AppDataTable, type AppDataTableProps } from './AppDataTable.tsx';
import { columnsStorageKey } from './ColumnChooser.tsx';
import { NARROW_QUERY } from './useNarrow.ts';

type Row = { id: number; name: string; kind: string; place: string; note: string; light: string };
const rows: Row[] = [{ id: 1, name: 'CH-1', kind: 'Chain', place: 'Deck', note: 'Long note', light: 'Due' }];
const columns: AppColumn<Row>[] = [
  { accessor: 'name', title: 'Stamped id', priority: 1 },
  { accessor: 'kind', title: 'Type', priority: 1 },
  { accessor: 'place', title: 'Place', priority: 2 },
  { accessor: 'note', title: 'Note', priority: 3, card: 'none' },
  { accessor: 'light', title: 'Due', priority: 1, card: 'status' },
];
const loaded = { loading: false, fetching: false, error: null, onRetry: () => {} };
const user = { id: 42 } as CurrentUser;

function table(props: Partial<AppDataTableProps<Row>> = {}) {
  return (
    <MantineProvider>
      <SignedInUserProvider user={user}>
        <AppDataTable<Row>
          aria-label="Things"
          what="things"
          status={loaded}
          emptyText="No things."
          columns={columns}
          records={rows}
          rowName={(row) => row.name}
          rowActions={[{ label: 'Edit', icon: 'E', onClick: () => {} }]}
          {...props}
        />
      </SignedInUserProvider>
    </MantineProvider>
  );
}

function renderTable(sorting: Partial<AppDataTableProps<Row>> = {}) {
  return render(table(sorting));
}

const original = window.matchMedia;
/** A window of this width class. mantine-datatable's header asks for '' (no query), which a browser matches. */
function windowWidth(narrow: boolean) {
  window.matchMedia = (query: string) => ({ ...original(query), matches: query === '' || (narrow && query === NARROW_QUERY) });
}
afterEach(() => {
  window.matchMedia = original;
  localStorage.clear();
});

describe('AppDataTable on a phone', () => {
  it("lays each row out as a card: the identifier, the status light, the facts with their labels and the actions' menu", () => {
    windowWidth(true);
    renderTable();
    const cells = within(screen.getByRole('table', { name: 'Things' })).getAllByRole('cell');
    expect(cells.map((cell) => [cell.dataset.card, cell.dataset.label, cell.textContent])).toEqual([
      ['id', 'Stamped id', 'CH-1'],
      ['fact', 'Type', 'Chain'],
      ['fact', 'Place', 'Deck'],
      ['status', 'Due', 'Due'],
      ['action', undefined, ''],
    ]);
    screen.getByRole('button', { name: 'Actions for CH-1' });
    // No chooser on a phone: the card is the layout.
    expect(screen.queryByRole('button', { name: 'Columns of Things' })).toBeNull();
  });
});

describe('AppDataTable on a phone, sorting', () => {
  it('offers the sortable columns and the order in two selects above the cards', () => {
    windowWidth(true);
    const onSortStatusChange = vi.fn();
    renderTable({
      columns: columns.map((column) =>
        column.accessor === 'name' || column.accessor === 'place' ? { ...column, sortable: true } : column,
      ),
      sortStatus: { columnAccessor: 'name', direction: 'asc' },
      onSortStatusChange,
    });
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sortBy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Stamped id', 'Place']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: 'desc' } });
    expect(onSortStatusChange).toHaveBeenLastCalledWith({ columnAccessor: 'name', direction: 'desc' });
    fireEvent.change(sortBy, { target: { value: 'place' } });
    expect(onSortStatusChange).toHaveBeenLastCalledWith({ columnAccessor: 'place', direction: 'asc' });
  });
});

describe('AppDataTable at a desktop width', () => {
  it('shows every column that fits, and hides one the user unticks, remembered under the user id', async () => {
    windowWidth(false);
    renderTable();
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).getByRole('columnheader', { name: 'Note' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Columns of Things' }));
    const note = await screen.findByRole('checkbox', { name: 'Note' });
    // Priority 1 columns are always shown: not offered.
    expect(screen.queryByRole('checkbox', { name: 'Stamped id' })).toBeNull();
    fireEvent.click(note);
    expect(within(table).queryByRole('columnheader', { name: 'Note' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(columnsStorageKey(42)) ?? '{}')).toEqual({ Things: { note: false } });
  });

  it("starts from the user's stored choices", () => {
    windowWidth(false);
    localStorage.setItem(columnsStorageKey(42), JSON.stringify({ Things: { place: false } }));
    renderTable();
    const table = screen.getByRole('table', { name: 'Things' });
    expect(within(table).queryByRole('columnheader', { name: 'Place' })).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Note' })).toBeTruthy();
  });

  it("says a total that stopped at a cap with a '+' ('1-1 of 1,000+')", () => {
    // 999, not 1,000: the thousands separator depends on the test environment's locale.
    windowWidth(false);
    const paged = { page: 1, onPageChange: () => {}, recordsPerPage: 50, totalRecords: 999 };
    const { unmount } = renderTable({ ...paged, totalCapped: true });
    expect(screen.getByText('1-1 of 999+')).toBeTruthy();
    unmount();
    renderTable(paged);
    expect(screen.getByText('1-1 of 999')).toBeTruthy();
  });
});

describe('AppDataTable keeping rows (rowsDependOn)', () => {
  const two: Row[] = [rows[0], { id: 2, name: 'CH-2', kind: 'Wire', place: 'Quay', note: '', light: 'OK' }];
  /** The table with a Type column that counts the rows it draws, by stamped id. */
  function renderCounting(records: Row[], dependsOn: readonly string[] | undefined, drawn: string[]) {
    const counting: AppColumn<Row>[] = [
      columns[0],
      {
        accessor: 'kind',
        title: 'Type',
        priority: 1,
        render: (row) => {
          drawn.push(row.name);
          return `${row.kind}${dependsOn ? ` ${String(dependsOn[0])}` : ''}`;
        },
      },
    ];
    return table({ columns: counting, records, rowActions: undefined, rowsDependOn: dependsOn && (() => dependsOn) });
  }

  it('draws again only the row whose record changed, and every row when a value they depend on changes', () => {
    windowWidth(false);
    const drawn: string[] = [];
    const view = render(renderCounting(two, ['a'], drawn));
    drawn.length = 0;
    // A refresh: a new list, the first record the same object, the second changed.
    view.rerender(renderCounting([two[0], { ...two[1], kind: 'Fibre' }], ['a'], drawn));
    expect(drawn).toEqual(['CH-2']);
    expect(screen.getByText('Fibre a')).toBeTruthy();
    drawn.length = 0;
    view.rerender(renderCounting([two[0], { ...two[1], kind: 'Fibre' }], ['b'], drawn));
    expect(drawn.sort()).toEqual(['CH-1', 'CH-2']);
    expect(screen.getByText('Chain b')).toBeTruthy();
  });

  it('draws every row on every render without it', () => {
    windowWidth(false);
    const drawn: string[] = [];
    const view = render(renderCounting(two, undefined, drawn));
    drawn.length = 0;
    view.rerender(renderCounting([...two], undefined, drawn));
    expect(drawn.sort()).toEqual(['CH-1', 'CH-2']);
  });
});
