import { eventItemMessages, idempotencyMessages, messages } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/ApiError.ts';
import type { Waiting } from './queue.ts';

/** The queue in memory and the sender's answers by key: what sync.ts decides from each answer. */
let rows: Waiting[] = [];
const answers = new Map<string, unknown>();
const sent: { path: string; body: unknown; key: string }[] = [];
const resolved: unknown[] = [];
const keptRows: unknown[] = [];

vi.mock('./queue.ts', () => ({
  readQueue: async () => rows.map((row) => ({ ...row })),
  removeWaiting: async (id: number) => {
    rows = rows.filter((row) => row.id !== id);
  },
  refuseWaiting: async (row: Waiting, refused: string, conflict?: Waiting['conflict']) => {
    rows = rows.map((r) => (r.id === row.id ? { ...r, refused, ...(conflict && { conflict }) } : r));
  },
  scanResolved: (scan: unknown) => resolved.push(scan),
}));
vi.mock('./store.ts', () => ({
  keepAddedRow: async (_userId: number, _eventId: number, row: unknown) => {
    keptRows.push(row);
  },
}));
vi.mock('../../lib/api/queueSender.ts', () => ({
  sendQueued: async (_client: unknown, endpoint: { path: string }, input: { body: unknown }, key: string) => {
    sent.push({ path: endpoint.path, body: input.body, key });
    const answer = answers.get(key);
    if (answer instanceof Error) throw answer;
    // An add answers the item it added (the chip's item).
    return answer ?? (endpoint.path.endsWith('/component') ? { item: { id: 90, stampedId: `NSD-${key}` } } : {});
  },
}));

const { sendWaiting } = await import('./sync.ts');

const error = (status: number, message: string, errors?: Record<string, string[]>) =>
  new ApiError({ url: '/api/x', status, body: { message, errors } });
const scan = (id: number, chipId: string): Waiting => ({
  id,
  userId: 1,
  key: `key-${id}`,
  madeAt: '2026-11-28T10:00:00Z',
  change: { kind: 'scan', eventId: 7, body: { chipId, statusId: 2 } },
});
const status = (id: number): Waiting => ({
  id,
  userId: 1,
  key: `key-${id}`,
  madeAt: '2026-11-28T10:00:00Z',
  change: { kind: 'status', eventId: 7, itemId: 30, stampedId: 'NSD-1', statusId: 4 },
});

beforeEach(() => {
  rows = [];
  answers.clear();
  sent.length = 0;
  resolved.length = 0;
  keptRows.length = 0;
});

