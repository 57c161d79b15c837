import { MantineProvider } from '@mantine/core';
import type { DueInfo } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DueBadge } from './DueBadge.tsx';

const due = (values: Partial<DueInfo>): DueInfo => ({
  dueDate: '2027-05-10',
  light: 'green',
  kind: 'inspection',
  basisDate: '2026-05-10',
  renewalDueDate: null,
  condemned: false,
  lastInspection: '2026-05-10',
  discardPredicted: null,
  ...values,
});
const badge = (info: DueInfo) => {
  render(
    <MantineProvider>
      <DueBadge due={info} />
    </MantineProvider>,
  );
  return screen.getByText(/10\.05\.2027/);
};

describe('DueBadge', () => {
  it('says "Condemned" in red for an item whose last inspection condemned it, whatever its date', () => {
    const shown = badge(due({ light: 'red', condemned: true }));
    expect(shown.textContent).toBe('Condemned 10.05.2027');
    expect(shown.closest('[data-light]')?.getAttribute('data-light')).toBe('red');
  });

  it('says "Due" with the date for an item in date', () => {
    expect(badge(due({})).textContent).toBe('Due 10.05.2027');
    expect(screen.queryByText(/^Worn out by/)).toBeNull();
  });

  it("flags an item whose wear reaches its limit before it is due: 'Worn out by' the predicted date", () => {
    badge(due({ discardPredicted: '2027-01-20' }));
    expect(screen.getByText('Worn out by 20.01.2027')).toBeTruthy();
  });
});
