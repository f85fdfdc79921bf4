/**
 * The session-manager grid of app shortcuts (lazily loaded; needs a signed-in user): navigation items of the
 * `sessionManager` section whose `role` includes the user's role (items without a role are left out), as 50 px
 * icons in a 350 px wide popup (max height 350), and a Manage button for owner/admin (the admin navigation page).
 */
import { useDismiss } from '../ui/dismiss.ts';
import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useApi } from '../ui/api.tsx';
import { useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
import type { Locale } from '../core/locale.ts';
import type { AppInfo, LocalizedText, NavItem } from './blocklet.ts';
import { IconTile, useIcons } from './Icon.tsx';
import { usePanelMessages } from './panel-messages.ts';

export const APPS_WIDTH = 350;
export const APPS_MAX_HEIGHT = 350;
export const APPS_ICON = 50;
export const MANAGE_PATH = '/.well-known/service/admin/navigation';

export type AppShortcut = { key: string; title: string; href: string; icon?: string };

const inSessionManager = (i: NavItem) =>
  (Array.isArray(i.section) ? i.section.includes('sessionManager') : i.section === 'sessionManager') &&
  i.id !== '/sessionManager';

/** Items of the grid for a role (guest when none), localized, with the locale on their links. */
type Helpers = {
  localized: (v: LocalizedText | undefined, l: Locale) => string;
  withLocale: (link: string, l: Locale) => string;
};

export function sessionManagerItems(
  info: AppInfo,
  role: string | undefined,
  locale: Locale,
  { localized, withLocale }: Helpers,
): AppShortcut[] {
  const r = role || 'guest';
  return (info.navigation ?? [])
    .filter((i) => i && inSessionManager(i))
    .filter((i) => {
      if (i.role === undefined) return false;
      const roles = Array.isArray(i.role) ? i.role : [i.role];
      return roles.includes(r);
    })
    .map((i, n) => ({
      key: i.id ?? String(n),
      title: localized(i.title, locale),
      href: withLocale(localized(i.link, locale), locale),
      ...(typeof i.icon === 'string' && i.icon ? { icon: i.icon } : {}),
    }))
    .filter((i) => i.title && i.href);
}

/** `helpers`: blocklet.ts localized/withLocale, passed in so this lazy chunk does not share a chunk with the first paint. */
export function AppsGrid({
  info,
  role,
  helpers,
  iconHosts,
  onReady,
}: {
  info: AppInfo;
  role: string | undefined;
  helpers: Helpers;
  iconHosts: string[];
  onReady?: () => void;
}) {
  const ready = usePanelMessages();
  // The header lays itself out once its controls have their final width (SiteHeader useNavFit).
  useLayoutEffect(() => {
    if (ready) onReady?.();
  }, [ready, onReady]);
  const { locale } = useSettings();
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const [open, setOpen] = useState(false);
  const closePanel = useCallback(() => setOpen(false), []);
  const id = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open, closePanel, wrap, button);
  const items = sessionManagerItems(info, role, locale, helpers);
  const icons = useIcons(open ? items.map((i) => i.icon) : [], iconHosts);
  if (!ready || items.length === 0) return null;
  const admin = role === 'owner' || role === 'admin';
  return (
    <div ref={wrap} className={css`position: relative; flex: none;`}>
      <button
        ref={button}
        type="button"
        part="apps"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={t('headerPanels.apps.button')}
        title={t('headerPanels.apps.button')}
        onClick={() => setOpen((o) => !o)}
        className={css`
          display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; border: 0;
          border-radius: var(--pay-radius); background: transparent; color: inherit; cursor: pointer;
          &:hover { background: var(--pay-color-hover); } ${focusRing}
        `}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          {[4, 12, 20].flatMap((x) =>
            [4, 12, 20].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="2" fill="currentColor" />),
          )}
        </svg>
      </button>
      {open ? (
        <div
          id={id}
          part="apps-panel"
          role="group"
          aria-label={t('headerPanels.apps.button')}
          className={css`
            position: absolute; top: calc(100% + 6px); inset-inline-end: 0; z-index: 1100; box-sizing: border-box;
            width: min(${APPS_WIDTH}px, calc(100vw - 32px)); max-height: ${APPS_MAX_HEIGHT}px; overflow: auto; padding: 12px;
            border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-surface-raised);
            color: var(--pay-color-text); box-shadow: var(--pay-shadow-lg);
          `}
        >
          <ul
            className={css`list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px;`}
          >
            {items.map((i) => (
              <li key={i.key}>
                <a
                  href={checkHref(i.href) ?? '#'}
                  className={css`
                    display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 8px 4px; border-radius: var(--pay-radius);
                    color: inherit; text-decoration: none; text-align: center; font-size: 13px;
                    &:hover { background: var(--pay-color-hover); } ${focusRing}
                  `}
                >
                  <IconTile
                    part="apps-icon"
                    name={i.icon}
                    data={i.icon ? icons.get(i.icon) : undefined}
                    label={i.title}
                    size={APPS_ICON}
                    className={css`display: inline-flex; align-items: center; justify-content: center; width: ${APPS_ICON}px; height: ${APPS_ICON}px; border-radius: var(--pay-radius); background: var(--pay-color-secondary-bg); color: var(--pay-color-secondary); font-size: 20px; font-weight: 700;`}
                  />
                  <span>{i.title}</span>
                </a>
              </li>
            ))}
          </ul>
          {admin ? (
            <div
              className={css`display: flex; justify-content: flex-end; margin-top: 8px; padding-top: 8px; border-top: 1px solid var(--pay-color-border);`}
            >
              <a
                part="apps-manage"
                href={checkHref(`${api.origin || ''}${MANAGE_PATH}`) ?? '#'}
                className={css`display: inline-flex; align-items: center; min-height: 32px; padding: 0 12px; border-radius: var(--pay-radius); color: var(--pay-color-primary); font-weight: 600; text-decoration: none; &:hover { background: var(--pay-color-hover); } ${focusRing}`}
              >
                {t('headerPanels.apps.manage')}
              </a>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The same shortcuts inside the burger panel, where the Apps button does not fit (below sm): every entry of the wide
 * header stays reachable at every width. A labelled list of links, and Manage for owner/admin.
 */
export function AppsSection({
  info,
  role,
  helpers,
  onNavigate,
}: {
  info: AppInfo;
  role: string | undefined;
  helpers: Helpers;
  onNavigate?: () => void;
}) {
  const ready = usePanelMessages();
  const { locale } = useSettings();
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const id = useId();
  const items = sessionManagerItems(info, role, locale, helpers);
  if (!ready || items.length === 0) return null;
  const admin = role === 'owner' || role === 'admin';
  const row = css`
    display: flex; align-items: center; min-height: 44px; padding: 0 12px; border-radius: var(--pay-radius);
    color: var(--pay-color-text); text-decoration: none; &:hover { background: var(--pay-color-hover); } ${focusRing}
  `;
  return (
    <section part="mobile-apps" aria-labelledby={id}>
      <h2
        id={id}
        className={css`margin: 0; padding: 12px 12px 4px; font-size: 12px; font-weight: 650; letter-spacing: 0.04em; text-transform: uppercase; color: var(--pay-color-muted);`}
      >
        {t('headerPanels.apps.button')}
      </h2>
      <ul className={css`list-style: none; margin: 0; padding: 0;`}>
        {items.map((i) => (
          <li key={i.key}>
            <a className={row} href={checkHref(i.href) ?? '#'} onClick={onNavigate}>
              {i.title}
            </a>
          </li>
        ))}
        {admin ? (
          <li>
            <a
              part="apps-manage"
              className={row}
              href={checkHref(`${api.origin || ''}${MANAGE_PATH}`) ?? '#'}
              onClick={onNavigate}
            >
              {t('headerPanels.apps.manage')}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
