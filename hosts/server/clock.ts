/**
 * The sandbox clock. Everything time-dependent in a sandbox (expiry, renewals, trials, the timestamps of its rows)
 * reads `now()`, so tests can move time forward with `advance(ms)` (also reachable over HTTP:
 * `POST /api/sandbox/clock/advance`). Each server has its own: the composition root (app.ts) makes it, or takes the
 * one its caller passes, and hands it to every area (SandboxContext `clock`, the connect context and the database
 * handle, db.ts).
 */
export interface Clock {
  /** Milliseconds since the epoch, sandbox time. */
  now(): number;
  /** Unix seconds, sandbox time. */
  nowSeconds(): number;
  /** The sandbox time as an ISO 8601 timestamp: what a row's created_at / updated_at is stamped with. */
  iso(): string;
  advance(ms: number): void;
  /** Back to the real time. */
  reset(): void;
}

/** A clock that starts at the real time and moves only forward, by `advance`. */
export function createClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    nowSeconds: () => Math.floor((Date.now() + offsetMs) / 1000),
    iso: () => new Date(Date.now() + offsetMs).toISOString(),
    advance(ms) {
      offsetMs += ms;
    },
    reset() {
      offsetMs = 0;
    },
  };
}
