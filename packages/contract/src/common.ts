import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';

/** Section 8 error body: one shape for every error the API answers. */
export const errorBody = z.object({
  status: z.number().int(),
  title: z.string(),
  message: z.string(),
  /** Field name -> messages, for validation errors (400). */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  correlationId: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const idName = z.object({ id: z.number().int(), name: z.string() });
export type IdName = z.infer<typeof idName>;

/** Server paging: page is zero-based, as the spec's Unlinked call sends it. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
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
