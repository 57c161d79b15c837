import { MantineProvider } from '@mantine/core';
import type { EventItemEditorRow, MooringSpread } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScanAndReconcile } from './ScanAndReconcile.tsx';

const spreads: MooringSpread[] = [
  {
    rig: 'Westfjord Pioneer',
    ownerId: 1,
    legs: [
      { name: 'Leg 1', stampedIds: ['NSD-0001', 'NSD-0002'] },
      { name: 'Leg 2', stampedIds: ['NSD-0003'] },
    ],
  },
];
const row = (id: number, stampedId: string) => ({ id, sequence: id, stampedId, anotherOwner: false }) as EventItemEditorRow;

/** The offline queue's news of scans the server resolved when sent: the test sends it. */
type Resolved = { eventId: number; code: string; stampedId: string };
const resolvedListeners = vi.hoisted(() => new Set<(scan: Resolved) => void>());
vi.mock('../../offline/index.ts', async (original) => ({
  ...(await original<object>()),
  onScanResolved: (listener: (scan: Resolved) => void) => {
    resolvedListeners.add(listener);
    return () => resolvedListeners.delete(listener);
  },
}));
const scanResolved = (scan: Resolved) => {
  for (const listener of resolvedListeners) listener(scan);
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => new Response(JSON.stringify({ spreads }), { headers: { 'content-type': 'application/json' } }));
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function show(items: EventItemEditorRow[], copiedFrom: number | null = null, offline: { keep?: () => Promise<string | null> } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <ScanAndReconcile
          eventId={7}
          statuses={[{ id: 3, name: 'Missing', default: false } as never]}
          items={items}
          copiedFrom={copiedFrom}
          keep={offline.keep}
          queued={!!offline.keep}
        />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Reconciliation' });
}

describe('the reconciliation panel (issue 29 part 3)', () => {
  it('expects the items in the event when reconciling begins; nothing scanned yet, all of them are missing', () => {
    const panel = show([row(1, 'NSD-0001'), row(2, 'AMP-0009')]);
    fireEvent.click(within(panel).getByRole('switch', { name: 'Reconcile' }));
    expect(within(panel).getByText('Expected 2')).toBeTruthy();
    expect(within(panel).getByText('Missing 2')).toBeTruthy();
    expect(within(panel).getByText('NSD-0001, AMP-0009')).toBeTruthy();
  });

  it('expects the items of the event copied from for a copy that had none (a copy without equipment, decision 084)', async () => {
    const copied = { items: [row(1, 'NSD-0001'), row(2, 'NSD-0002'), row(3, 'NSD-0003')], owners: [], statuses: [] };
    fetchMock.mockImplementation(async (url) => {
      const body = String(url).endsWith('/api/EventComponents/9/GetChipsForEdit') ? copied : { spreads: [] };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    });
    const panel = show([], 9);
    fireEvent.click(within(panel).getByRole('switch', { name: 'Reconcile' }));
    await waitFor(() => expect(within(panel).getByText('Expected 3')).toBeTruthy());
    expect((within(panel).getByLabelText('Expected') as HTMLSelectElement).value).toBe('copy');
    expect(within(panel).getByText('The 3 items of the event copied from')).toBeTruthy();
    expect(within(panel).getByText('NSD-0001, NSD-0002, NSD-0003')).toBeTruthy();
  });

  it("offers the user's mooring spreads and then expects every leg's items", async () => {
    const panel = show([row(1, 'NSD-0001')]);
    fireEvent.click(within(panel).getByRole('switch', { name: 'Reconcile' }));
    const expected = within(panel).getByLabelText('Expected');
    await waitFor(() => expect(within(expected).getByText('Mooring spread Westfjord Pioneer')).toBeTruthy());
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/Report/mooringSpreads');
    fireEvent.change(expected, { target: { value: 'spread:0' } });
    expect(within(panel).getByText('Expected 3')).toBeTruthy();
    expect(within(panel).getByText('NSD-0001, NSD-0002, NSD-0003')).toBeTruthy();
    // Nothing to give a status until one is chosen.
    expect((within(panel).getByRole('button', { name: 'Add missing and set status' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts a chip unknown offline as unexpected by its code, then as its item once the server resolves it (decision 086)', async () => {
    // The device knows neither chip: both wait as unknown chips.
    const panel = show([row(1, 'NSD-0001')], null, { keep: async () => null });
    fireEvent.click(within(panel).getByRole('switch', { name: 'Reconcile' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Scan mode' }));
    for (const code of ['E200000000000001', 'E200000000000002']) for (const key of code) fireEvent.keyDown(document.body, { key });
    await waitFor(() => expect(within(panel).getByText('Unexpected 2')).toBeTruthy());
    expect(within(panel).getByText('E200000000000001, E200000000000002')).toBeTruthy();
    // Sent: the first is on the expected item, the second on an item not expected.
    act(() => scanResolved({ eventId: 7, code: 'e200000000000001', stampedId: 'NSD-0001' }));
    act(() => scanResolved({ eventId: 7, code: 'E200000000000002', stampedId: 'AMP-0009' }));
    await waitFor(() => expect(within(panel).getByText('Found 1')).toBeTruthy());
    expect(within(panel).getByText('Missing 0')).toBeTruthy();
    expect(within(panel).getByText('Unexpected 1')).toBeTruthy();
    expect(within(panel).getByText('AMP-0009')).toBeTruthy();
    // Another event's scans change nothing here.
    act(() => scanResolved({ eventId: 8, code: 'E200000000000009', stampedId: 'NSD-0009' }));
    expect(within(panel).getByText('Unexpected 1')).toBeTruthy();
  });
});
