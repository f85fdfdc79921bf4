/**
 * The one reader of query parameters (the page's `?currencyId=`, `?qty=`, `?tab=`, `?referer=`, the store's filters...).
 * Its own module so that the header, which reads none, does not carry it in its first paint.
 */
export function queryParams(search?: string): URLSearchParams {
  return new URLSearchParams(search ?? (globalThis as { location?: { search?: string } }).location?.search ?? '');
}
