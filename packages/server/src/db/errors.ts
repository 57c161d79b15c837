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
