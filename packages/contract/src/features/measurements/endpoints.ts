/**
 * Measurement templates and their criteria (issue 28 parts 1 and 3, docs/measurements.md): read and
 * edited next to the due-date regime on /Admin/Owners/{owner}/{type}. Each save is a new version.
 */
import { z } from 'zod';
import type { CacheTarget } from '../../cache.ts';
import { defineEndpoint } from '../../endpoint.ts';
import type { RouteAccess } from '../../permissions.ts';
import { idParams } from '../../primitives.ts';
import { measurementTemplates, templateBody, templateCopyBody, templateCopyResult, templateVersion } from './template.ts';

export * from './evaluate.ts';
export * from './record.ts';
export * from './template.ts';
export * from './trend.ts';

/** Internal staff read templates (inspectors will fill them); owner-scoped like the catalogue. */
export const readTemplates = { level: 'Read', internal: true, ownerScoped: true } as const satisfies RouteAccess;
/** Changing what is measured and how it is judged is Admin's, like the catalogue and the regimes. */
export const writeTemplates = { level: 'Admin', internal: true, ownerScoped: true } as const satisfies RouteAccess;

const tags = ['Measurements'];
const templateReads = ['Measurements'] as const satisfies readonly CacheTarget[];

export const measurementEndpoints = {
  templates: defineEndpoint({
    method: 'GET',
    path: '/Measurements/Templates/:id',
    summary: "A certificate type's measurement template and its sub-types' overrides (current versions)",
    tags,
    access: readTemplates,
    params: idParams,
    response: measurementTemplates,
  }),
  setTypeTemplate: defineEndpoint({
    method: 'PUT',
    path: '/Measurements/Templates/:id',
    summary: "Save a certificate type's template and criteria as a new version (unchanged: no new version)",
    tags,
    access: writeTemplates,
    invalidates: templateReads,
    params: idParams,
    body: templateBody,
    response: measurementTemplates,
  }),
  removeTypeTemplate: defineEndpoint({
    method: 'DELETE',
    path: '/Measurements/Templates/:id',
    summary: "Remove a certificate type's template (its versions stay for the records judged by them)",
    tags,
    access: writeTemplates,
    invalidates: templateReads,
    params: idParams,
    response: measurementTemplates,
  }),
  setSubTypeTemplate: defineEndpoint({
    method: 'PUT',
    path: '/Measurements/Templates/SubTypes/:id',
    summary: "Save a sub-type's own template (overriding its type's) as a new version",
    tags,
    access: writeTemplates,
    invalidates: templateReads,
    params: idParams,
    body: templateBody,
    response: measurementTemplates,
  }),
  removeSubTypeTemplate: defineEndpoint({
    method: 'DELETE',
    path: '/Measurements/Templates/SubTypes/:id',
    summary: "Remove a sub-type's override: it uses its type's template again",
    tags,
    access: writeTemplates,
    invalidates: templateReads,
    params: idParams,
    response: measurementTemplates,
  }),
  copy: defineEndpoint({
    method: 'POST',
    path: '/Measurements/Templates/:id/Copy',
    summary: "Copy a type's template, and its overrides to sub-types of the same name, to another certificate type",
    tags,
    access: writeTemplates,
    invalidates: templateReads,
    params: idParams,
    body: templateCopyBody,
    response: templateCopyResult,
    errors: [409],
  }),
  version: defineEndpoint({
    method: 'GET',
    path: '/Measurements/TemplateVersions/:id',
    summary: 'One saved version of a template: the one a record was judged by',
    tags,
    access: readTemplates,
    params: idParams,
    response: templateVersion.extend({
      certificateType: z.object({ id: z.number().int(), name: z.string() }),
      subType: z.object({ id: z.number().int(), name: z.string() }).nullable(),
      current: z.boolean(),
    }),
  }),
};
