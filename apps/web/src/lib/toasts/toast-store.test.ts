import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_DURATION_MS, TOAST_MESSAGES } from './toast-store.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('stay for 2000 ms', () => {
    expect(TOAST_DURATION_MS).toBe(2000);
    const store = createToastStore();
    store.show(TOAST_MESSAGES.GET_ERROR);
    expect(store.getToasts()).toEqual([{ id: 1, kind: 'error', messageKey: 'MESSAGES.GET_ERROR' }]);
    vi.advanceTimersByTime(1999);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getToasts()).toEqual([]);
  });

  it('use the message keys of the error catalogue', () => {
    expect(TOAST_MESSAGES).toMatchObject({
      GET_ERROR: 'MESSAGES.GET_ERROR',
      SAVE_ERROR: 'MESSAGES.SAVE_ERROR',
    });
  });

  it('can be dismissed early, each on its own', () => {
    const store = createToastStore();
    store.show(TOAST_MESSAGES.SAVE_ERROR);
    vi.advanceTimersByTime(1000);
    store.show(TOAST_MESSAGES.SAVE_SUCCESS, 'success');
    store.dismiss(2);
    expect(store.getToasts().map((toast) => toast.messageKey)).toEqual(['MESSAGES.SAVE_ERROR']);
    vi.advanceTimersByTime(1000);
    expect(store.getToasts()).toEqual([]);
  });
});
