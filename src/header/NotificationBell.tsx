/**
 * The notification bell (lazily loaded: it needs a signed-in user). A link to the user-center notifications page
 * with the read-state query, the unread count as a badge, and the user socket: a create event for this user adds 1
 * (and may show a toast), a read event subtracts readCount (never below 0).
 */
import { queryKey } from '../api/query-keys.ts';
import { useEffect, useRef, useState, useLayoutEffect } from 'react';
import { createNotifications, type Notification } from '../api/resources/notifications.ts';
import { useApi } from '../ui/api.tsx';
import { useSettings, useToast } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useQuery } from '../ui/query.ts';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
import type { AppInfo } from './blocklet.ts';
import { afterRead, countsForUser, shouldToast, toastFor } from './notifications.ts';
import { usePanelMessages } from './panel-messages.ts';
import { useOnChange } from '../ui/useOnChange.ts';

export function NotificationBell({
  info,
  user,
  onReady,
}: {
  info: AppInfo;
  user: { did: string; role?: string | undefined };
  onReady?: () => void;
}) {
  const ready = usePanelMessages();
  useLayoutEffect(() => {
    if (ready) onReady?.();
  }, [ready, onReady]);
  const api = useApi();
  const t = useT();
  const toast = useToast();
  const { locale } = useSettings();
  const { css } = useCss();
  const unread = useQuery(queryKey('header', 'unread', user.did), () => createNotifications(api).unreadCount(), {
    staleTime: 60_000,
  });
  // The count the socket keeps up to date, from the server's (already there when the query was cached).
  const [live, setLive] = useState<number | null>(() => unread.data ?? null);
  // A fresh count from the server replaces the one kept up to date by the socket (see useOnChange: not an effect).
  useOnChange(unread.data, (n) => {
    if (n !== undefined) setLive(n);
  });
  const count = live ?? unread.data ?? 0;

  const appDid = typeof info.did === 'string' ? info.did : typeof info.appPid === 'string' ? info.appPid : '';
  const settings = info.settings as { notification?: { toastAlert?: unknown } } | undefined;
  const toastAlert = settings?.notification?.toastAlert;
  const serverVersion = info.serverVersion;
  const ctxRef = useRef({ toastAlert, serverVersion, t, locale });
  ctxRef.current = { toastAlert, serverVersion, t, locale };

  useEffect(() => {
    // No socket for the app itself or without an app DID (preview users have none).
    if (!appDid || user.did === appDid) return;
    return createNotifications(api).subscribe({
      appDid,
      userDid: user.did,
      onCreate: (n: Notification) => {
        if (!countsForUser(n, user)) return;
        setLive((c) => (c ?? 0) + 1);
        const c = ctxRef.current;
        if (
          shouldToast(n, { toastAlert: c.toastAlert, serverVersion: c.serverVersion, userAgent: navigator.userAgent })
        ) {
          toast.show(toastFor(n, c.t as never, createNotifications(api).viewUrl(n, c.locale)));
        }
      },
      onRead: (e) => setLive((c) => afterRead(c ?? 0, e, user.did)),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one socket per user; the callbacks read current values
  }, [api, appDid, user.did, user.role]);

  if (!ready) return null;
  const label =
    count > 0 ? t('headerPanels.notifications.bellUnread', { count }) : t('headerPanels.notifications.bell');
  return (
    <a
      part="notifications"
      href={checkHref(createNotifications(api).pageUrl(count, locale)) ?? '#'}
      aria-label={label}
      title={t('headerPanels.notifications.bell')}
      className={css`
        position: relative; display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px;
        border-radius: var(--pay-radius); color: inherit; text-decoration: none; flex: none;
        &:hover { background: var(--pay-color-hover); } ${focusRing}
      `}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z"
          stroke="currentColor"
          strokeWidth="1.8"
          fill="none"
          strokeLinejoin="round"
        />
        <path d="M10 20.5a2 2 0 0 0 4 0" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" />
      </svg>
      {count > 0 ? (
        <span
          part="notifications-badge"
          aria-hidden="true"
          className={css`
            position: absolute; top: 1px; inset-inline-end: 0; min-width: 18px; height: 18px; padding: 0 5px; border-radius: 9px;
            background: var(--pay-color-danger); color: var(--pay-color-bg); font-size: 11px; font-weight: 700; line-height: 18px; text-align: center;
            box-sizing: border-box;
          `}
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </a>
  );
}
