/**
 * Wear trends (issue 28 part 5, docs/measurements.md "Wear trends"): one pure function shared by the
 * server (the equipment's `wear`, the predicted-discard report) and the web (the chart). The trended
 * value is the template's first loss against the nominal size, read as the smallest of its fields (for
 * chain: the smaller grip diameter; for wire rope: the measured diameter). Its condemned limit is the
 * first diameter a condemning criterion on that loss is reached at (nominal less the % limit). A least
 * squares line through the inspections gives the wear per year and the date it reaches the limit.
 */
import { formatNumber } from '../../text.ts';
import { type Measurement, type Nominal, nominalIn } from './evaluate.ts';
import type { DerivedValue, TemplateDefinition } from './template.ts';

export interface TrendPoint {
  /** The inspection's date, YYYY-MM-DD. */
  date: string;
  value: number;
}

export interface WearTrend {
  /** The trended value's label and unit ("Grip diameter 1, Grip diameter 2", "mm"). */
  label: string;
  unit: string | null;
  /** The measured inspections, oldest first. */
  series: TrendPoint[];
  /** The condemned limit in the value's unit; null without a condemning criterion or a nominal size. */
  limit: number | null;
  /** Loss per year in the value's unit (positive: the value falls); null until two inspections on two dates. */
  ratePerYear: number | null;
  /** Where the fitted line reaches the limit (possibly past); null when it never does (no loss, no limit). */
  predictedDiscardDate: string | null;
}

export interface MeasuredInspection {
  date: string;
  measurements: readonly Measurement[];
}

const DAY_MS = 86_400_000;
const YEAR_DAYS = 365.25;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDay = (day: number) => new Date(Math.round(day) * DAY_MS).toISOString().slice(0, 10);
/** The latest date a prediction is given as: a line that reaches the limit later says "not in sight". */
const HORIZON_YEARS = 100;

/** The derived value a template trends: its first loss against the nominal size, if any. */
export function trendedValue(definition: TemplateDefinition): DerivedValue | null {
  return definition.derived.find((value) => value.kind === 'lossPercentOfNominal') ?? null;
}

/** Least squares over (x, y): the slope and intercept, or null when every x is the same. */
function fitLine(points: readonly { x: number; y: number }[]): { slope: number; intercept: number } | null {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    sxx += (p.x - meanX) ** 2;
    sxy += (p.x - meanX) * (p.y - meanY);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: meanY - slope * meanX };
}

/** The trended value's label, unit and series (oldest first); null when the template trends nothing. */
export function trendSeries(
  definition: TemplateDefinition,
  inspections: readonly MeasuredInspection[],
): { trended: DerivedValue; label: string; unit: string | null; series: TrendPoint[] } | null {
  const trended = trendedValue(definition);
  if (!trended) return null;
  const fields = trended.of.map((key) => definition.fields.find((field) => field.key === key));
  const unit = fields[0]?.unit ?? null;
  const series: TrendPoint[] = [];
  for (const inspection of [...inspections].sort((a, b) => a.date.localeCompare(b.date))) {
    const values = trended.of.map((key) => inspection.measurements.find((m) => m.key === key)?.value);
    if (values.every((value): value is number => typeof value === 'number' && Number.isFinite(value)))
      series.push({ date: inspection.date, value: Math.min(...values) });
  }
  const label = fields.map((field, i) => field?.label ?? trended.of[i]).join(', ');
  return { trended, label, unit, series };
}

/**
 * The wear trend of one item from its measured inspections (any order); null when the template trends
 * nothing. An inspection without every field of the trended value is left out of the series. The
 * server keeps the same calculation as derived data (db/derived/equipment_wear.sql, decision 082).
 */
export function wearTrend(
  definition: TemplateDefinition,
  inspections: readonly MeasuredInspection[],
  nominal: Nominal | null,
): WearTrend | null {
  const found = trendSeries(definition, inspections);
  if (!found) return null;
  const { trended, label, unit, series } = found;
  const size = nominalIn(unit, nominal);
  // The first diameter a condemning criterion on the loss is reached at: the largest of their limits.
  const limits = definition.criteria
    .filter((rule) => rule.subject === trended.key && rule.meaning === 'condemned' && (rule.op === '>=' || rule.op === '>'))
    .map((rule) => (size === null || !('limit' in rule) ? null : size * (1 - rule.limit / 100)))
    .filter((limit): limit is number => limit !== null);
  const limit = limits.length ? Math.round(Math.max(...limits) * 1e6) / 1e6 : null;

  const line = series.length >= 2 ? fitLine(series.map((p) => ({ x: dayNumber(p.date) / YEAR_DAYS, y: p.value }))) : null;
  if (!line) return { label, unit, series, limit, ratePerYear: null, predictedDiscardDate: null };
  const ratePerYear = Math.round(-line.slope * 1e6) / 1e6;
  let predictedDiscardDate: string | null = null;
  if (limit !== null && line.slope < 0) {
    const years = (limit - line.intercept) / line.slope;
    const lastYear = dayNumber(series[series.length - 1].date) / YEAR_DAYS;
    if (years - lastYear <= HORIZON_YEARS) predictedDiscardDate = dateOfDay(years * YEAR_DAYS);
  }
  return { label, unit, series, limit, ratePerYear, predictedDiscardDate };
}

/**
 * A trend in words, as the equipment page and the survey pack print it: 'Loses 0.7 mm a year; limit
 * 66.88 mm; predicted to reach it on 10.05.2035'. `formatDate` turns YYYY-MM-DD into the reader's date.
 */
export function wearWords(
  wear: Pick<WearTrend, 'unit' | 'limit' | 'ratePerYear' | 'predictedDiscardDate'>,
  formatDate: (date: string) => string,
): string {
  const unit = wear.unit ? ` ${wear.unit}` : '';
  return [
    wear.ratePerYear === null
      ? null
      : wear.ratePerYear > 0
        ? `Loses ${formatNumber(wear.ratePerYear, 3)}${unit} a year`
        : 'No loss measured',
    wear.limit === null ? 'No condemned limit to reach' : `limit ${formatNumber(wear.limit)}${unit}`,
    wear.predictedDiscardDate ? `predicted to reach it on ${formatDate(wear.predictedDiscardDate)}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}
