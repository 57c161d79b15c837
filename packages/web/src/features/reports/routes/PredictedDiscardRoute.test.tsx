import { MantineProvider } from '@mantine/core';
import type { ReportTable } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PredictedDiscardRoute } from './PredictedDiscardRoute.tsx';

const report = (rows: ReportTable['rows']): ReportTable => ({
  name: 'predictedDiscard',
  title: 'Predicted discard',
  description: 'Active items whose wear trend reaches the condemned limit within 12 months, soonest first.',
  columns: [
    { key: 'stampedId', label: 'Stamped id', kind: 'stampedId' },
    { key: 'ratePerYear', label: 'Wear a year', kind: 'number' },
    { key: 'unit', label: 'Unit', kind: 'text' },
    { key: 'predictedDiscardDate', label: 'Predicted discard', kind: 'date' },
  ],
  rows,
  total: rows.length,
  page: 0,
  pageSize: 50,
  summary: [],
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();
const requested = () => fetchMock.mock.calls.map(([url]) => String(url));
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () =>
    json(report([{ stampedId: 'SC-0001', ratePerYear: 1.25, unit: 'mm', predictedDiscardDate: '2027-03-01' }])),
  );
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function show(address = '/Reports/PredictedDiscard') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <MemoryRouter initialEntries={[address]}>
          <PredictedDiscardRoute />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}
const table = () => screen.getByRole('table', { name: 'Items predicted to reach discard' });

describe('the predicted-discard screen', () => {
  it('lists the items of the months typed (12 unless the address says), soonest first as the server pages them', async () => {
    show('/Reports/PredictedDiscard?months=18');
    await waitFor(() => expect(screen.getByText('SC-0001')).toBeTruthy());
    expect(screen.getByText('01.03.2027')).toBeTruthy();
    // The wear reads with its unit, as one fact; no column of units beside it.
    expect(screen.getByText('1.25 mm')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Unit' })).toBeNull();
    expect(requested()[0]).toContain('/api/Report/predictedDiscard?months=18&page=0&pageSize=50');
    const field = screen.getByLabelText(/Within months/);
    fireEvent.change(field, { target: { value: '2' } });
    fireEvent.change(field, { target: { value: '24' } });
    await waitFor(() => expect(requested().at(-1)).toContain('months=24&'), { timeout: 2000 });
    // Typed key by key, one request after the typing stopped: none for 2 months.
    expect(requested().some((url) => url.includes('months=2&'))).toBe(false);
    expect(table()).toBeTruthy();
  });

  it('says what is wrong with months that are no whole number from 1 to 600, and asks for nothing', async () => {
    show();
    await waitFor(() => expect(screen.getByText('SC-0001')).toBeTruthy());
    for (const value of ['-3', 'abc', '1.5', '601', '']) {
      fireEvent.change(screen.getByLabelText(/Within months/), { target: { value } });
      expect(screen.getByText('Months must be a whole number from 1 to 600')).toBeTruthy();
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requested().every((url) => url.includes('months=12&'))).toBe(true);
    // The last valid report stays.
    expect(screen.getByText('SC-0001')).toBeTruthy();
  });

  it('shows the empty state for no rows, and a failure that does not look like empty data', async () => {
    fetchMock.mockImplementation(async () => json(report([])));
    show();
    await waitFor(() => expect(screen.getByText(/No item's wear trend reaches its discard limit within 12 months/)).toBeTruthy());
    fetchMock.mockImplementation(async () => json({ message: 'Database unavailable' }, 500));
    fireEvent.change(screen.getByLabelText(/Within months/), { target: { value: '6' } });
    const failed = await screen.findByRole('alert', { name: 'The predicted discards could not be loaded' }, { timeout: 2000 });
    expect(failed.textContent).toContain('Database unavailable');
    expect(screen.queryByText(/No item's wear trend/)).toBeNull();
  });
});
