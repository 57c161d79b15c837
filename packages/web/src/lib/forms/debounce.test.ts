import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, keyedDebounce } from './debounce.ts';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once, the given time after the last call, with the last arguments', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 300);
    debounced('a');
    vi.advanceTimersByTime(200);
    debounced('ab');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    expect(debounced.pending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledOnce();
    expect(fn).toHaveBeenCalledWith('ab');
    expect(debounced.pending()).toBe(false);
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 500);
    debounced(1);
    debounced.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });

  it('runs a pending call at once on flush, and only once', () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 500);
    debounced(1);
    debounced.flush();
    expect(fn).toHaveBeenCalledWith(1);
    vi.advanceTimersByTime(1000);
    debounced.flush();
    expect(fn).toHaveBeenCalledOnce();
  });
});

describe('keyedDebounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits per key, and a new schedule replaces only its own key', () => {
    const checks = keyedDebounce(300);
    const a = vi.fn();
    const b = vi.fn();
    checks.schedule('a', a);
    vi.advanceTimersByTime(200);
    checks.schedule('b', b);
    checks.schedule('a', a);
    vi.advanceTimersByTime(299);
    expect(a).not.toHaveBeenCalled();
    expect(b).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(a).toHaveBeenCalledOnce();
    expect(b).toHaveBeenCalledOnce();
  });

  it('cancels waiting tasks and aborts running ones', () => {
    const checks = keyedDebounce(300);
    let signal: AbortSignal | undefined;
    const waiting = vi.fn();
    checks.schedule('running', (running) => {
      signal = running;
    });
    vi.advanceTimersByTime(300);
    checks.schedule('waiting', waiting);
    expect(signal?.aborted).toBe(false);
    checks.cancel();
    expect(signal?.aborted).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(waiting).not.toHaveBeenCalled();
  });
});
