/**
 * Notification rules of the header (pure; spec §4, §6, §9): unread count changes, when a toast shows, and its text.
 * Used by the lazily loaded NotificationBell only.
 */
import type { Notification, ReadEvent } from '../api/resources/notifications.ts';
import type { ToastInput, ToastTone } from '../state/toasts.ts';
import { isolate } from '../core/bidi.ts';

/** Toasts need a server at least this version. */
export const TOAST_MIN_SERVER_VERSION = '1.16.42-beta-20250407';
export const ACTORS_SHOWN = 3;

/** semver-ish compare: numeric parts, then a release sorts after any pre-release of it; pre-releases compare by parts. */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const [core = '', ...pre] = String(v).trim().replace(/^v/, '').split('-');
    return { core: core.split('.').map((n) => Number(n) || 0), pre: pre.join('-') };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < Math.max(x.core.length, y.core.length); i++) {
    const d = (x.core[i] ?? 0) - (y.core[i] ?? 0);
    if (d) return d < 0 ? -1 : 1;
  }
  if (x.pre === y.pre) return 0;
  if (!x.pre) return 1;
  if (!y.pre) return -1;
  const px = x.pre.split(/[.-]/);
  const py = y.pre.split(/[.-]/);
  for (let i = 0; i < Math.max(px.length, py.length); i++) {
    const s = px[i];
    const u = py[i];
    if (s === undefined) return -1;
    if (u === undefined) return 1;
    const ns = /^\d+$/.test(s) ? Number(s) : NaN;
    const nu = /^\d+$/.test(u) ? Number(u) : NaN;
    const d = !Number.isNaN(ns) && !Number.isNaN(nu) ? ns - nu : s.localeCompare(u);
    if (d) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** Inside DID Wallet or ArcSphere webviews (their user agents name them). */
export const isWalletOrArcSphere = (ua: string): boolean => /ABTWallet|ArcWallet|DIDWallet|ArcSphere/i.test(ua);

const receiversOf = (n: Notification): string[] => [
  ...(typeof n.receiver === 'string' ? [n.receiver] : []),
  ...(Array.isArray(n.receivers)
    ? n.receivers.map((r) => (typeof r === 'string' ? r : ((r as { did?: string })?.did ?? '')))
    : []),
];

/** A create event counts for the user when they receive it (system notices count for owner/admin only). */
export function countsForUser(n: Notification, user: { did: string; role?: string | undefined }): boolean {
  if (!receiversOf(n).includes(user.did)) return false;
  return user.role === 'owner' || user.role === 'admin' || n.source !== 'system';
}

/** Unread count after a read event for this user: minus readCount, never below 0. */
export function afterRead(count: number, e: ReadEvent, userDid: string): number {
  if (e.receiver !== undefined && e.receiver !== userDid) return count;
  const n = Number(e.readCount);
  return Math.max(0, count - (Number.isFinite(n) && n > 0 ? n : 0));
}

export type ToastContext = { toastAlert: unknown; serverVersion: unknown; userAgent: string };

/** Toast only with the app's toastAlert on, a new enough server, a component source, outside a wallet/ArcSphere. */
export function shouldToast(n: Notification, ctx: ToastContext): boolean {
  if (ctx.toastAlert !== true) return false;
  if (typeof ctx.serverVersion !== 'string' || compareVersions(ctx.serverVersion, TOAST_MIN_SERVER_VERSION) < 0)
    return false;
  if (n.source !== 'component') return false;
  return !isWalletOrArcSphere(ctx.userAgent);
}

type T = (key: string, opts?: Record<string, unknown>) => string;

/** Up to 3 names, then 'and N others'. */
export function actorsText(names: string[], t: T): string {
  const list = names.filter(Boolean);
  if (list.length <= ACTORS_SHOWN) return list.map(isolate).join(', ');
  return t('headerPanels.notifications.others', {
    names: list.slice(0, ACTORS_SHOWN).map(isolate).join(', '),
    count: list.length - ACTORS_SHOWN,
  });
}

const TONES: Record<string, ToastTone> = {
  normal: 'default',
  success: 'success',
  info: 'info',
  warning: 'warning',
  error: 'error',
};
const ACTIVITIES = ['comment', 'like', 'follow', 'tips', 'mention', 'assign', 'un_assign'];

/** The toast for a notification (text only; the toast renders it as text). */
export function toastFor(n: Notification, t: T, viewHref?: string): ToastInput {
  const actors = Array.isArray(n.actorInfo) ? n.actorInfo : n.actorInfo ? [n.actorInfo] : [];
  const names = actors.map((a) => (typeof a?.fullName === 'string' ? a.fullName : '')).filter(Boolean);
  const type = n.activity?.type;
  const activity =
    type && ACTIVITIES.includes(type) && names.length
      ? t(`headerPanels.notifications.activity.${type}`, {
          actors: actorsText(names, t),
          target: isolate(n.activity?.target?.name),
        }).trim()
      : '';
  const message = [activity, n.description ?? ''].filter(Boolean).join(' — ') || n.title || '';
  return {
    tone: TONES[String(n.severity)] ?? 'default',
    ...(n.title && message !== n.title ? { title: n.title } : {}),
    message,
    sticky: n.sticky === true,
    ...(viewHref ? { action: { label: t('headerPanels.notifications.view'), href: viewHref } } : {}),
  };
}
