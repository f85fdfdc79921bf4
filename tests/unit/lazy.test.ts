import { describe, expect, it, vi } from 'vitest';
import { lazyResource, loadProvided, provideResource } from '../../src/api/lazy.ts';

const never = () => new Promise<never>(() => {});

describe('loadProvided', () => {
  it('takes a module its chunk announced before the call, without loading it', async () => {
    provideResource('lazy-test-a', { v: 1 });
    const load = vi.fn(never);
    await expect(loadProvided('lazy-test-a', load)).resolves.toEqual({ v: 1 });
    expect(load).not.toHaveBeenCalled();
  });

  it('continues when the chunk announces itself, even while the import() is still pending', async () => {
    const got = loadProvided('lazy-test-b', never);
    const other = loadProvided('lazy-test-b', never);
    provideResource('lazy-test-b', { v: 2 });
    await expect(got).resolves.toEqual({ v: 2 });
    await expect(other).resolves.toEqual({ v: 2 });
  });

  it('falls back to the import when the chunk never announces itself', async () => {
    await expect(loadProvided('lazy-test-c', async () => ({ v: 3 }))).resolves.toEqual({ v: 3 });
  });
});

describe('lazyResource', () => {
  it('calls through the announced module, and retries a failed load on the next call', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('chunk failed');
      return { make: (n: number) => ({ double: async (x: number) => x * n }) };
    });
    const res = lazyResource('lazy-test-d', load, (m) => m.make(2));
    await expect(res.double(4)).rejects.toThrow('chunk failed');
    fail = false;
    await expect(res.double(4)).resolves.toBe(8);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
