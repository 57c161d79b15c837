/**
 * The predicted-discard report (issue 28 part 5, docs/measurements.md "The predicted-discard report"):
 * the items whose wear trend reaches its condemned limit within N months, soonest first. A report like
 * the others (`GET /Report/{name}`, `/excel`, the same table and access), with the months as its one
 * choice.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import { downloadReports, readReports, reportExcelQuery, reportQuery, reportTable } from './endpoints.ts';

export const PREDICTED_DISCARD_MONTHS = { default: 12, max: 600 } as const;
export const predictedDiscardMessages = {
  months: `Months must be a whole number from 1 to ${PREDICTED_DISCARD_MONTHS.max}`,
} as const;

/** Whole months ahead, 1 to 600 (50 years); the address gives text. */
export const monthsAhead = z.coerce
  .number<number | string>({ error: predictedDiscardMessages.months })
  .int(predictedDiscardMessages.months)
  .min(1, predictedDiscardMessages.months)
  .max(PREDICTED_DISCARD_MONTHS.max, predictedDiscardMessages.months);

export const predictedDiscardQuery = reportQuery.extend({ months: monthsAhead.default(PREDICTED_DISCARD_MONTHS.default) });
export type PredictedDiscardQuery = z.infer<typeof predictedDiscardQuery>;
export const predictedDiscardExcelQuery = reportExcelQuery.extend({ months: monthsAhead.default(PREDICTED_DISCARD_MONTHS.default) });

export const PREDICTED_DISCARD_TITLE = 'Predicted discard';
const tags = ['Reports'];

export const predictedDiscardEndpoints = {
  predictedDiscard: defineEndpoint({
    method: 'GET',
    path: '/Report/predictedDiscard',
    summary: 'Items whose wear trend reaches the condemned limit within N months, soonest first, one page (docs/measurements.md)',
    tags,
    access: readReports,
    query: predictedDiscardQuery,
    fairUse: 'report',
    response: reportTable,
  }),
  predictedDiscardExcel: defineEndpoint({
    method: 'GET',
    path: '/Report/predictedDiscard/excel',
    summary: 'The predicted-discard report as an Excel workbook (all rows)',
    tags,
    access: downloadReports,
    fairUse: 'heavy',
    query: predictedDiscardExcelQuery,
  }),
};
