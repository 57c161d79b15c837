import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError.ts';
import { useValidatedForm } from './useValidatedForm.ts';
import { asWarning, customAsync, integer, maximum, required } from './validators.ts';

interface Values {
  name: string;
  quantity: string;
}

function renderForm(onTextChange = vi.fn()) {
  return renderHook(() =>
    useValidatedForm<Values>({
      initialValues: { name: '', quantity: '' },
      rules: {
        name: [required('Name')],
        quantity: [integer(), asWarning(maximum('Quantity', 10))],
      },
      onTextChange,
    }),
  );
}

describe('useValidatedForm', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('validates 300 ms after input stops', () => {
    const { result } = renderForm();
    act(() => result.current.form.setFieldValue('quantity', '1'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.form.setFieldValue('quantity', '1,5'));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.form.errors.quantity).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.form.errors.quantity).toBe('Must be integer');
    expect(result.current.results.quantity?.severity).toBe('Critical');
  });

  it('shows warnings without making the field invalid', () => {
    const { result } = renderForm();
    act(() => result.current.form.setFieldValue('quantity', '20'));
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.form.errors.quantity).toBeUndefined();
    expect(result.current.results.quantity).toEqual({ severity: 'Warning', message: 'Quantity must be at most 10' });
    const props = result.current.form.getInputProps('quantity') as unknown as Record<string, unknown>;
    expect(props.description).toBe('Quantity must be at most 10');
    expect(props['data-severity']).toBe('Warning');
  });

  it('reports text changes 500 ms after typing stops', () => {
    const onTextChange = vi.fn();
    const { result } = renderForm(onTextChange);
    act(() => result.current.form.setFieldValue('name', 'A'));
    act(() => vi.advanceTimersByTime(400));
    act(() => result.current.form.setFieldValue('name', 'AB'));
    act(() => vi.advanceTimersByTime(499));
    expect(onTextChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onTextChange).toHaveBeenCalledOnce();
    expect(onTextChange).toHaveBeenCalledWith({ name: 'AB', quantity: '' });
  });

  it('saves only when no field has an error or critical; warnings do not block', () => {
    const save = vi.fn();
    const { result } = renderForm();
    act(() => result.current.onSave(save)());
    expect(save).not.toHaveBeenCalled();
    expect(result.current.form.errors.name).toBe('Name is required');

    act(() => result.current.form.setValues({ name: 'Chain', quantity: '25' }));
    act(() => result.current.onSave(save)());
    expect(save).toHaveBeenCalledWith({ name: 'Chain', quantity: '25' });
  });

  it("cancels pending checks on save, so they cannot wipe the server's answer off a field", () => {
    const { result } = renderForm();
    act(() => result.current.form.setFieldValue('name', 'Chain'));
    act(() => result.current.onSave(() => undefined)());
    act(() => result.current.form.setErrors({ name: 'Taken on the server' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.form.errors.name).toBe('Taken on the server');
  });

  it('keeps a server error set within 300 ms of the last keystroke until that field is edited again', () => {
    const { result } = renderForm();
    act(() => result.current.form.setFieldValue('name', 'Chain'));
    act(() => vi.advanceTimersByTime(100));
    // The answer of a save that did not go through onSave (e.g. form.onSubmit, or a field's own call).
    const taken = new ApiError({ url: '/api/Tags', status: 400, body: { errors: { Name: ['Name is taken'] } } });
    act(() => result.current.applyServerErrors(taken));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.form.errors.name).toBe('Name is taken');

    act(() => result.current.form.setFieldValue('name', ''));
    expect(result.current.form.errors.name).toBeUndefined();
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.form.errors.name).toBe('Name is required');
  });

  it('keeps an error the form sets itself after the last keystroke, too', () => {
    const { result } = renderForm();
    act(() => result.current.form.setFieldValue('quantity', '3'));
    act(() => result.current.form.setErrors({ quantity: 'Not in stock' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.form.errors.quantity).toBe('Not in stock');
  });

  it('stops a check that is already running on save, so its late answer cannot wipe the server error', async () => {
    const answers: ((answer: string | null) => void)[] = [];
    const { result } = renderHook(() =>
      useValidatedForm<{ stampedId: string }>({
        initialValues: { stampedId: '' },
        rules: { stampedId: [customAsync(() => new Promise<string | null>((resolve) => answers.push(resolve)))] },
      }),
    );
    act(() => result.current.form.setFieldValue('stampedId', 'A-1'));
    act(() => vi.advanceTimersByTime(300));
    expect(answers).toHaveLength(1);

    const taken = new ApiError({ url: '/api/Tags', status: 400, body: { errors: { stampedId: ['Already in use'] } } });
    await act(async () => {
      result.current.onSave(() => result.current.applyServerErrors(taken))();
      answers[1]?.(null);
    });
    expect(result.current.form.errors.stampedId).toBe('Already in use');
    await act(async () => answers[0]?.(null));
    expect(result.current.form.errors.stampedId).toBe('Already in use');
    expect(result.current.results.stampedId?.severity).toBe('Ok');
  });

  it('waits for async rules on save and ignores runs that newer input superseded', async () => {
    const taken = new Set(['A-1']);
    const { result } = renderHook(() =>
      useValidatedForm<{ stampedId: string }>({
        initialValues: { stampedId: '' },
        rules: {
          stampedId: [customAsync(async (value: string) => (taken.has(value) ? 'Already in use' : null))],
        },
      }),
    );
    const save = vi.fn();
    act(() => result.current.form.setFieldValue('stampedId', 'A-1'));
    await act(async () => {
      result.current.onSave(save)();
      await vi.runAllTimersAsync();
    });
    expect(save).not.toHaveBeenCalled();
    expect(result.current.form.errors.stampedId).toBe('Already in use');

    act(() => result.current.form.setFieldValue('stampedId', 'A-2'));
    await act(async () => {
      result.current.onSave(save)();
      await vi.runAllTimersAsync();
    });
    expect(save).toHaveBeenCalledWith({ stampedId: 'A-2' });
  });
});
