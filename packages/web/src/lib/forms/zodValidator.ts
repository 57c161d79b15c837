import { z } from 'zod';
import { OK, type Severity, type ValidationResult, type Validator } from './validation.ts';

/**
 * A form rule from a contract schema, so a field's limits and required flag are written once and the
 * message is the one the server would answer: `zodValidator(loginBody.shape.username)` says
 * 'Username is required' or 'Username must not contain more than 320 characters'. Unlike the generic
 * rules, blank values are not skipped: the schema decides whether a field is required.
 */
export function zodValidator<Value = any, Values = any>(schema: z.core.$ZodType, severity: Severity = 'Error'): Validator<Value, Values> {
  return (value): ValidationResult => {
    const message = zodMessage(schema, value);
    return message === null ? OK : { severity, message };
  };
}

/** The schema's first message for a value, or null when it passes (for forms without useValidatedForm). */
export function zodMessage(schema: z.core.$ZodType, value: unknown): string | null {
  const result = z.safeParse(schema, value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/**
 * One rule per field of an object schema, for the fields a form shows:
 * `rules: zodRules(ownerBody, ['name', 'shortCode'])`. Rules across fields (refinements of the whole
 * object) are not included; add them as `custom` rules.
 */
export function zodRules<Shape extends z.ZodRawShape, const Field extends keyof Shape & string>(
  schema: z.ZodObject<Shape>,
  fields: readonly Field[],
): { [F in Field]: Validator[] } {
  const rules: Partial<Record<Field, Validator[]>> = {};
  for (const field of fields) rules[field] = [zodValidator(schema.shape[field])];
  return rules as { [F in Field]: Validator[] };
}
