/**
 * Exports (spec section 7 "Events", Exports): an event or one equipment item as an Excel workbook or a
 * PDF, by download link (`?access_token=` from POST /Account/DownloadToken). Rules: docs/reports.md.
 */
import { z } from 'zod';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idParams, idParamValue } from '../../primitives.ts';
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

/**
 * Label sheets (issue 26 part 4, docs/labels.md): one label per item, the spec's QR label text and a
 * QR code linking to the item's page. `a4` is A4 stock of 3 x 8 labels of 70 x 37 mm; `roll` a
 * 50 x 25 mm label per page, for label printers.
 */
export const labelLayouts = ['a4', 'roll'] as const;
export type LabelLayout = (typeof labelLayouts)[number];
export const labelQuery = downloadQuery.extend({
  layout: z.enum(labelLayouts, { error: "Layout must be 'a4' or 'roll'" }).default('a4'),
});
export const labelMessages = {
  noItems: 'There are no items to label: add items first, or check that they are active and of your owners.',
  localLinks: 'Links will point to localhost: set PUBLIC_URL',
} as const;
/** Where the labels' links point, so the dialog can warn before printing links nobody can open. */
export const labelLinkAnswer = z.object({ linkBase: z.string(), pointsToLocalhost: z.boolean() });
export type LabelLinkAnswer = z.infer<typeof labelLinkAnswer>;
/** Printing labels is deck work: internal staff from Events level, their owners' items only. */
export const printLabels = { level: 'Events', internal: true } as const satisfies RouteAccess;
const printLabelSheet = { ...printLabels, ownerScoped: true, download: true } as const satisfies RouteAccess;

/** Events are internal (docs/security.md rule 1); items of foreign owners are left out of the file. */
export const exportEvents = { level: 'Read', internal: true, ownerScoped: true, download: true } as const satisfies RouteAccess;
/**
 * A signed event's inspection report (issue 25 part 5): internal Read users as the Excel file, and
 * external Read users too, for a signed event holding items of their owners (only those items shown).
 */
export const exportEventReport = { level: 'Read', ownerScoped: true, download: true } as const satisfies RouteAccess;
/**
 * An item's evidence PDF (issue 25 part 5): Read level, internal and external users, their owners'
 * items only (unlinked items: internal users). The spec's Excel/PDF buttons on equipment stay at Events.
 */
export const exportItemEvidence = { level: 'Read', ownerScoped: true, download: true } as const satisfies RouteAccess;
/**
 * An owner's survey pack for one rig (issue 25 part 5): the owner's active items whose latest event was
 * on that rig, as one issued PDF. Read level, internal and external users of that owner.
 */
export const surveyPackQuery = downloadQuery.extend({
  owner: idParamValue('Owner'),
  rig: idParamValue('Rig'),
  /** pdf: the issued PDF; zip: that PDF and the PDF of each of its items' certificates that has one. */
  format: z.enum(['pdf', 'zip'], { error: "Format must be 'pdf' or 'zip'" }).default('pdf'),
});
/** Where the caller's owners have equipment: each owner and rig with its number of active items (the latest event's rig). */
export const surveyPackRig = z.object({
  ownerId: z.number().int(),
  owner: z.string(),
  rigId: z.number().int(),
  rig: z.string(),
  items: z.number().int(),
});
export type SurveyPackRig = z.infer<typeof surveyPackRig>;
/** Messages of the owner's evidence downloads (docs/reports.md "The owner's evidence"). */
export const evidenceMessages = {
  notSigned: "Only a signed-off event's report is open to external users: this event is not signed off",
  noPackItems: 'This owner has no active equipment whose latest event was on this rig',
} as const;
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
    summary:
      "An event with its equipment (and images unless hidden) as a PDF; external users: a signed event's report with their owners' items",
    tags,
    access: exportEventReport,
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
  itemEvidence: defineEndpoint({
    method: 'GET',
    path: '/Export/Evidence/:id',
    summary:
      "One equipment item's evidence as an issued PDF: its certificate facts, every inspection (result, date, who signed it off, amendments) and its due date",
    tags,
    access: exportItemEvidence,
    fairUse: 'heavy',
    params: stampedIdParams,
    query: downloadQuery,
  }),
  surveyPackRigs: defineEndpoint({
    method: 'GET',
    path: '/Export/SurveyPack/Rigs',
    summary: "The rigs where the caller's owners have active equipment (its latest event's rig), for their survey packs",
    tags,
    access: { level: 'Read', ownerScoped: true },
    response: z.array(surveyPackRig),
  }),
  surveyPack: defineEndpoint({
    method: 'GET',
    path: '/Export/SurveyPack',
    summary:
      "An owner's survey pack for one rig as an issued PDF: a cover, the mooring spreads with their due lights, and each item's certificate facts, last inspection and due date",
    tags,
    access: exportItemEvidence,
    fairUse: 'heavy',
    query: surveyPackQuery,
  }),
  certificateLabels: defineEndpoint({
    method: 'GET',
    path: '/Export/Labels/Certificate/:id',
    summary: "A PDF of QR labels for a certificate's active items, by stamped id",
    tags,
    access: printLabelSheet,
    fairUse: 'heavy',
    params: idParams,
    query: labelQuery,
  }),
  eventLabels: defineEndpoint({
    method: 'GET',
    path: '/Export/Labels/Event/:id',
    summary: "A PDF of QR labels for an event's items of the caller's owners, in the event's order",
    tags,
    access: printLabelSheet,
    fairUse: 'heavy',
    params: idParams,
    query: labelQuery,
  }),
  labelLinks: defineEndpoint({
    method: 'GET',
    path: '/Export/Labels/Links',
    summary: "Where the labels' QR codes link to (PUBLIC_URL), and whether that is this machine only",
    tags,
    access: printLabels,
    response: labelLinkAnswer,
  }),
};
