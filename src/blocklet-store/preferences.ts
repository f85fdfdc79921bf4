/**
 * The platform preferences the store follows (permissionMode, launcherUrl, the home banner): the `preferences` of the
 * app description known without a request, `api.blocklet.current()` (the element's own description, else
 * window.blocklet), as every other reader of the description has it.
 */
import { useApi } from '../ui/api.tsx';

export type StorePreferences = { permissionMode?: unknown; launcherUrl?: unknown; [k: string]: unknown };

export function useStorePreferences(): StorePreferences {
  return useApi().blocklet.current()?.preferences ?? {};
}

/** /join, and the offers to get a developer passport, exist only when the platform's permissionMode is 'staking'. */
export const isStaking = (prefs: StorePreferences): boolean => prefs.permissionMode === 'staking';
