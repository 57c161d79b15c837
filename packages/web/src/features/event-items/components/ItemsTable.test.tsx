import { MantineProvider } from '@mantine/core';
import { type EventItemEditorRow, eventItemMessages, type ItemStatus, type TypeStatus, verdictMessages } from '@portal/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ItemsTable } from './ItemsTable.tsx';

// The due-date look-up calls the API; the rows here are about owner scope.
vi.mock('../../due-dates/index.ts', () => {
  const none = new Map();
  return { useDueDates: () => none, dueColumn: () => ({ accessor: 'due', title: 'Due' }) };
});

const row = (values: Partial<EventItemEditorRow>): EventItemEditorRow => ({
  id: 1,
  sequence: 1,
  stampedId: 'CH-1',
  description: 'Chain Studless R4 84 mm',
  ownerId: 7,
  statusId: null,
  notifications: false,
  imageCount: 0,
  anotherOwner: false,
  proposedStatusId: null,
  reasonNeeded: false,
  version: 1,
  chips: [],
  ...values,
});

// The same lists on each render, as a query's answer is: rows are kept while these stay the same.
const owners = [{ id: 7, name: 'Own owner' }];
const itemStatuses: ItemStatus[] = [];
const statuses: TypeStatus[] = [
  { id: 3, name: 'OK', color: 'success', default: true, meaning: 'fit' },
  { id: 4, name: 'Discard', color: 'danger', default: false, meaning: 'condemned' },
];
const table = (items: EventItemEditorRow[], handlers: Partial<ComponentProps<typeof ItemsTable>> = {}) => (
  <MantineProvider>
    <MemoryRouter>
      <ItemsTable
        items={items}
        owners={owners}
        itemStatuses={itemStatuses}
        status={{ loading: false, fetching: false, error: null, onRetry: () => {} }}
        statuses={statuses}
        page={1}
        onPageChange={() => {}}
        onStatus={() => {}}
        onNotification={() => {}}
        onMove={() => {}}
        onEdit={() => {}}
        onHistory={() => {}}
        onDelete={() => {}}
        {...handlers}
      />
    </MemoryRouter>
  </MantineProvider>
);

const renderRows = (items: EventItemEditorRow[], onEdit = vi.fn()) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <ItemsTable
          items={items}
          owners={[{ id: 7, name: 'Own owner' }]}
          itemStatuses={[]}
          status={{ loading: false, fetching: false, error: null, onRetry: () => {} }}
          statuses={[{ id: 3, name: 'OK', color: 'success', default: true, meaning: 'fit' }]}
          page={1}
          onPageChange={() => {}}
          onStatus={() => {}}
          onNotification={() => {}}
          onMove={() => {}}
          onEdit={onEdit}
          onHistory={() => {}}
          onDelete={() => {}}
        />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('the flag of a status against the measurements (docs/measurements.md "Recording")', () => {
  it("shows 'Differs from proposed: reason needed' on the item that needs a reason only", () => {
    renderRows([row({ statusId: 3, reasonNeeded: true }), row({ id: 2, sequence: 2, stampedId: 'CH-2', statusId: 3 })]);
    const flagged = screen.getByText('CH-1').closest('tr') as HTMLElement;
    expect(within(flagged).getByText(verdictMessages.differs)).toBeTruthy();
    expect(within(screen.getByText('CH-2').closest('tr') as HTMLElement).queryByText(verdictMessages.differs)).toBeNull();
  });
});

describe("the equipment editor's rows (docs/security.md rule 17)", () => {
  it("show another owner's item with its place, stamped id and 'Another owner' only: no status, flag or actions", () => {
    const onEdit = vi.fn();
    const items = [row({}), row({ id: 2, sequence: 2, stampedId: 'THEIRS-1', description: null, ownerId: null, anotherOwner: true })];
    render(
      <MantineProvider>
        <MemoryRouter>
          <ItemsTable
            items={items}
            owners={[{ id: 7, name: 'Own owner' }]}
            itemStatuses={[]}
            status={{ loading: false, fetching: false, error: null, onRetry: () => {} }}
            statuses={[{ id: 3, name: 'OK', color: 'success', default: true, meaning: 'fit' }]}
            page={1}
            onPageChange={() => {}}
            onStatus={() => {}}
            onNotification={() => {}}
            onMove={() => {}}
            onEdit={onEdit}
            onHistory={() => {}}
            onDelete={() => {}}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    const theirs = screen.getByText('THEIRS-1').closest('tr') as HTMLElement;
    expect(within(theirs).getByText(eventItemMessages.anotherOwner)).toBeTruthy();
    expect(within(theirs).queryByRole('combobox')).toBeNull();
    expect(within(theirs).queryByRole('switch')).toBeNull();
    expect(within(theirs).queryByRole('button', { name: /Edit|Delete|History/ })).toBeNull();
    expect(within(theirs).getByRole('button', { name: 'Move THEIRS-1 (arrow keys)' })).toBeTruthy();
    theirs.click();
    expect(onEdit).not.toHaveBeenCalled();
    const mine = screen.getByText('CH-1').closest('tr') as HTMLElement;
    expect(within(mine).getByRole('combobox', { name: 'Status of CH-1' })).toBeTruthy();
    expect(screen.queryByText('Unlinked')).toBeNull();
  });
});

describe('rows kept between refreshes (AppDataTable rowsDependOn)', () => {
  const first = row({});
  const second = row({ id: 2, sequence: 2, stampedId: 'CH-2' });

  it("act with the editor's latest handlers, not those of when they were drawn", () => {
    const before = { onEdit: vi.fn(), onStatus: vi.fn() };
    const view = render(table([first, second], before));
    // A refresh: the same rows in a new list, and the editor's handlers new (its state changed).
    const after = { onEdit: vi.fn(), onStatus: vi.fn() };
    view.rerender(table([first, second], after));
    fireEvent.click(screen.getByText('CH-1').closest('tr') as HTMLElement);
    fireEvent.change(screen.getByLabelText('Status of CH-2'), { target: { value: '4' } });
    expect(before.onEdit).not.toHaveBeenCalled();
    expect(before.onStatus).not.toHaveBeenCalled();
    expect(after.onEdit).toHaveBeenCalledWith(first);
    expect(after.onStatus).toHaveBeenCalledWith(second, 4);
  });

  it('show a changed item as it is now, and a signed-off event on every row', () => {
    const view = render(table([first, second]));
    view.rerender(table([first, { ...second, statusId: 4 }]));
    expect((screen.getByLabelText('Status of CH-2') as HTMLSelectElement).value).toBe('4');
    expect((screen.getByLabelText('Status of CH-1') as HTMLSelectElement).disabled).toBe(false);
    view.rerender(table([first, { ...second, statusId: 4 }], { sealed: true }));
    expect((screen.getByLabelText('Status of CH-1') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText('Status of CH-2') as HTMLSelectElement).disabled).toBe(true);
  });
});
