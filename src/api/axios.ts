/**
 * axios, loaded on the first request rather than with the element: an element paints its first screen while
 * axios downloads in parallel. One module load per page; every api still makes its own instance.
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
