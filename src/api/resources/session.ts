/**
 * The platform session (blocklet service under `/.well-known/service`). The signed-in user's organizations and
 * notifications are resources of their own (orgs.ts, notifications.ts), made by the header's lazy screens with
 * `createOrgs(api)` / `createNotifications(api)`: no other element carries them.
 */
import { withQuery } from '../../core/url.ts';
import type { Transport } from '../http.ts';
import { SessionStruct } from '../schemas.ts';
import type { Session } from '../types.ts';

export function createSession(t: Transport) {
  return {
    /** GET {origin}/.well-known/service/api/did/session → {user | null}. */
    async get(): Promise<Session> {
      const data = await t.request<{ user?: Session['user'] }>({
        target: 'service',
        path: 'api/did/session',
        schema: SessionStruct,
      });
      return { ...data, user: data.user ?? null };
    },
    /** The platform's login page, `{origin}/.well-known/service/login?redirect=...` (synchronous). */
    loginUrl(redirect: string): string {
      return withQuery(t.serviceUrl('login'), { redirect });
    },
    /** POST {origin}/.well-known/service/api/user/logout. */
    async logout(): Promise<void> {
      await t.request({ method: 'POST', target: 'service', path: 'api/user/logout' });
    },
    /** `{origin}/.well-known/service/user/avatar/{did}?imageFilter=resize&w=&h=` (synchronous). */
    avatarUrl(did: string, size = 80): string {
      return withQuery(t.serviceUrl(`user/avatar/${encodeURIComponent(did)}`), {
        imageFilter: 'resize',
        w: size,
        h: size,
      });
    },
    /** `{origin}/.well-known/service/user` (profile page). */
    profileUrl(locale?: string): string {
      return withQuery(t.serviceUrl('user'), { locale });
    },
  };
}
