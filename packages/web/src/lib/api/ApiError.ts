import { type ErrorBody, statusTitle } from '@portal/contract';

/** Field name -> messages, as the server's validation body groups them. */
export type FieldErrors = Record<string, string[]>;

/**
 * Every failed call becomes one of these (spec section 8): url, status, the title for the status,
 * the body, the correlation id, and the field errors of a validation body.
 */
export class ApiError extends Error {
  readonly url: string;
  readonly status: number;
  readonly title: string;
  readonly body: unknown;
  readonly correlationId: string | null;
  readonly fieldErrors: FieldErrors;

  constructor(options: { url: string; status: number; body?: unknown; correlationId?: string | null; message?: string }) {
    const errorBody = asErrorBody(options.body);
    const title = statusTitle(options.status);
    super(errorBody?.message || options.message || title);
    this.name = 'ApiError';
    this.url = options.url;
    this.status = options.status;
    this.title = title;
    this.body = options.body;
    this.correlationId = errorBody?.correlationId ?? options.correlationId ?? null;
    this.fieldErrors = errorBody?.errors ?? {};
  }

  /** True for a validation body that names fields. */
  get hasFieldErrors(): boolean {
    return Object.keys(this.fieldErrors).length > 0;
  }

  /** Number of field messages, for 'N Problems found'. */
  get problemCount(): number {
    return Object.values(this.fieldErrors).reduce((sum, list) => sum + list.length, 0);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function asErrorBody(body: unknown): Partial<ErrorBody> | null {
  if (typeof body !== 'object' || body === null) return null;
  const candidate = body as Record<string, unknown>;
  return {
    message: typeof candidate.message === 'string' ? candidate.message : undefined,
    correlationId: typeof candidate.correlationId === 'string' ? candidate.correlationId : undefined,
    errors: isFieldErrors(candidate.errors) ? candidate.errors : undefined,
  };
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string'))
  );
}
