/**
 * A series (spec section 5), checked in the client before it is sent, by the certificate editor and
 * the event equipment editor: numberFrom and numberTo are digits only, the second larger than the
 * first, with the spec's three messages word for word (the contract's schema, so the server's).
 */
import { type SeriesBody, seriesBody } from '@portal/contract';

export interface SeriesValues {
  numberFrom: string;
  numberTo: string;
  prefix: string;
  postFix: string;
}

export type SeriesErrors = Partial<Record<keyof SeriesValues, string>>;

/** The messages the server would answer, by field; empty when the series may be sent. */
export function seriesErrors(values: SeriesValues): SeriesErrors {
  const parsed = seriesBody.safeParse(values);
  if (parsed.success) return {};
  const errors: SeriesErrors = {};
  // The schema's range checks (second larger, at most SERIES_MAX) also run on numbers that are not
  // digits (NaN compares false): they mean something only once both numbers are valid.
  const fieldIssues = parsed.error.issues.filter((issue) => issue.code !== 'custom');
  for (const issue of fieldIssues.length > 0 ? fieldIssues : parsed.error.issues) {
    const field = issue.path[0] as keyof SeriesValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export const seriesBodyOf = (values: SeriesValues): SeriesBody => ({
  numberFrom: values.numberFrom.trim(),
  numberTo: values.numberTo.trim(),
  prefix: values.prefix.trim(),
  postFix: values.postFix.trim(),
});

/** What a series adds, shown before it is sent ('KL-1 to KL-20, 20 items'); the server answers the ids themselves. */
export function seriesPreview(values: SeriesValues): { first: string; last: string; count: number } | null {
  if (Object.keys(seriesErrors(values)).length > 0) return null;
  const { numberFrom, numberTo, prefix, postFix } = seriesBodyOf(values);
  return {
    first: `${prefix}${numberFrom}${postFix}`,
    last: `${prefix}${numberTo}${postFix}`,
    count: Number(numberTo) - Number(numberFrom) + 1,
  };
}
