import { createNotificationsStore, showNotification, updateNotification } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeToastsOnTime } from './toastTimer.ts';

describe('closeToastsOnTime', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const ids = (store: ReturnType<typeof createNotificationsStore>) => store.getState().notifications.map((toast) => toast.id);

  it('hides each toast 4 s after it appears, held by the pointer or not', () => {
    const store = createNotificationsStore();
    const stop = closeToastsOnTime(store);
    showNotification({ id: 'saved', message: 'Event was saved' }, store);
    vi.advanceTimersByTime(2_000);
    showNotification({ id: 'second', message: 'Added KL-1' }, store);
    vi.advanceTimersByTime(1_999);
    expect(ids(store)).toEqual(['saved', 'second']);
    vi.advanceTimersByTime(1);
    expect(ids(store)).toEqual(['second']);
    vi.advanceTimersByTime(2_000);
    expect(ids(store)).toEqual([]);
    stop();
  });

  it('keeps a toast shown without auto close until it is updated to close', () => {
    const store = createNotificationsStore();
    const stop = closeToastsOnTime(store);
    showNotification({ id: 'backup', message: 'Backup starting...', autoClose: false }, store);
    vi.advanceTimersByTime(60_000);
    expect(ids(store)).toEqual(['backup']);
    updateNotification({ id: 'backup', message: 'Backup started (This might take a while)', autoClose: 4_000 }, store);
    vi.advanceTimersByTime(4_000);
    expect(ids(store)).toEqual([]);
    stop();
  });
});
