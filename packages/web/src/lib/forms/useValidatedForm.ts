import { type FormRulesRecord, type UseFormReturnType, useForm } from '@mantine/form';
import { TEXT_CHANGE_DEBOUNCE_MS, VALIDATION_DEBOUNCE_MS } from '@portal/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiError } from '../api/ApiError.ts';
import { useDebouncedCallback } from './debounce.ts';
import { firstOnPage, scrollToElement } from './scrollToField.ts';
import { isBlocking, runValidators, type ValidationResult, type Validator } from './validation.ts';

export type FieldRules<Values> = { [Field in keyof Values]?: readonly Validator<Values[Field], Values>[] };

export interface ValidatedFormOptions<Values> {
  initialValues: Values;
  rules?: FieldRules<Values>;
  /** Gets all values TEXT_CHANGE_DEBOUNCE_MS after the user stops typing (spec section 5). */
  onTextChange?: (values: Values) => void;
  /** Needed only when two forms on one page share field names. */
  name?: string;
}

export interface ValidatedForm<Values> {
  form: UseFormReturnType<Values>;
  /** The latest result per field, warnings included. */
  results: Partial<Record<keyof Values & string, ValidationResult>>;
  /** Submit handler: validates everything, scrolls to the first error, saves only when clean. */
  onSave: (save: (values: Values) => unknown) => (event?: React.FormEvent<HTMLFormElement>) => void;
  /** Puts a server validation body's messages under the matching fields; returns the rest. */
  applyServerErrors: (error: ApiError) => Record<string, string[]>;
}

/**
 * @mantine/form with the spec's generic rules: validation VALIDATION_DEBOUNCE_MS after input stops,
 * severities (warnings show in yellow and do not block), async rules that abort when superseded.
 */
export function useValidatedForm<Values extends Record<string, any>>(options: ValidatedFormOptions<Values>): ValidatedForm<Values> {
  const [results, setResults] = useState<Partial<Record<string, ValidationResult>>>({});
  const rulesRef = useRef(options.rules ?? {});
  rulesRef.current = options.rules ?? {};
  const textChange = useDebouncedCallback((values: Values) => options.onTextChange?.(values), TEXT_CHANGE_DEBOUNCE_MS);

  // Built once; each Mantine rule reads the current rules, records the full result (warnings
  // included) and hands Mantine only the blocking message.
  const mantineRules = useMemo(() => {
    const record = (field: string, signal: AbortSignal | undefined, result: ValidationResult) => {
      if (!signal?.aborted) setResults((current) => ({ ...current, [field]: result }));
      return isBlocking(result) ? result.message : null;
    };
    const rules: Record<string, unknown> = {};
    for (const field of Object.keys(rulesRef.current)) {
      rules[field] = (value: unknown, values: Values, _path: string, signal?: AbortSignal) => {
        const validators = (rulesRef.current as Record<string, Validator[]>)[field] ?? [];
        const result = runValidators(validators, value, values, signal);
        return result instanceof Promise ? result.then((settled) => record(field, signal, settled)) : record(field, signal, result);
      };
    }
    return rules as FormRulesRecord<Values>;
  }, []);

  // Our own per-field timers rather than Mantine's validateDebounce: a save must be able to cancel
  // them, or a late client check would wipe the server's answer (e.g. a wrong login) off a field.
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const cancelPendingValidation = () => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
  };
  useEffect(() => cancelPendingValidation, []);
  const scheduleValidation = (field: string) => {
    clearTimeout(timers.current.get(field));
    timers.current.set(
      field,
      setTimeout(() => {
        timers.current.delete(field);
        form.validateField(field as never);
      }, VALIDATION_DEBOUNCE_MS),
    );
  };

  const form = useForm<Values>({
    mode: 'controlled',
    name: options.name,
    initialValues: options.initialValues,
    validate: mantineRules,
    // Typing clears the field's shown error; our own timers validate it again once input stops.
    onValuesChange: (values, previous) => {
      textChange(values);
      for (const field of Object.keys(rulesRef.current)) {
        if (!Object.is(values[field], previous[field])) scheduleValidation(field);
      }
    },
    enhanceGetInputProps: ({ field, inputProps }) => {
      // PasswordInput does not set aria-invalid itself; screen readers (and tests) rely on it.
      const invalid = inputProps.error ? { 'aria-invalid': true } : undefined;
      const result = results[field as string];
      if (!result || result.severity === 'Ok') return invalid;
      if (result.severity === 'Warning') {
        return {
          'data-severity': 'Warning',
          description: result.message,
          descriptionProps: { c: 'yellow.9', fw: 500 },
          inputWrapperOrder: ['label', 'input', 'description', 'error'],
        };
      }
      return { ...invalid, 'data-severity': result.severity };
    },
  }) as UseFormReturnType<Values>;

  const onSave: ValidatedForm<Values>['onSave'] = (save) => (event) => {
    cancelPendingValidation();
    form.onSubmit(
      async (values) => {
        textChange.flush();
        await save(values);
      },
      (errors) => {
        const first = firstOnPage(Object.keys(errors).map((path) => form.getInputNode(path as never)));
        if (first) scrollToElement(first);
      },
    )(event);
  };

  const applyServerErrors = (error: ApiError) => {
    const fields = Object.keys(form.getValues());
    const rest: Record<string, string[]> = {};
    for (const [name, list] of Object.entries(error.fieldErrors)) {
      // Server field names may differ in case ('Username' vs 'username').
      const field = fields.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
      if (!field) {
        rest[name] = list;
        continue;
      }
      form.setFieldError(field as never, list.join(' '));
    }
    return rest;
  };

  return { form, results: results as ValidatedForm<Values>['results'], onSave, applyServerErrors };
}
