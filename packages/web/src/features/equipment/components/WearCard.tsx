import { Paper, Stack, Text, Title } from '@mantine/core';
import { type EquipmentWear, formatNumber, wearWords } from '@portal/contract';
import { formatDate } from '../../../lib/format.ts';

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 44, right: 10, top: 10, bottom: 22 };
const DAY_MS = 86_400_000;
const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * The item's wear trend (docs/measurements.md "Wear trends"): each measured inspection's value as a
 * point, the fitted line, and the condemned limit as a dashed line, with the loss per year and the date
 * the line meets the limit in words (the chart is a picture of what the words say).
 */
export function WearCard({ wear }: { wear: EquipmentWear }) {
  const unit = wear.unit ? ` ${wear.unit}` : '';
  const first = day(wear.series[0].date);
  const last = day(wear.series[wear.series.length - 1].date);
  const end = wear.predictedDiscardDate ? Math.max(last, Math.min(day(wear.predictedDiscardDate), last + (last - first) * 3)) : last;
  const values = wear.series.map((point) => point.value).concat(wear.limit === null ? [] : [wear.limit]);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const x = (d: number) => PAD.left + ((d - first) / (end - first || 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((high - v) / span) * (HEIGHT - PAD.top - PAD.bottom);
  // The fitted line through the points' mean, with the reported slope (loss per year, so falling).
  const meanDay = wear.series.reduce((sum, p) => sum + day(p.date), 0) / wear.series.length;
  const meanValue = wear.series.reduce((sum, p) => sum + p.value, 0) / wear.series.length;
  const lineAt = (d: number) => meanValue - ((wear.ratePerYear ?? 0) * (d - meanDay)) / 365.25;
  const summary = wearWords(wear, formatDate);

  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Wear
        </Title>
        <Text size="sm">
          {wear.label}
          {unit ? ` (${wear.unit})` : ''}: {summary}.
        </Text>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          role="img"
          aria-label={`Wear chart: ${wear.series.map((p) => `${formatDate(p.date)} ${formatNumber(p.value)}${unit}`).join(', ')}`}
          style={{ maxWidth: WIDTH * 1.5 }}
        >
          <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={HEIGHT - PAD.bottom} stroke="var(--mantine-color-gray-5)" />
          <line
            x1={PAD.left}
            y1={HEIGHT - PAD.bottom}
            x2={WIDTH - PAD.right}
            y2={HEIGHT - PAD.bottom}
            stroke="var(--mantine-color-gray-5)"
          />
          <text x={PAD.left - 4} y={y(high) + 4} fontSize="10" textAnchor="end" fill="currentColor">
            {formatNumber(high)}
          </text>
          <text x={PAD.left - 4} y={y(low) + 4} fontSize="10" textAnchor="end" fill="currentColor">
            {formatNumber(low)}
          </text>
          <text x={PAD.left} y={HEIGHT - 6} fontSize="10" fill="currentColor">
            {formatDate(wear.series[0].date)}
          </text>
          <text x={WIDTH - PAD.right} y={HEIGHT - 6} fontSize="10" textAnchor="end" fill="currentColor">
            {formatDate(new Date(end * DAY_MS).toISOString().slice(0, 10))}
          </text>
          {wear.limit !== null && (
            <line
              x1={PAD.left}
              y1={y(wear.limit)}
              x2={WIDTH - PAD.right}
              y2={y(wear.limit)}
              stroke="var(--mantine-color-red-7)"
              strokeDasharray="4 3"
            />
          )}
          <line
            x1={x(first)}
            y1={y(lineAt(first))}
            x2={x(end)}
            y2={y(lineAt(end))}
            stroke="var(--mantine-color-blue-7)"
            strokeWidth="1.5"
          />
          {wear.series.map((point) => (
            <circle
              key={`${point.date}-${point.value}`}
              cx={x(day(point.date))}
              cy={y(point.value)}
              r="3.5"
              fill="var(--mantine-color-blue-9)"
            />
          ))}
        </svg>
      </Stack>
    </Paper>
  );
}
