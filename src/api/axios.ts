/**
 * axios, not in the first paint. Its chunk (src/api/axios-entry.ts) is fetched by the element loaders in parallel
 * with the element and announces itself when it is evaluated: a request made after that gets axios at once. Waiting
 * for an import() instead, even of a module already loaded, takes a task, so the element's first requests would
 * queue behind its first render. The import also starts when this module is evaluated, for pages that load the
 * element module directly. One module load per page; every api still makes its own instance.
 */
import type { AxiosStatic } from 'axios';
import { loadProvided } from './lazy.ts';

let loading: Promise<AxiosStatic> | undefined;

export function loadAxios(): Promise<AxiosStatic> {
  loading ??= loadProvided<AxiosStatic>('axios', () => import('./axios-entry.ts').then((m) => m.default)).catch(
    (err: unknown) => {
      loading = undefined; // a failed chunk load can be retried
      throw err;
    },
  );
  return loading;
}

loadAxios().catch(() => {
  /* retried by the first request */
});
