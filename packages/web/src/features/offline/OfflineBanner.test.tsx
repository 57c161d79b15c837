import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './OfflineBanner.tsx';
import { offlineSupported } from './online.ts';
import type { OfflineEditor } from './useOfflineEditor.ts';

const base: OfflineEditor = { header: undefined, rows: undefined, offline: false, snapshot: 'none', savedAt: null, supported: true };
const show = (state: Partial<OfflineEditor>) =>
  render(
    <MantineProvider>
      <OfflineBanner state={{ ...base, ...state }} />
    </MantineProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the offline banner over the event equipment editor (decision 078)', () => {
  it('says nothing online on HTTPS', () => {
    show({});
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('offline, with the kept copy shown: no changes waiting, when it was last seen, and that changes need the network', () => {
    show({ offline: true, snapshot: 'shown', savedAt: '2026-11-25T14:05:00Z' });
    // The title names the banner.
    const banner = screen.getByRole('status', { name: 'Offline, 0 changes waiting' });
    expect(banner.textContent).toMatch(/Showing this event as last seen online on 25\.11\.2026/);
    expect(banner.textContent).toContain('Changes need the network for now: the editor is read-only until the connection returns.');
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
});
