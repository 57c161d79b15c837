import { endpointsByFeature, eventItemEndpoints, ownerEndpoints, userEndpoints } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError.ts';
import { endpointKey, fetchEndpoint } from './endpointQuery.ts';
import { refreshAfterWrite, useEndpointMutation } from './mutation.ts';

/** A cache holding one read of several areas; `stale()` names those a write marked for refresh. */
function cache() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const keys = {
    rows: endpointKey(eventItemEndpoints.itemsForEdit, { params: { eventId: 1 } }),
    event: endpointKey(endpointsByFeature.events.summary, { params: { id: 1 } }),
    item: endpointKey(endpointsByFeature.equipment.item, { params: { id: 'KL-1' } }),
    notifications: endpointKey(endpointsByFeature.notifications.list),
    unlinked: endpointKey(endpointsByFeature.unlinked.list, { query: { Page: 0 } }),
    report: endpointKey(endpointsByFeature.reports['table:redEquipment']),
    due: endpointKey(endpointsByFeature.dueDates.list),
    owners: endpointKey(ownerEndpoints.list),
    users: endpointKey(userEndpoints.list),
    user1: endpointKey(userEndpoints.get, { params: { id: 1 } }),
    userInfo: endpointKey(userEndpoints.userInfo),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, 'data');
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { client, stale };
}

const scanAdd = { params: { eventId: 1 }, body: { chipId: 'E2801100AABBCCDD', statusId: null } };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('refreshAfterWrite', () => {
  it("refreshes every area a scan's add changes, and nothing else", async () => {
    const { client, stale } = cache();
    await refreshAfterWrite(client, eventItemEndpoints.add, scanAdd);
    expect(stale()).toEqual(['rows', 'event', 'item', 'notifications', 'unlinked', 'report', 'due']);
  });

  it('refreshes a declared GET path, not its whole area', async () => {
    const { client, stale } = cache();
    await refreshAfterWrite(client, userEndpoints.register, { body: { email: 'a@b.example' } });
    expect(stale()).toEqual(['users', 'user1']);
  });

  it('refreshes nothing after a dry run, or after a 401 (the session is gone)', async () => {
    const { client, stale } = cache();
    await refreshAfterWrite(client, eventItemEndpoints.series, { params: { eventId: 1 }, query: { dryRun: 'true' } });
    await refreshAfterWrite(client, eventItemEndpoints.add, scanAdd, new ApiError({ url: '/api', status: 401 }));
    expect(stale()).toEqual([]);
    await refreshAfterWrite(client, eventItemEndpoints.series, { params: { eventId: 1 }, query: { dryRun: 'false' } });
    expect(stale()).toContain('rows');
  });

  it('takes no write as a read (type check)', () => {
    const typeCheckOnly = () =>
      // @ts-expect-error a write refreshes what it changes: it goes through mutation.ts, never fetchEndpoint.
      fetchEndpoint(eventItemEndpoints.add, scanAdd);
    expect(typeCheckOnly).toBeTypeOf('function');
  });
});

describe('useEndpointMutation', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    cleanup();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  function render(options: Parameters<typeof useEndpointMutation>[1] = {}) {
    const { client, stale } = cache();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const hook = renderHook(() => useEndpointMutation(eventItemEndpoints.add, { meta: { toastErrors: false }, ...options }), { wrapper });
    return { hook, stale };
  }

  it('refreshes what the endpoint declares once the call has answered, and after a refusal too', async () => {
    fetchMock.mockResolvedValueOnce(json(201, { item: { stampedId: 'KL-1' }, createdEquipment: false }));
    const { hook, stale } = render();
    await act(() => hook.result.current.mutateAsync(scanAdd));
    expect(stale()).toContain('notifications');
    expect(stale()).toHaveLength(7);

    // A refusal refreshes as well: it puts back what a screen showed ahead of the answer.
    fetchMock.mockResolvedValueOnce(json(400, { status: 400, message: 'No', errors: { chipId: ['No'] } }));
    const second = render();
    await act(() => second.hook.result.current.mutateAsync(scanAdd).catch(() => undefined));
    expect(second.stale()).toHaveLength(7);
  });

  it('in a scope, refreshes after the last write waiting, not between two (a refresh then showed the older order)', async () => {
    const answers: ((response: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const { hook, stale } = render({ scope: { id: 'order' } });
    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      first = hook.result.current.mutateAsync(scanAdd);
      second = hook.result.current.mutateAsync(scanAdd);
    });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => {
      answers[0](json(201, { item: { stampedId: 'KL-1' }, createdEquipment: false }));
      await first;
    });
    expect(stale()).toEqual([]);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => {
      answers[1](json(201, { item: { stampedId: 'KL-2' }, createdEquipment: false }));
      await second;
    });
    expect(stale()).toHaveLength(7);
  });

  it('with refreshWhenIdle, refreshes once the calls pause, and at once when the screen goes', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => json(201, { item: { stampedId: 'KL-1' }, createdEquipment: false }));
    const { hook, stale } = render({ refreshWhenIdle: 1300 });
    await act(() => hook.result.current.mutateAsync(scanAdd));
    await act(async () => vi.advanceTimersByTime(1000));
    await act(() => hook.result.current.mutateAsync(scanAdd));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(stale()).toEqual([]);
    await act(async () => vi.advanceTimersByTime(300));
    expect(stale()).toHaveLength(7);

    const next = render({ refreshWhenIdle: 1300 });
    await act(() => next.hook.result.current.mutateAsync(scanAdd));
    expect(next.stale()).toEqual([]);
    next.hook.unmount();
    expect(next.stale()).toHaveLength(7);
  });
});
