import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FitWarnings } from './FitWarnings.tsx';

const show = (warnings: Parameters<typeof FitWarnings>[0]['warnings']) =>
  render(
    <MantineProvider>
      <FitWarnings warnings={warnings} />
    </MantineProvider>,
  );

describe('the warning after marking items fit (docs/event-items.md "Marking fit")', () => {
  it('names each item and why: renewal overdue since its date, effective age over 5 years', () => {
    show([
      { stampedId: 'NSD-R4-076-0053', renewalDue: '2025-01-10', effectiveAge: null },
      { stampedId: 'AMP-R4-084-0291', renewalDue: '2024-03-01', effectiveAge: 7 },
      { stampedId: 'NSD-AN-15T-0161', renewalDue: null, effectiveAge: 5.1 },
    ]);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Marked fit: check 3 items')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'NSD-R4-076-0053: renewal overdue since 10.01.2025',
      'AMP-R4-084-0291: renewal overdue since 01.03.2024; effective age 7 years (over 5)',
      'NSD-AN-15T-0161: effective age 5.1 years (over 5)',
    ]);
  });

  it('says nothing when no item got a warning', () => {
    show([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
