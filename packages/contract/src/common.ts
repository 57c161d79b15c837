import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { idParams } from './primitives.ts';

/** Section 8 error body: one shape for every error the API answers. */
export const errorBody = z.object({
  status: z.number().int(),
  title: z.string(),
  message: z.string(),
  /** Field name -> messages, for validation errors (400). */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** A change based on an older version (409): the version and values stored now, and the values sent. */
  conflict: z
    .object({ version: z.number().int(), current: z.record(z.string(), z.unknown()), sent: z.record(z.string(), z.unknown()) })
    .optional(),
  correlationId: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const idParam = idParams;

export const idName = z.object({ id: z.number().int(), name: z.string() });
export type IdName = z.infer<typeof idName>;

/** Deeper pages than this are not offered: search or filter instead. */
export const MAX_PAGE = 100_000;

/** Server paging: page is zero-based, as the spec's Unlinked call sends it. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).max(MAX_PAGE, `Page must be at most ${MAX_PAGE}`).default(0),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const audit = {
  createdBy: z.string().nullable(),
  createdDate: z.string(),
  updatedBy: z.string().nullable(),
  updatedDate: z.string(),
};
