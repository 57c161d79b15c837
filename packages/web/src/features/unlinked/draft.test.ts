import { unlinkedMessages } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { bodyOf, isChanged, lengthError, pageWindow } from './draft.ts';

const item = {
  id: 1,
  stampedId: 'KL-1',
  description: null,
  length: 27.5,
  comment: 'Spare',
  hidden: false,
  certificateId: null,
  eventCount: 0,
  chipCount: 0,
  createdBy: null,
  createdDate: '2026-01-01T00:00:00.000Z',
  updatedBy: null,
  updatedDate: '2026-01-01T00:00:00.000Z',
};

describe('pageWindow', () => {
  it('shows at most 5 page numbers around the current page', () => {
    expect(pageWindow(0, 80)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(10, 80)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(79, 80)).toEqual([75, 76, 77, 78, 79]);
    expect(pageWindow(1, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 0)).toEqual([]);
  });
});

describe('row drafts', () => {
  it('reads a comma or a dot, and refuses what is not a length', () => {
    expect(lengthError('27,5')).toBeNull();
    expect(lengthError('')).toBeNull();
    expect(lengthError('-1')).toBe(unlinkedMessages.length);
    expect(lengthError('long')).toBe(unlinkedMessages.length);
    expect(bodyOf({ length: '1 200,5', comment: '  ', certificate: null })).toEqual({ length: 1200.5, comment: null, certificateId: null });
  });

  it('is changed when a value or the certificate differs', () => {
    expect(isChanged(item, { length: '27,5', comment: 'Spare ', certificate: null })).toBe(false);
    expect(isChanged(item, { length: '28', comment: 'Spare', certificate: null })).toBe(true);
    expect(isChanged(item, { length: '27.5', comment: 'Spare', certificate: { id: 2 } as never })).toBe(true);
  });
});
