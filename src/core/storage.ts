/**
 * localStorage reads and writes that never throw (storage can be blocked: private mode, sandboxed frames, quota).
 * The keys the spec names are in constants.ts STORAGE_KEYS; nothing else is stored.
 */
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    /* unavailable: the preference is simply not remembered */
  }
}
