/** The toast store's default timing (spec §9): a toast without its own duration hides after 5 s. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../../src/state/toasts.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts store', () => {
  it('hides a toast after 5 s by default; error, warning and sticky ones stay', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    store.getState().show({ message: 'saved', tone: 'success' });
    store.getState().show({ message: 'bad', tone: 'error' });
    store.getState().show({ message: 'pinned', sticky: true });
    vi.advanceTimersByTime(4_999);
    expect(store.getState().toasts.map((t) => t.message)).toEqual(['saved', 'bad', 'pinned']);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts.map((t) => t.message)).toEqual(['bad', 'pinned']);
    store.dispose();
  });
});
