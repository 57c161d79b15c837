import type { LastEventStatus } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { spreadMarks } from './spreadMarks.ts';

const status = (fields: Partial<LastEventStatus>): LastEventStatus => ({
  stampedId: 'A-1',
  status: 'OK',
  color: 'success',
  eventDate: '2026-01-10',
  eventType: 'Inspection',
  hidden: false,
  ...fields,
});

describe('mooring spread marks', () => {
  it('shows the latest status in its colour', () => {
    expect(spreadMarks(status({}), true)).toEqual([{ label: 'OK', color: 'success' }]);
  });

  it('marks an item never inspected and an inactive one, never a blank or a plain status', () => {
    expect(spreadMarks(status({ status: null, color: null, eventDate: null, eventType: null }), true)).toEqual([
      { label: 'Never inspected', color: 'default' },
    ]);
    expect(spreadMarks(status({ hidden: true }), true)).toEqual([
      { label: 'OK', color: 'success' },
      { label: 'Inactive', color: 'light' },
    ]);
    expect(spreadMarks(status({ hidden: true, status: null, color: null, eventDate: null }), true)).toEqual([
      { label: 'Never inspected', color: 'default' },
      { label: 'Inactive', color: 'light' },
    ]);
    expect(spreadMarks(status({ status: null, color: null }), true)).toEqual([{ label: 'No status', color: 'none' }]);
  });

  it('says "Not found" for an id the look-up left out, and nothing before the look-up', () => {
    expect(spreadMarks(undefined, true)).toEqual([{ label: 'Not found', color: 'none' }]);
    expect(spreadMarks(undefined, false)).toEqual([]);
    expect(spreadMarks(status({}), false)).toEqual([]);
  });
});
