import { MantineProvider } from '@mantine/core';
import { type EquipmentDetail, messages } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ItemCard } from './ItemCard.tsx';

const item = (values: Partial<EquipmentDetail>): EquipmentDetail => ({
  rowId: 1,
  stampedId: 'CH-1',
  description: null,
  length: null,
  comment: null,
  hidden: false,
  parentStampedId: null,
  hasChildren: false,
  certificateId: null,
  certificate: null,
  effectiveAge: null,
  olderThanFlagYears: false,
  dateLastReset: null,
  qrLabel: 'CH 1',
  chips: [],
  tags: [],
  equipmentHistory: [],
  events: [],
  lastEvent: null,
  lastInspection: null,
  lastRenewal: null,
  notifications: [],
  hasEvents: false,
  hasChips: false,
  wear: null,
  ...values,
});

const show = (values: Partial<EquipmentDetail>) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <ItemCard item={item(values)} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('the equipment item card', () => {
  it("flags an effective age over five years with the spec's '> 5 years'", () => {
    show({ effectiveAge: 6.25, olderThanFlagYears: true });
    expect(screen.getByTestId('effective-age').textContent).toBe('6.3 years');
    expect(screen.getByText(messages.olderThanFiveYears)).toBeTruthy();
  });

  it('shows no flag at five years or under', () => {
    show({ effectiveAge: 4.9, olderThanFlagYears: false });
    expect(screen.getByTestId('effective-age').textContent).toBe('4.9 years');
    expect(screen.queryByText('> 5 years')).toBeNull();
  });
});
