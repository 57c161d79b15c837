/** Recognises PostgreSQL constraint errors, so services can answer a clear message instead of a 500. */
interface PgError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function pgError(error: unknown): PgError | undefined {
  // drizzle wraps driver errors; the pg error is the cause.
  let current = error as PgError | undefined;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current.code) return current;
    current = current.cause as PgError | undefined;
  }
  return undefined;
}

/** A unique index was violated (optionally a given one, by name). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
}

/** A row is still referenced by another (a delete of something in use). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgError(error)?.code === '23503';
}

/** A write to a signed-off event, refused by the seal triggers of migration 0035 (docs/sign-off.md). */
export function isSealedWrite(error: unknown): boolean {
  return pgError(error)?.code === 'PSEAL';
}

/** Connection classes (08), shutdown and start-up (57P01-57P03) of PostgreSQL. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * The database is down or restarting (not a bad query): the caller should answer 503 and the next
 * request may succeed, since the pool reconnects by itself.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error as (PgError & { message?: string }) | undefined;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current.code && (UNAVAILABLE_SQLSTATE.test(current.code) || UNAVAILABLE_SOCKET.has(current.code))) return true;
    // pg reports a dropped connection by message only.
    if (/^Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/.test(current.message ?? ''))
      return true;
    current = current.cause as typeof current;
  }
  return false;
}
