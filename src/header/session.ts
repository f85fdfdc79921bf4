/** Session helpers for the header (pure). */

export type HeaderUser = {
  did: string;
  fullName?: string;
  email?: string;
  role?: string;
  avatar?: string;
  passports?: Array<{ role?: string; name?: string; title?: string }>;
};

/** Accepts `{ user }` or a bare user (or null) from api.session.get(). */
export function userOf(session: unknown): HeaderUser | null {
  if (!session || typeof session !== 'object') return null;
  const s = session as { user?: unknown; did?: unknown };
  const u = 'user' in s ? s.user : s;
  if (!u || typeof u !== 'object' || typeof (u as { did?: unknown }).did !== 'string') return null;
  return u as HeaderUser;
}

export const displayName = (u: HeaderUser): string => u.fullName || u.email || `${u.did.slice(0, 8)}…`;

export const initials = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((p) => [...p][0] ?? '')
    .join('')
    .toUpperCase() || '?';

const KNOWN_ROLES = ['owner', 'admin', 'developer', 'customer', 'guest', 'member'];
/** i18n key for the role label, or undefined for unknown roles (shown as is). */
export const roleKey = (role: string | undefined): string | undefined =>
  role && KNOWN_ROLES.includes(role) ? `header.role.${role}` : undefined;
