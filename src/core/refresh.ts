/**
 * A refresh that realtime events trigger (spec §9: debounced 1 s, at most 5 s): each trigger restarts the `wait`
 * timer, but a burst never delays the run more than `maxWait` after its first trigger. Framework-free.
 */
import { REFRESH_DEBOUNCE_MS, REFRESH_MAX_WAIT_MS } from '../core/constants.ts';

export type RefreshScheduler = { trigger: () => void; cancel: () => void; pending: () => boolean };

export function createRefreshScheduler(
  run: () => void,
  opts: { wait?: number; maxWait?: number } = {},
): RefreshScheduler {
  const wait = opts.wait ?? REFRESH_DEBOUNCE_MS;
  const maxWait = opts.maxWait ?? REFRESH_MAX_WAIT_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let first = 0;
  const fire = () => {
    timer = null;
    first = 0;
    run();
  };
  return {
    trigger() {
      const now = Date.now();
      if (!first) first = now;
      if (timer) clearTimeout(timer);
      timer = setTimeout(fire, Math.max(0, Math.min(wait, first + maxWait - now)));
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      first = 0;
    },
    pending: () => timer !== null,
  };
}
