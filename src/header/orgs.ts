/** Organization switcher: when it shows (first paint; pure; spec §2, §6). The dropdown's rules: org-rules.ts. */
import type { AppInfo } from './blocklet.ts';

/** Paths where the switcher is hidden (the platform's admin and the app's admin pages). */
export const ADMIN_PATHS = ['/.well-known/service/admin', '/admin'];

export const isAdminPath = (pathname: string): boolean =>
  ADMIN_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/** The org setting of the app description: `settings.org.enabled` (or `org.enabled`). */
export function orgsEnabled(info: AppInfo): boolean {
  const settings = info.settings as { org?: { enabled?: unknown } } | undefined;
  const org = settings?.org ?? (info.org as { enabled?: unknown } | undefined);
  return org?.enabled === true || org?.enabled === 'true';
}

/** Shown only when the org setting is on, a user is signed in, and not on the admin path. */
export const showOrgSwitch = (info: AppInfo, signedIn: boolean, pathname: string): boolean =>
  signedIn && orgsEnabled(info) && !isAdminPath(pathname);
