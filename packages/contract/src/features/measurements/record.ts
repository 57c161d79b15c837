/**
 * An item's measurements as one line of text for the record (issue 28 part 6, docs/measurements.md
 * "In the record"): the event's Excel and PDF print it in a column. Each measured field with its unit,
 * then each derived value, in the template's order: "Grip diameter 1: 75 mm; Grip diameter 2: 72.8 mm;
 * Crack (MPI): No; Diameter loss: 4.21 %".
 */
import { formatNumber } from '../../text.ts';
import { evaluate, type Measurement, type MeasurementValue, type Nominal } from './evaluate.ts';
import type { MeasurementField, TemplateDefinition } from './template.ts';

const withUnit = (value: number, unit: string | null) => (unit ? `${formatNumber(value)} ${unit}` : formatNumber(value));

function valueText(field: MeasurementField, value: MeasurementValue): string {
  if (field.kind === 'yesNo') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return withUnit(value, field.unit);
  return String(value);
}

export function measurementsText(definition: TemplateDefinition, measurements: readonly Measurement[], nominal: Nominal | null): string {
  const values = new Map(measurements.map(({ key, value }) => [key, value]));
  const parts = definition.fields.flatMap((field) => {
    const value = values.get(field.key);
    return value === undefined ? [] : [`${field.label}: ${valueText(field, value)}`];
  });
  for (const derived of evaluate(definition, measurements, nominal).derived)
    if (derived.value !== null) parts.push(`${derived.label}: ${withUnit(derived.value, derived.unit)}`);
  return parts.join('; ');
}
