import { afterEach, describe, expect, it } from 'vitest';
import { sessionCache } from '../../src/api/http.ts';

const g = globalThis as { sessionStorage?: unknown };
function fakeStorage(opts: { full?: boolean } = {}) {
  const map = new Map<string, string>();
  g.sessionStorage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (opts.full) throw new Error('QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k: string) => void map.delete(k),
  };
  return map;
}

afterEach(() => {
  delete g.sessionStorage;
});

describe('sessionCache (the api caches: settings, donate settings)', () => {
  it('writes JSON and reads it back through accept', () => {
    const map = fakeStorage();
    sessionCache.write('k', { a: 1 });
    expect(map.get('k')).toBe('{"a":1}');
    expect(sessionCache.read('k', (v) => v as { a: number })).toEqual({ a: 1 });
    sessionCache.remove('k');
    expect(map.has('k')).toBe(false);
  });

  it('drops an entry that does not parse, that accept refuses or that accept throws on', () => {
    const map = fakeStorage();
    map.set('bad', '{not json');
    expect(sessionCache.read('bad', (v) => v)).toBeNull();
    expect(map.has('bad')).toBe(false);
    map.set('old', '{"at":1}');
    expect(sessionCache.read('old', () => null)).toBeNull();
    expect(map.has('old')).toBe(false);
    map.set('invalid', '{}');
    expect(
      sessionCache.read('invalid', () => {
        throw new Error('schema');
      }),
    ).toBeNull();
    expect(map.has('invalid')).toBe(false);
  });

  it('never throws: no storage, or a full one, means no cache', () => {
    expect(sessionCache.read('k', (v) => v)).toBeNull();
    expect(() => sessionCache.write('k', 1)).not.toThrow();
    fakeStorage({ full: true });
    expect(() => sessionCache.write('k', 1)).not.toThrow();
    expect(sessionCache.read('k', (v) => v)).toBeNull();
  });
});
