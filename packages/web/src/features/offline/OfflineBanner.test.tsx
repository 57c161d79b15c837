import { MantineProvider } from '@mantine/core';
import type { TypeStatus } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './OfflineBanner.tsx';
import { offlineSupported } from './online.ts';
import type { Waiting } from './queue.ts';
import type { OfflineEditor } from './useOfflineEditor.ts';

const base: OfflineEditor = {
  header: undefined,
  rows: undefined,
  offline: false,
  snapshot: 'none',
  savedAt: null,
  supported: true,
  chips: new Map(),
};
const statuses: TypeStatus[] = [{ id: 4, name: 'Fit', color: '#2f9e44', default: false, meaning: 'fit' }];
const show = (state: Partial<OfflineEditor>, waiting: Waiting[] = []) =>
  render(
    <MantineProvider>
      <OfflineBanner state={{ ...base, ...state }} waiting={waiting} statuses={statuses} />
    </MantineProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the offline banner over the event equipment editor (decision 078)', () => {
  it('says nothing online on HTTPS', () => {
    show({});
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('offline, with the kept copy shown: no changes waiting, when it was last seen, and that changes are kept', () => {
    show({ offline: true, snapshot: 'shown', savedAt: '2026-11-25T14:05:00Z' });
    // The title names the banner.
    const banner = screen.getByRole('status', { name: 'Offline, 0 changes waiting' });
    expect(banner.textContent).toMatch(/Showing this event as last seen online on 25\.11\.2026/);
    expect(banner.textContent).toContain('Changes made here are kept on this device and sent in order when the connection returns.');
  });

  it('counts and lists the changes waiting, a scan as its item when known, else as an unknown chip, five at most', () => {
    const row = (id: number, change: Waiting['change']): Waiting => ({
      id,
      userId: 1,
      key: `k${id}`,
      madeAt: '2026-11-28T10:00:00Z',
      change,
    });
    const waiting = [
      row(1, { kind: 'scan', eventId: 7, body: { chipId: 'E2000000000000A1', statusId: null } }),
      row(2, { kind: 'status', eventId: 7, itemId: 3, stampedId: 'NSD-1', statusId: 4 }),
      row(3, { kind: 'scan', eventId: 7, body: { chipId: 'E200000000000003' }, stampedId: 'NSD-R4-076-0051' }),
      ...[4, 5, 6, 7].map((id) => row(id, { kind: 'scan', eventId: 7, body: { chipId: `E20000000000000${id}` } })),
    ];
    show({ offline: true, snapshot: 'shown', savedAt: '2026-11-25T14:05:00Z' }, waiting);
    const banner = screen.getByRole('status', { name: 'Offline, 7 changes waiting' });
    const items = [...banner.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'Scan E2000000000000A1: unknown chip, found when sent',
      'Status of NSD-1: Fit',
      'Scan E200000000000003: NSD-R4-076-0051',
      'Scan E200000000000004: unknown chip, found when sent',
      'Scan E200000000000005: unknown chip, found when sent',
      'and 2 more changes',
    ]);
  });

  it('online while changes still wait: sending them', () => {
    show({}, [
      { id: 1, userId: 1, key: 'k', madeAt: '2026-11-28T10:00:00Z', change: { kind: 'scan', eventId: 7, body: { stampedId: 'NSD-2' } } },
    ]);
    expect(screen.getByRole('status', { name: 'Sending 1 change' }).textContent).toContain('Add NSD-2');
  });

  it('offline, for an event never opened here online: says it cannot be shown', () => {
    show({ offline: true, snapshot: 'missing' });
    expect(screen.getByRole('status', { name: 'Offline, 0 changes waiting' }).textContent).toContain(
      'This event was not opened on this device while online, so it cannot be shown without a network.',
    );
  });

  it("on plain HTTP says 'Offline work needs HTTPS'", () => {
    show({ supported: false });
    expect(screen.getByRole('note').textContent).toMatch(/^Offline work needs HTTPS/);
  });

  it('counts plain HTTP (not a secure context) as unsupported', () => {
    vi.stubGlobal('isSecureContext', false);
    expect(offlineSupported()).toBe(false);
  });

  it("lists the item dialog's changes and photos kept offline by item (decision 086)", () => {
    const row = (id: number, change: Waiting['change']): Waiting => ({
      id,
      userId: 1,
      key: `k${id}`,
      madeAt: '2026-11-28T10:00:00Z',
      change,
    });
    show({ offline: true, snapshot: 'shown', savedAt: '2026-11-25T14:05:00Z' }, [
      row(1, {
        kind: 'item',
        eventId: 7,
        itemId: 30,
        stampedId: 'NSD-1',
        body: { statusId: 4, measurements: [{ key: 'gripDiameter1', value: 75 }] },
      }),
      row(2, { kind: 'item', eventId: 7, itemId: 30, stampedId: 'NSD-1', body: { comment: 'Pitting', notifications: true } }),
      row(3, { kind: 'photo', eventId: 7, itemId: 30, stampedId: 'NSD-1', file: new Blob(['x']), fileName: 'deck.jpeg', bytes: 1 }),
    ]);
    const banner = screen.getByRole('status', { name: 'Offline, 3 changes waiting' });
    expect([...banner.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'NSD-1: status Fit, measurements',
      'NSD-1: comment, notification on',
      'Photo of NSD-1: deck.jpeg',
    ]);
  });
});
