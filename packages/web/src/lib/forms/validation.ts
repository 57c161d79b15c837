/** Spec section 3 "Validation statuses". Error and Critical block saving; Warning only informs. */
export type Severity = 'Ok' | 'Warning' | 'Error' | 'Critical';

export interface ValidationResult {
  severity: Severity;
  message: string;
}

export const OK: ValidationResult = Object.freeze({ severity: 'Ok', message: '' });

const rank: Record<Severity, number> = { Ok: 0, Warning: 1, Error: 2, Critical: 3 };

/**
 * One rule for one field. It gets the field's value, all the form's values and a signal that
 * aborts when newer input supersedes this run; it may answer synchronously or with a promise.
 * Rules that ask the server carry `async: true`, so they run only after the cheap ones pass.
 */
export type Validator<Value = any, Values = any> = ((
  value: Value,
  values: Values,
  signal: AbortSignal,
) => ValidationResult | Promise<ValidationResult>) & { async?: boolean };

export function isBlocking(result: ValidationResult): boolean {
  return result.severity === 'Error' || result.severity === 'Critical';
}

/** The worst of the results; the first one wins a tie. */
export function worst(results: ValidationResult[]): ValidationResult {
  return results.reduce((acc, result) => (rank[result.severity] > rank[acc.severity] ? result : acc), OK);
}

/**
 * Runs a field's validators. Synchronous ones run first; the asynchronous ones (server look-ups)
 * only run when those found nothing blocking. Stays synchronous when no promise is involved.
 */
export function runValidators<Value, Values>(
  validators: readonly Validator<Value, Values>[],
  value: Value,
  values: Values,
  signal: AbortSignal = new AbortController().signal,
): ValidationResult | Promise<ValidationResult> {
  const settled: ValidationResult[] = [];
  const pending: Promise<ValidationResult>[] = [];
  const collect = (result: ValidationResult | Promise<ValidationResult>) => {
    if (result instanceof Promise) pending.push(result);
    else settled.push(result);
  };
  for (const validator of validators) if (!validator.async) collect(validator(value, values, signal));
  if (!isBlocking(worst(settled))) {
    for (const validator of validators) if (validator.async) collect(validator(value, values, signal));
  }
  const syncResult = worst(settled);
  if (pending.length === 0) return syncResult;
  return Promise.all(pending).then((asyncResults) => worst([syncResult, ...asyncResults]));
}
