// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutosave } from './useAutosave.ts';

type Item = { comment: string; notifications: boolean; statusId: number | null };

describe('useAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const setup = (save: (changes: Partial<Item>) => Promise<void> = vi.fn(async () => undefined)) => ({
    save,
    hook: renderHook(() => useAutosave<Item>(save)),
  });

  it('saves the changed fields 100 ms after the last change, once', async () => {
    const { save, hook } = setup();
    act(() => hook.result.current.change({ comment: 'C' }));
    act(() => vi.advanceTimersByTime(60));
    act(() => hook.result.current.change({ comment: 'Crack' }));
    act(() => hook.result.current.change({ notifications: true }));
    expect(hook.result.current.state).toBe('pending');
    await act(async () => vi.advanceTimersByTime(99));
    expect(save).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledExactlyOnceWith({ comment: 'Crack', notifications: true });
    expect(hook.result.current.state).toBe('saved');
  });

  it('sends what is waiting at once when flushed (closing the dialog), and nothing twice', async () => {
    const { save, hook } = setup();
    act(() => hook.result.current.change({ statusId: 7 }));
    await act(() => hook.result.current.flush());
    expect(save).toHaveBeenCalledExactlyOnceWith({ statusId: 7 });
    await act(async () => vi.advanceTimersByTime(500));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('keeps saves in order: a change made while one saves goes in the next', async () => {
    let finish: () => void = () => undefined;
    const save = vi.fn((_: Partial<Item>) => new Promise<void>((resolve) => (finish = resolve)));
    const { hook } = setup(save);
    act(() => hook.result.current.change({ comment: 'one' }));
    await act(async () => vi.advanceTimersByTime(100));
    act(() => hook.result.current.change({ comment: 'two' }));
    await act(async () => vi.advanceTimersByTime(100));
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(save).toHaveBeenLastCalledWith({ comment: 'two' });
    await act(async () => finish());
    expect(hook.result.current.state).toBe('saved');
  });

  it('says when a save failed', async () => {
    const { hook } = setup(vi.fn(async () => Promise.reject(new Error('offline'))));
    act(() => hook.result.current.change({ comment: 'x' }));
    await act(async () => vi.advanceTimersByTime(100));
    expect(hook.result.current.state).toBe('failed');
  });
});
