/**
 * The one wrapper over the page's localStorage and sessionStorage: calls that never throw (storage can be missing or
 * blocked: private mode, sandboxed frames, a full quota). A blocked read is null, a blocked write is dropped.
 * The keys the spec names are in constants.ts STORAGE_KEYS.
 */
export type StorageKind = 'local' | 'session';
type SafeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Runs `act` on the page's storage of that kind (looked up at call time); undefined when missing or it throws. */
function attempt<T>(kind: StorageKind, act: (s: SafeStorage) => T): T | undefined {
  try {
    const s = (globalThis as unknown as Record<string, SafeStorage | undefined>)[`${kind}Storage`];
    return s ? act(s) : undefined;
  } catch {
    return undefined;
  }
}

export const readStorage = (key: string, kind: StorageKind = 'local'): string | null =>
  attempt(kind, (s) => s.getItem(key)) ?? null;
export const writeStorage = (key: string, value: string, kind: StorageKind = 'local'): void =>
  void attempt(kind, (s) => s.setItem(key, value));
export const removeStorage = (key: string, kind: StorageKind = 'local'): void =>
  void attempt(kind, (s) => s.removeItem(key));
