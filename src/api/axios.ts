/**
 * axios, not in the first paint: its import starts when this module is evaluated (with the element's other chunks,
 * which the element loaders fetch in parallel with axios), so that by the time an element is connected the import
 * has settled and its first request goes out without waiting for another task. One module load per page; every
 * api still makes its own instance.
 */
import type { AxiosStatic } from 'axios';

let loading: Promise<AxiosStatic> | undefined;

export function loadAxios(): Promise<AxiosStatic> {
  loading ??= import('axios').then(
    (m) => m.default,
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
