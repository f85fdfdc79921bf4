/**
 * The element's api instance: `createApi({ baseUrl, authToken, locale, livemode })` from src/api, memoized on the
 * resolved settings, one per element. Screens call `useApi()` and never build URLs themselves.
 */
import { createContext, useContext } from 'react';
import { createApi, type Api } from '../api/index.ts';

export type { Api };

export const ApiContext = createContext<Api | null>(null);

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() must be used inside an element made with defineElement()');
  return api;
}

export { createApi };
