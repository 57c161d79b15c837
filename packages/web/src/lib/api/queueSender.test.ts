import { eventItemEndpoints, IDEMPOTENCY_HEADER } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendQueued } from './queueSender.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the offline queue sender (decision 083)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', { getItem: () => 'token', removeItem: () => {}, setItem: () => {} });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends a change with its own Idempotency-Key, the same on every try, and refreshes what the write declares', async () => {
    fetchMock.mockImplementation(async () => json(201, { item: { id: 5 } }));
    const queryClient = new QueryClient();
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    const input = { params: { eventId: 7 }, body: { chipId: 'E200000000000001', statusId: null } };
    await sendQueued(queryClient, eventItemEndpoints.add, input, 'kept-1');
    await sendQueued(queryClient, eventItemEndpoints.add, input, 'kept-1');
    const sent = fetchMock.mock.calls.map(([url, init]) => [
      url,
      init?.method,
      new Headers(init?.headers).get(IDEMPOTENCY_HEADER),
      init?.body,
    ]);
    const one = ['/api/EventComponents/7/component', 'POST', 'kept-1', JSON.stringify(input.body)];
    expect(sent).toEqual([one, one]);
    expect(refresh).toHaveBeenCalledWith({ queryKey: ['EventComponents'] });
  });

  it('fails with the server’s answer, so the queue can tell a refusal from no network', async () => {
    fetchMock.mockImplementation(async () => json(409, { message: 'This event is signed off: record an amendment instead' }));
    const input = { params: { eventId: 7, id: 3 }, body: { statusId: 4 } };
    await expect(sendQueued(new QueryClient(), eventItemEndpoints.update, input, 'kept-2')).rejects.toMatchObject({ status: 409 });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(sendQueued(new QueryClient(), eventItemEndpoints.update, input, 'kept-2')).rejects.toMatchObject({ status: 0 });
  });
});
