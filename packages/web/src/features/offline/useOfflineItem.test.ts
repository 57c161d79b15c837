import type { EventItem } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import type { Waiting } from './queue.ts';
import { withWaiting } from './useOfflineItem.ts';

const item: EventItem = {
  id: 30,
  eventId: 7,
  sequence: 1,
  stampedId: 'NSD-1',
  statusId: null,
  comment: 'Old',
  notifications: false,
  version: 2,
  files: [],
  updatedBy: null,
  updatedDate: '2026-11-28T10:00:00Z',
  notificationChanges: [],
  measurements: [],
  verdict: { proposedStatusId: null, chosenStatusId: null, reason: null, criteriaVersion: null, reasonNeeded: false },
  judging: { template: null, nominalSize: 76, nominalUnit: 'mm' },
};
const row = (id: number, change: Waiting['change']): Waiting => ({ id, userId: 1, key: `k${id}`, madeAt: '2026-11-28T10:00:00Z', change });

describe('the item dialog offline shows the item as it will be once the waiting changes are sent (decision 086)', () => {
  it("applies this item's changes in order, one version more for each status or comment change", () => {
    const shown = withWaiting(item, [
      row(1, { kind: 'status', eventId: 7, itemId: 30, stampedId: 'NSD-1', statusId: 4 }),
      row(2, { kind: 'item', eventId: 7, itemId: 30, stampedId: 'NSD-1', body: { measurements: [{ key: 'gripDiameter1', value: 75 }] } }),
      row(3, { kind: 'item', eventId: 7, itemId: 30, stampedId: 'NSD-1', body: { comment: 'Pitting', notifications: true } }),
      // Another item's and a photo change nothing here.
      row(4, { kind: 'item', eventId: 7, itemId: 31, stampedId: 'NSD-2', body: { comment: 'Other' } }),
      row(5, { kind: 'photo', eventId: 7, itemId: 30, stampedId: 'NSD-1', file: new Blob(['x']), fileName: 'a.jpeg', bytes: 1 }),
    ]);
    expect(shown).toMatchObject({
      statusId: 4,
      comment: 'Pitting',
      notifications: true,
      measurements: [{ key: 'gripDiameter1', value: 75 }],
      version: 4,
    });
  });

  it('a flag alone makes no new version', () => {
    expect(
      withWaiting(item, [row(1, { kind: 'item', eventId: 7, itemId: 30, stampedId: 'NSD-1', body: { notifications: true } })]).version,
    ).toBe(2);
  });
});
