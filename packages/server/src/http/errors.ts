/**
 * One error model for the whole API (spec section 8): every error answers
 * `{status, title, message, errors?, correlationId}`.
 */
import { type ErrorBody, messages, signOffMessages, statusTitle } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isSealedWrite } from '../db/errors.ts';

export type FieldErrors = Record<string, string[]>;

/** Thrown by services and handlers; the error handler turns it into the error body. */
export class AppError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  /** Headers the answer carries (`Retry-After` of a 429). */
  readonly headers: Record<string, string> | undefined;
  /** A change based on an older version (409): what is stored and what was sent (decision 083). */
  conflict: ErrorBody['conflict'];
  constructor(status: number, message: string, errors?: FieldErrors, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

/** 409 for a change based on an older version, with both values, so the person can choose. */
export function versionConflict(message: string, conflict: NonNullable<ErrorBody['conflict']>): AppError {
  const error = new AppError(409, message);
  error.conflict = conflict;
  return error;
}

export const badRequest = (field: string, message: string) => new AppError(400, message, { [field]: [message] });
export const notFound = (what = 'The item') => new AppError(404, `${what} was not found`);
export const forbidden = () => new AppError(403, messages.forbidden);
export const conflict = (message: string) => new AppError(409, message);

export function errorBody(request: FastifyRequest, status: number, message: string, errors?: FieldErrors): ErrorBody {
  return { status, title: statusTitle(status), message, ...(errors ? { errors } : {}), correlationId: request.id };
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  errors?: FieldErrors,
  conflict?: ErrorBody['conflict'],
) {
  return reply
    .status(status)
    .type('application/json')
    .send({ ...errorBody(request, status, message, errors), ...(conflict ? { conflict } : {}) });
}

/** Zod issues grouped by field ('username', 'owners.0.id'); unknown keys are reported per key. */
function validationErrors(error: { validation: { instancePath: string; message?: string; params?: unknown }[] }) {
  // No prototype: a body's unknown key may be named 'constructor' or '__proto__' (a 500 once).
  const errors: FieldErrors = Object.create(null);
  for (const issue of error.validation) {
    const params = issue.params as { keys?: string[]; code?: string } | undefined;
    const fields = params?.keys?.length ? params.keys : [issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body'];
    const message = params?.keys?.length ? 'This field is not allowed' : (issue.message ?? 'Invalid value');
    for (const field of fields) {
      errors[field] ??= [];
      errors[field].push(message);
    }
  }
  return errors;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // 503 is a passing state (the database restarting), not a defect.
      if (error.status === 503) request.log.warn(error.message);
      else if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.headers) reply.headers(error.headers);
      return send(request, reply, error.status, error.message, error.errors, error.conflict);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(request, reply, 400, messages.validationFailed, validationErrors(error));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(request, reply, 500, messages.unexpected);
    }
    // The one rule of a signed-off event: its triggers refuse the write, whichever route made it.
    if (isSealedWrite(error)) return send(request, reply, 409, signOffMessages.sealed);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is not available');
      return send(request, reply, 503, messages.databaseUnavailable);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return send(request, reply, status, messages.unexpected);
    }
    // Fastify's own client errors (bad JSON, too large, wrong content type, rate limit).
    return send(request, reply, status, error.message);
  });
}
