import { MantineProvider } from '@mantine/core';
import type { TypeStatus } from '@portal/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NotApplied } from './NotApplied.tsx';
import type { Waiting } from './queue.ts';

const queue = vi.hoisted(() => ({ removeWaiting: vi.fn(async () => {}), retryOnVersion: vi.fn(async () => {}) }));
vi.mock('./queue.ts', () => queue);

const statuses: TypeStatus[] = [
  { id: 4, name: 'OK', color: '#2f9e44', default: true, meaning: 'fit' },
  { id: 5, name: 'Monitor', color: '#f08c00', default: false, meaning: 'monitor' },
];
const change = { kind: 'status', eventId: 7, itemId: 30, stampedId: 'NSD-1', statusId: 4, baseVersion: 2 } as const;
const conflicted: Waiting = {
  id: 1,
  userId: 1,
  key: 'k1',
  madeAt: '2026-11-28T10:00:00Z',
  change,
  refused: 'This item was changed meanwhile: choose which value to keep',
  conflict: { version: 3, current: { statusId: 5, comment: null, notifications: false }, sent: { statusId: 4 } },
};
const sealed: Waiting = {
  id: 2,
  userId: 1,
  key: 'k2',
  madeAt: '2026-11-28T10:01:00Z',
  change: { kind: 'scan', eventId: 7, body: { chipId: 'E200000000000001', statusId: null } },
  refused: 'This event is signed off: record an amendment instead',
};

/** Where the page is, for the test to read. */
function Where() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

describe('the "Not applied" list (decision 083)', () => {
  it('shows both values of a change made on an older version and lets the person choose', () => {
    render(
      <MemoryRouter>
        <MantineProvider>
          <NotApplied rows={[conflicted, sealed]} statuses={statuses} />
        </MantineProvider>
      </MemoryRouter>,
    );
    const list = screen.getByRole('region', { name: 'Not applied' });
    expect(list.textContent).toContain('NSD-1 was changed meanwhile. On the server now: Monitor. Yours: OK.');
    expect(list.textContent).toContain(
      'Scan E200000000000001: unknown chip, found when sent: This event is signed off: record an amendment instead',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use mine (OK)' }));
    expect(queue.retryOnVersion).toHaveBeenCalledWith(conflicted, 3);
    fireEvent.click(screen.getByRole('button', { name: "Keep the server's (Monitor)" }));
    expect(queue.removeWaiting).toHaveBeenCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(queue.removeWaiting).toHaveBeenCalledWith(2);
  });

  it("offers a status change refused because the event was signed off as an amendment: the item's Amend form, filled with it", () => {
    const refused: Waiting = { ...sealed, id: 3, change: { ...change, statusId: 5 } };
    render(
      <MemoryRouter initialEntries={['/Events/Edit/7/Equipment']}>
        <MantineProvider>
          <Routes>
            <Route path="*" element={<NotApplied rows={[refused, sealed]} statuses={statuses} />} />
          </Routes>
          <Where />
        </MantineProvider>
      </MemoryRouter>,
    );
    // A scan cannot be an amendment (an amendment corrects an item of the event): it is only removed.
    expect(screen.getAllByRole('button', { name: 'Record as amendment' })).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Not applied' }).textContent).toContain(
      'Status of NSD-1: Monitor: This event is signed off: record an amendment instead',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Record as amendment' }));
    expect(screen.getByLabelText('Address').textContent).toBe('/Events/Edit/7/Equipment/30?amend=5&waiting=3');
  });

  it("shows both values of an item dialog's comment made on an older version (decision 086)", () => {
    const comment: Waiting = {
      ...conflicted,
      id: 4,
      change: { kind: 'item', eventId: 7, itemId: 30, stampedId: 'NSD-1', body: { comment: 'Pitting at link 4' }, baseVersion: 2 },
      conflict: { version: 3, current: { statusId: 5, comment: 'Worn', notifications: false }, sent: { comment: 'Pitting at link 4' } },
    };
    render(
      <MemoryRouter>
        <MantineProvider>
          <NotApplied rows={[comment]} statuses={statuses} />
        </MantineProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Not applied' }).textContent).toContain(
      "NSD-1 was changed meanwhile. On the server now: comment 'Worn'. Yours: comment 'Pitting at link 4'.",
    );
    fireEvent.click(screen.getByRole('button', { name: "Use mine (comment 'Pitting at link 4')" }));
    expect(queue.retryOnVersion).toHaveBeenCalledWith(comment, 3);
  });
});
