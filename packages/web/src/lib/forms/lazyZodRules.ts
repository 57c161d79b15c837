import type { z } from 'zod';
import type { ValidationResult, Validator } from './validation.ts';

/**
 * `zodRules` for a form of the first route, which must not load zod (decision 043): the schema (and
 * zod with it) loads at the first check, after typing stops or on save, and then checks exactly as
 * `zodRules` does, with the server's messages. `load` imports a module that holds only the schema:
 * `lazyZodRules(async () => (await import('./loginSchema.ts')).loginBody, ['username', 'password'])`.
 */
export function lazyZodRules<Shape extends z.ZodRawShape, const Field extends keyof Shape & string>(
  load: () => Promise<z.ZodObject<Shape>>,
  fields: readonly Field[],
): { [F in Field]: Validator[] } {
  let loaded: Promise<Record<string, Validator[]>> | undefined;
  const rules = () => {
    loaded ??= Promise.all([load(), import('./zodValidator.ts')]).then(([schema, { zodRules }]) => zodRules(schema, fields));
    return loaded;
  };
  const result: Partial<Record<Field, Validator[]>> = {};
  for (const field of fields) {
    result[field] = [
      async (value, values, signal): Promise<ValidationResult> => {
        const [rule] = (await rules())[field];
        return rule(value, values, signal);
      },
    ];
  }
  return result as { [F in Field]: Validator[] };
}
