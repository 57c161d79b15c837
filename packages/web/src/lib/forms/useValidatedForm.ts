import { type FormRulesRecord, type UseFormReturnType, useForm } from '@mantine/form';
import { TEXT_CHANGE_DEBOUNCE_MS, VALIDATION_DEBOUNCE_MS } from '@portal/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type ApiError, isApiError } from '../api/ApiError.ts';
import { showErrorToast } from '../notify.tsx';
import { keyedDebounce, useDebouncedCallback } from './debounce.ts';
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
  /** The label of each field as the user sees it, for the 'N Problems found' toast (never a key). */
  labels?: Partial<Record<keyof Values & string, string>>;
}

export interface ValidatedForm<Values> {
  form: UseFormReturnType<Values>;
  /** The latest result per field, warnings included. */
  results: Partial<Record<keyof Values & string, ValidationResult>>;
  /** Submit handler: validates everything, scrolls to the first error, saves only when clean. */
  onSave: (save: (values: Values) => unknown) => (event?: React.FormEvent<HTMLFormElement>) => void;
  /** Puts a server validation body's messages under the matching fields; returns the rest. */
  applyServerErrors: (error: ApiError) => Record<string, string[]>;
  /**
   * The form's answer to a failed save (spec section 8): a validation body's messages go under their
   * fields and one red 'N Problems found' toast names those fields by label (the query client leaves
   * validation bodies of mutations to the form). Answers false for any other failure, which the query
   * client toasts, or the caller when its mutation is quiet (`toastErrors: false`).
   */
  showServerErrors: (error: unknown) => boolean;
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

  // Built once. `check` runs a field's current rules, records the full result (warnings included)
  // unless a newer run superseded it, and answers only the blocking message, as Mantine rules do.
  const { check, mantineRules } = useMemo(() => {
    const record = (field: string, signal: AbortSignal | undefined, result: ValidationResult) => {
      if (!signal?.aborted) setResults((current) => ({ ...current, [field]: result }));
      return isBlocking(result) ? result.message : null;
    };
    const check = (field: string, value: unknown, values: Values, signal?: AbortSignal) => {
      const validators = (rulesRef.current as Record<string, Validator[]>)[field] ?? [];
      const result = runValidators(validators, value, values, signal);
      return result instanceof Promise ? result.then((settled) => record(field, signal, settled)) : record(field, signal, result);
    };
    const rules: Record<string, unknown> = {};
    for (const field of Object.keys(rulesRef.current)) {
      rules[field] = (value: unknown, values: Values, _path: string, signal?: AbortSignal) => check(field, value, values, signal);
    }
    return { check, mantineRules: rules as FormRulesRecord<Values> };
  }, []);

  // The checks after input stops are our own rather than Mantine's validateDebounce: an error set
  // after the last keystroke (a save's own validation, the server's answer to it) must stop the
  // field's check, whether still waiting or already running, or the late check would wipe that
  // error off the field. Such an error stays until the user edits the field again.
  const checks = useMemo(() => keyedDebounce(VALIDATION_DEBOUNCE_MS), []);
  useEffect(() => () => checks.cancel(), [checks]);
  const scheduleCheck = (field: string) =>
    checks.schedule(field, (signal) => {
      const values = mantineForm.getValues();
      const show = (message: string | null) => {
        if (!signal.aborted) mantineForm.setFieldError(field as never, message);
      };
      const message = check(field, values[field], values, signal);
      if (message instanceof Promise) void message.then(show);
      else show(message);
    });

  const mantineForm = useForm<Values>({
    mode: 'controlled',
    name: options.name,
    initialValues: options.initialValues,
    validate: mantineRules,
    // Typing clears the field's shown error; our own checks validate it again once input stops.
    onValuesChange: (values, previous) => {
      textChange(values);
      for (const field of Object.keys(rulesRef.current)) {
        if (!Object.is(values[field], previous[field])) scheduleCheck(field);
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

  // An error the screen sets (the server's answer) wins over the field's pending check.
  const form: UseFormReturnType<Values> = {
    ...mantineForm,
    setFieldError: (path, error) => {
      checks.cancel([String(path)]);
      mantineForm.setFieldError(path, error);
    },
    setErrors: (errors) => {
      checks.cancel(typeof errors === 'function' ? undefined : Object.keys(errors));
      mantineForm.setErrors(errors);
    },
  };

  const onSave: ValidatedForm<Values>['onSave'] = (save) => (event) => {
    // The save validates every field itself; a check still to come could only wipe its answer.
    checks.cancel();
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

  const showServerErrors = (error: unknown) => {
    if (!isApiError(error) || !error.hasFieldErrors) return false;
    const rest = applyServerErrors(error);
    const shownUnderFields = Object.keys(error.fieldErrors).filter((field) => !(field in rest));
    showErrorToast(error, { fieldLabels: (options.labels ?? {}) as Record<string, string>, shownUnderFields });
    return true;
  };

  return { form, results: results as ValidatedForm<Values>['results'], onSave, applyServerErrors, showServerErrors };
}
