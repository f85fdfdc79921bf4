/**
 * The element's api instance (made by ui/host.ts with `createApi` from src/api when the element connects, one per
 * element and base URL/token). Screens call `useApi()` and never build URLs themselves.
 */
import { createContext, useContext } from 'react';
import type { Api } from '../api/index.ts';

export type { Api };

export const ApiContext = createContext<Api | null>(null);

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() must be used inside an element made with defineElement()');
  return api;
}
