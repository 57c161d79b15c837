/**
 * Exports (spec section 7 "Events", Exports): an event or one equipment item as an Excel workbook or a
 * PDF, by download link (`?access_token=` from POST /Account/DownloadToken). Rules: docs/reports.md.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idParams } from '../../primitives.ts';
import { stampedIdParams } from '../equipment/endpoints.ts';
import { downloadQuery } from '../files/endpoints.ts';

const flag = (field: string) =>
  z
    .enum(['true', 'false'], { error: `${field} must be 'true' or 'false'` })
    .default('false')
    .transform((value) => value === 'true');

/** trace: add each item's certificate (traceability); orientation and hideImages shape the PDF. */
export const eventExportQuery = downloadQuery.extend({
  trace: flag('Trace'),
  orientation: z.enum(['portrait', 'landscape'], { error: "Orientation must be 'portrait' or 'landscape'" }).default('portrait'),
  hideImages: flag('Hide images'),
});
export type EventExportOptions = Omit<z.infer<typeof eventExportQuery>, 'access_token'>;

/** Events are internal (docs/security.md rule 1); items of foreign owners are left out of the file. */
export const exportEvents = { level: 'Read', internal: true, ownerScoped: true, download: true } as const satisfies RouteAccess;
/** Spec section 6: the equipment report buttons need Events or Certificates level. */
export const exportEquipment = { level: 'Events', ownerScoped: true, download: true } as const satisfies RouteAccess;
const tags = ['Exports'];

export const exportEndpoints = {
  eventExcel: defineEndpoint({
    method: 'GET',
    path: '/Export/:id',
    summary: 'An event with its equipment as an Excel workbook',
    tags,
    access: exportEvents,
    fairUse: 'heavy',
    params: idParams,
    query: eventExportQuery,
  }),
  eventPdf: defineEndpoint({
    method: 'GET',
    path: '/Export/Pdf/:id',
    summary: 'An event with its equipment (and images unless hidden) as a PDF',
    tags,
    access: exportEvents,
    fairUse: 'heavy',
    params: idParams,
    query: eventExportQuery,
  }),
  equipmentExcel: defineEndpoint({
    method: 'GET',
    path: '/Export/StampedId/:id',
    summary: 'One equipment item with its certificate and event history as an Excel workbook',
    tags,
    access: exportEquipment,
    fairUse: 'heavy',
    params: stampedIdParams,
    query: downloadQuery,
  }),
  equipmentPdf: defineEndpoint({
    method: 'GET',
    path: '/Export/StampedId/Pdf/:id',
    summary: 'One equipment item with its certificate and event history as a PDF',
    tags,
    access: exportEquipment,
    fairUse: 'heavy',
    params: stampedIdParams,
    query: downloadQuery,
  }),
};
