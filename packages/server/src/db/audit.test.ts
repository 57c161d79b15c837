import { UserType } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { presentAudit } from './audit.ts';

const row = {
  id: 7,
  name: 'Seven',
  createdBy: 'anna@staff.example',
  createdAt: new Date('2026-01-02T03:04:05.000Z'),
  updatedBy: 'bob@staff.example',
  updatedAt: new Date('2026-02-03T04:05:06.000Z'),
};

describe('presentAudit', () => {
  it('replaces the audit columns with the spec fields, keeping the rest of the row', () => {
    expect(presentAudit(row, { userType: UserType.Admin })).toEqual({
      id: 7,
      name: 'Seven',
      createdBy: 'anna@staff.example',
      createdDate: '2026-01-02T03:04:05.000Z',
      updatedBy: 'bob@staff.example',
      updatedDate: '2026-02-03T04:05:06.000Z',
    });
  });

  it('names no staff to an external viewer', () => {
    expect(presentAudit(row, { userType: UserType.Report })).toMatchObject({
      createdBy: null,
      createdDate: '2026-01-02T03:04:05.000Z',
      updatedBy: null,
      updatedDate: '2026-02-03T04:05:06.000Z',
    });
  });
});