describe('sending the changes made offline (decision 083)', () => {
  it('sends each in the order made with its own key, and empties the queue', async () => {
    rows = [scan(1, 'E200000000000001'), status(2), scan(3, 'E200000000000003')];
    await sendWaiting(new QueryClient(), 1);
    expect(sent).toEqual([
      { path: '/EventComponents/:eventId/component', body: { chipId: 'E200000000000001', statusId: 2 }, key: 'key-1' },
      { path: '/EventComponents/:eventId/component/:id', body: { statusId: 4 }, key: 'key-2' },
      { path: '/EventComponents/:eventId/component', body: { chipId: 'E200000000000003', statusId: 2 }, key: 'key-3' },
    ]);
    expect(rows).toEqual([]);
  });

  it('stops at no network, a 5xx, a 401 or a key still running, keeping that change and the ones after it', async () => {
    for (const failure of [
      error(0, 'The server cannot be reached.'),
      error(502, 'Bad gateway'),
      error(401, 'Unauthorized'),
      error(409, idempotencyMessages.stillRunning),
    ]) {
      rows = [scan(1, 'E200000000000001'), status(2)];
      sent.length = 0;
      answers.set('key-1', failure);
      await sendWaiting(new QueryClient(), 1);
      expect(sent.map((s) => s.key)).toEqual(['key-1']);
      expect(rows.map((row) => [row.id, row.refused])).toEqual([
        [1, undefined],
        [2, undefined],
      ]);
    }
  });

  it('keeps a refused change as "Not applied" with why, and goes on with the next', async () => {
    rows = [scan(1, 'E2000000000000FF'), status(2), status(3)];
    answers.set('key-1', error(400, 'Validation failed', { chipId: [messages.noEquipmentWithChip('E2000000000000FF')] }));
    answers.set('key-2', error(409, 'This event is signed off: record an amendment instead'));
    await sendWaiting(new QueryClient(), 1);
    expect(rows.map((row) => [row.id, row.refused])).toEqual([
      [1, messages.noEquipmentForChip('E2000000000000FF')],
      [2, 'This event is signed off: record an amendment instead'],
    ]);
    // Refused ones are not sent again.
    sent.length = 0;
    await sendWaiting(new QueryClient(), 1);
    expect(sent).toEqual([]);
  });

  it('keeps a change made on an older version with both values, for the person to choose', async () => {
    rows = [{ ...status(1), change: { kind: 'status', eventId: 7, itemId: 30, stampedId: 'NSD-1', statusId: 4, baseVersion: 2 } }];
    const conflict = { version: 3, current: { statusId: 5, comment: null, notifications: false }, sent: { statusId: 4 } };
    answers.set('key-1', new ApiError({ url: '/api/x', status: 409, body: { message: 'Changed meanwhile', conflict } }));
    await sendWaiting(new QueryClient(), 1);
    expect(sent[0].body).toEqual({ statusId: 4, baseVersion: 2 });
    expect(rows).toMatchObject([{ id: 1, refused: 'Changed meanwhile', conflict }]);
  });

  it("sends the item dialog's changes and photos in order with the others, each with its own key (decision 086)", async () => {
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    rows = [
      {
        ...status(1),
        change: { kind: 'item', eventId: 7, itemId: 30, stampedId: 'NSD-1', body: { comment: 'Pitted', measurements: [] }, baseVersion: 3 },
      },
      { ...status(2), change: { kind: 'item', eventId: 7, itemId: 30, stampedId: 'NSD-1', body: { notifications: true } } },
      {
        ...status(3),
        change: { kind: 'photo', eventId: 7, itemId: 30, stampedId: 'NSD-1', file: photo, fileName: 'deck.jpeg', bytes: 10 },
      },
    ];
    await sendWaiting(new QueryClient(), 1);
    expect(sent.map(({ path, key }) => [path, key])).toEqual([
      ['/EventComponents/:eventId/component/:id', 'key-1'],
      ['/EventComponents/:eventId/component/:id', 'key-2'],
      ['/EventComponents/:eventId/component/:id/images', 'key-3'],
    ]);
    expect(sent[0].body).toEqual({ comment: 'Pitted', measurements: [], baseVersion: 3 });
    // A flag alone never conflicts: no base version.
    expect(sent[1].body).toEqual({ notifications: true, baseVersion: undefined });
    const file = (sent[2].body as FormData).get('File') as File;
    expect([file.name, file.type, file.size]).toEqual(['deck.jpeg', 'image/jpeg', 10]);
    expect(rows).toEqual([]);
  });

  it('tells which item a kept scan was once the server has it, and keeps its row on the device', async () => {
    rows = [scan(1, 'E200000000000001')];
    await sendWaiting(new QueryClient(), 1);
    expect(resolved).toEqual([{ eventId: 7, code: 'E200000000000001', stampedId: 'NSD-key-1' }]);
    expect(keptRows).toEqual([{ id: 90, stampedId: 'NSD-key-1' }]);
  });

  it('drops a scan whose item the event has already (a lost answer whose key has expired)', async () => {
    rows = [scan(1, 'E200000000000001')];
    answers.set('key-1', error(400, 'Validation failed', { chipId: [eventItemMessages.alreadyInEvent('NSD-1')] }));
    await sendWaiting(new QueryClient(), 1);
    expect(rows).toEqual([]);
  });
});
