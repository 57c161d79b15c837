import { MantineProvider } from '@mantine/core';
import type { EquipmentWear } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WearCard } from './WearCard.tsx';

const wear: EquipmentWear = {
  label: 'Grip diameter 1, Grip diameter 2',
  unit: 'mm',
  series: [
    { date: '2020-01-01', value: 75.5 },
    { date: '2022-01-01', value: 74.7 },
    { date: '2024-01-01', value: 73.9 },
  ],
  limit: 66.88,
  ratePerYear: 0.4,
  predictedDiscardDate: '2041-07-19',
};
const show = (value: EquipmentWear) =>
  render(
    <MantineProvider>
      <WearCard wear={value} />
    </MantineProvider>,
  );

describe('WearCard', () => {
  it('says the loss per year, the limit and the predicted date in words, and draws each inspection', () => {
    show(wear);
    expect(
      screen.getByText('Grip diameter 1, Grip diameter 2 (mm): Loses 0.4 mm a year; limit 66.88 mm; predicted to reach it on 19.07.2041.'),
    ).toBeTruthy();
    const chart = screen.getByRole('img', { name: /^Wear chart:/ });
    expect(chart.getAttribute('aria-label')).toBe('Wear chart: 01.01.2020 75.5 mm, 01.01.2022 74.7 mm, 01.01.2024 73.9 mm');
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
  });

  it('says so when nothing is lost or there is no limit to reach', () => {
    show({ ...wear, ratePerYear: -0.1, limit: null, predictedDiscardDate: null });
    expect(screen.getByText('Grip diameter 1, Grip diameter 2 (mm): No loss measured; No condemned limit to reach.')).toBeTruthy();
  });
});
