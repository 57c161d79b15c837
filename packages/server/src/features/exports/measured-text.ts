/**
 * An item's measurements as the record prints them (docs/measurements.md "In the record"): judged by the
 * template version it was recorded with, against its dimension's nominal size. The event's exports and
 * the survey pack read the versions they need once, then give each row to `measuredText`.
 */
import { type Measurement, measurementsText, type NominalUnit, type TemplateDefinition } from '@portal/contract';

export interface MeasuredRow {
  measurements: unknown;
  versionId: number | null;
  nominalSize: string | number | null;
  nominalUnit: NominalUnit | null;
}

/** The text of a row's measurements, or null for an item measured by no version read. */
export const measuredText =
  (versions: ReadonlyMap<number, TemplateDefinition>) =>
  (row: MeasuredRow): string | null => {
    const definition = row.versionId === null ? undefined : versions.get(row.versionId);
    if (!definition) return null;
    const nominal = { nominalSize: row.nominalSize === null ? null : Number(row.nominalSize), nominalUnit: row.nominalUnit };
    return measurementsText(definition, row.measurements as Measurement[], nominal);
  };
