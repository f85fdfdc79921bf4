/**
 * <site-header> first screen: logo, app name, header navigation, language selector, theme toggle, session.
 * Data: api.blocklet.get() (window.blocklet) with the `meta` attribute on top; api.session for the user.
 */
import { queryKey } from '../api/query-keys.ts';
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { USER_MENU_MAX_LINKS } from '../core/constants.ts';
import { normalizeLocale } from '../core/locale.ts';
import { useApi } from '../ui/api.tsx';
import { useSession } from '../ui/session.tsx';
import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';
import { useEmit, useHost, useSettings, useSettingsOverride } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { MenuButton, type MenuItem } from '../ui/Menu.tsx';
import { useQuery } from '../ui/query.ts';
import { BELOW_MD, BELOW_SM, useMediaQuery } from '../ui/responsive.ts';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
import {
  activeKey,
  hasNavEntry,
  productsPosition,
  headerNav,
  sectionNav,
  homeOf,
  iconHostsOf,
  languagesOf,
  mergeAppInfo,
  pickLogo,
  localized,
  withLocale,
  withTracking,
  type AppInfo,
  type HeaderNavEntry,
} from './blocklet.ts';

const LINK_HELPERS = { localized, withLocale };
import { guardState } from './login-guard.ts';
import { showOrgSwitch } from './orgs.ts';

import { displayName, initials, roleKey, userOf, type HeaderUser } from './session.ts';

export type SiteHeaderProps = {
  /** JSON: fields that override window.blocklet (appName, navigation, logos, languages, theme…). */
  meta?: Record<string, unknown>;
  /** '1' hides the header entirely. */
  embedMode?: string;
  /** `false` turns the temporary-domain notice off (default on; it shows only on temporary platform domains). */
  showDomainWarning?: boolean;
  /** Shows the cookie-consent notice (until accepted); not inside an iframe unless `cookieConsentInIframe`. */
  cookieConsent?: boolean;
  cookieConsentInIframe?: boolean;
  /** Login guard: a loading indicator until the session is ready, then a signed-out visitor goes to sign in. */
  loginRequired?: boolean;
  /** Page views to the platform's analytics (GET /.well-known/analytics/pv/{page}, 200 ms after each page). */
  analytics?: boolean;
};

export const THEME_EVENT_DEBOUNCE_MS = 300;

// Parts that need a signed-in user are not in the first paint: they load once the session says so.
const OrgSwitch = lazy(() => import('./OrgSwitch.tsx').then((m) => ({ default: m.OrgSwitch })));
const ProductsMenu = lazy(() => import('./ProductsMenu.tsx').then((m) => ({ default: m.ProductsMenu })));
const AppsGrid = lazy(() => import('./AppsGrid.tsx').then((m) => ({ default: m.AppsGrid })));
// The stored language and theme choices are written on a pick only: that code is not in the first paint.
const loadPreferences = () => import('./preferences.ts');
const MobileNavPanel = lazy(() => import('./MobileNavPanel.tsx').then((m) => ({ default: m.MobileNavPanel })));
const OverlayGate = lazy(() => import('./OverlayGate.tsx').then((m) => ({ default: m.OverlayGate })));
const NotificationBell = lazy(() => import('./NotificationBell.tsx').then((m) => ({ default: m.NotificationBell })));

export function SiteHeader({ meta, embedMode, showDomainWarning, cookieConsent, cookieConsentInIframe, loginRequired, analytics }: SiteHeaderProps) {
  if (String(embedMode ?? '') === '1') return null;
  return (
    <HeaderBar
      meta={meta}
      guard={loginRequired === true}
      analytics={analytics === true}
      overlays={{ domainWarning: showDomainWarning !== false, cookieConsent: cookieConsent === true, cookieConsentInIframe: cookieConsentInIframe === true }}
    />
  );
}

type OverlayFlags = { domainWarning: boolean; cookieConsent: boolean; cookieConsentInIframe: boolean };

function HeaderBar({
  meta,
  overlays,
  guard,
  analytics,
}: {
  meta?: Record<string, unknown> | undefined;
  overlays: OverlayFlags;
  guard: boolean;
  analytics: boolean;
}) {
  const api = useApi();
  const { css } = useCss();
  const t = useT();
  const { locale, mode } = useSettings();
  const narrow = useMediaQuery(BELOW_MD);
  const small = useMediaQuery(BELOW_SM);
  const blocklet = useQuery(queryKey('blocklet'), () => api.blocklet.get(), { staleTime: 10 * 60_000 });
  const info: AppInfo = mergeAppInfo(blocklet.data, meta);
  const session = useSession();
  const guarding = useLoginGuard(guard, session);
  const role = typeof session.user?.role === 'string' && session.user.role ? session.user.role : 'guest';
  const nav = headerNav(info, locale, role);
  // The session menu's links: the userCenter section for this role, at most 5 (spec §2, §9).
  const userLinks = sectionNav(info, locale, role, 'userCenter')
    .flatMap((e) => (e.children.length ? e.children : [e]))
    .filter((e) => e.href)
    .slice(0, USER_MENU_MAX_LINKS);
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const current = activeKey(nav, path);
  usePageViews(analytics, path);
  const { host } = useHost();
  const position = productsPosition(info, nav.length);
  const rawLang = host.getAttribute('locale') || host.closest('[lang]')?.getAttribute('lang') || locale;
  const products = position ? { ...position, locale: { raw: rawLang, resolved: locale }, iconHosts: iconHostsOf(info) } : undefined;
  const orgs = session.initialized && showOrgSwitch(info, !!session.user, path);
  const bell = session.initialized && !!session.user && hasNavEntry(info, '/userCenter/notification');
  // Below sm the Apps button does not fit: its shortcuts move into the burger panel.
  const appsInMenu = !!session.user && small;
  const userRole = typeof session.user?.role === 'string' ? session.user.role : undefined;
  // The controls whose final width comes later (lazy chunks, the organization's name): the navigation is laid out
  // (and shown) only once they are in, so it never paints inline and then collapses.
  const pending = [products ? 'products' : '', orgs ? 'org' : '', bell ? 'bell' : '', session.user && !small ? 'apps' : ''].filter(Boolean);
  const ready = useReadiness(pending);
  const hasNav = nav.length > 0 || !!products;
  const fit = useNavFit({
    ready: (!blocklet.isPending || !!meta) && session.initialized && ready.all,
    active: !narrow && hasNav,
    content: `${locale}|${nav.map((e) => e.key + e.title).join()}|${products ? products.index : ''}|${session.user?.did ?? ''}|${orgs}|${bell}`,
  });
  // Below md, or when the navigation does not fit beside the controls even with compact controls: the burger menu.
  const below = narrow || fit.level === 'burger';
  const compact = narrow || fit.level === 'compact';

  const cls = {
    bar: css`
      position: relative; display: flex; align-items: center; gap: 8px; height: var(--pay-header-height); padding: 0 16px; min-width: 0;
      background: var(--pay-color-bg); color: var(--pay-color-text); border-bottom: 1px solid var(--pay-color-border);
      @media (min-width: 600px) { padding: 0 24px; gap: 12px; }
      @media (max-width: 399px) { padding: 0 8px; gap: 4px; }
    `,
    spacer: css`flex: 1 1 0; min-width: 8px;`,
    addons: css`display: flex; align-items: center; gap: 4px; flex: none; @media (max-width: 399px) { gap: 0; }`,
  };

  if (blocklet.isPending && !meta) {
    return (
      <header part="header" className={cls.bar} aria-busy="true" ref={fit.header}>
        {guarding ? <GuardIndicator /> : null}
      </header>
    );
  }

  return (
    <header part="header" className={cls.bar} ref={fit.header} aria-busy={guarding || undefined}>
      {below && (hasNav || appsInMenu) ? (
        <MobileNav entries={nav} current={current} products={products} apps={appsInMenu ? { info, role: userRole } : undefined} />
      ) : null}
      <Brand info={info} small={small} dark={mode === 'dark'} fixed={!below} />
      {!below && hasNav ? (
        <DesktopNav entries={nav} current={current} label={t('header.nav')} products={products} navRef={fit.nav} hidden={!fit.shown} onProductsReady={ready.report.products} />
      ) : null}
      <div className={cls.spacer} />
      {session.initialized && (overlays.domainWarning || overlays.cookieConsent) ? (
        <Suspense fallback={null}>
          <OverlayGate {...overlays} mobile={narrow} role={typeof session.user?.role === 'string' ? session.user.role : undefined} />
        </Suspense>
      ) : null}
      <div className={cls.addons} part="addons" ref={fit.addons}>
        {orgs ? (
          <Suspense fallback={null}>
            <OrgSwitch compact={compact} key={session.user?.did} onReady={ready.report.org} />
          </Suspense>
        ) : null}
        {bell && session.user ? (
          <Suspense fallback={null}>
            <NotificationBell info={info} user={session.user} key={session.user.did} onReady={ready.report.bell} />
          </Suspense>
        ) : null}
        <LanguageMenu info={info} compact={compact} />
        <ThemeToggle info={info} />
        {session.user && !small ? (
          <Suspense fallback={null}>
            <AppsGrid info={info} role={userRole} helpers={LINK_HELPERS} iconHosts={iconHostsOf(info)} onReady={ready.report.apps} />
          </Suspense>
        ) : null}
        {guarding ? <GuardIndicator /> : <SessionArea compact={compact} links={userLinks} />}
      </div>
    </header>
  );
}

/** A page view 200 ms after each page (the analytics client loads on demand; fetch, never a script tag). */
function usePageViews(enabled: boolean, path: string): void {
  const api = useApi();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let cancel: (() => void) | undefined;
    void import('../api/resources/analytics.ts').then(({ createAnalytics }) => {
      if (!live) return;
      const a = createAnalytics({ origin: api.origin || window.location.origin });
      a.pageView(`${window.location.pathname}${window.location.search}`);
      cancel = a.cancel;
    });
    return () => {
      live = false;
      cancel?.();
    };
  }, [enabled, path, api]);
}

/** Runs the login guard; true while its loading indicator shows (session loading, or on the way to sign in). */
function useLoginGuard(required: boolean, session: ReturnType<typeof useSession>): boolean {
  const emit = useEmit<'site-header'>();
  const state = guardState(required, session);
  const sent = useRef(false);
  const [canceled, setCanceled] = useState(false);
  const { loginUrl } = session;
  useEffect(() => {
    if (state !== 'redirect' || sent.current) return;
    sent.current = true;
    const redirect = window.location.href;
    // Canceled: the host signs the visitor in itself; the Sign in link shows meanwhile.
    if (!emit('login', { redirect, guard: true }, { cancelable: true })) {
      setCanceled(true);
      return;
    }
    window.location.assign(checkHref(loginUrl(redirect)) ?? '/');
  }, [state, emit, loginUrl]);
  return state === 'loading' || (state === 'redirect' && !canceled);
}

/** The login guard's loading indicator (a polite status with the spinner). */
function GuardIndicator() {
  const { css } = useCss();
  const t = useT();
  return (
    <span
      role="status"
      part="login-guard"
      className={css`
        display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; flex: none;
        &::before {
          content: ''; width: 18px; height: 18px; border-radius: 50%; border: 2px solid var(--pay-color-border);
          border-top-color: var(--pay-color-primary); animation: pay-guard-spin 0.8s linear infinite;
        }
        @keyframes pay-guard-spin { to { transform: rotate(360deg); } }
        @media (prefers-reduced-motion: reduce) { &::before { animation-duration: 2.4s; } }
      `}
    >
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </span>
  );
}

/** Header resize handling is debounced (spec §9). */
export const NAV_RESIZE_DEBOUNCE_MS = 100;

/** Readiness of the late controls: `report[key]()` (stable) once each has its final width; `all` when every one has. */
function useReadiness(keys: string[]) {
  const [done, setDone] = useState<ReadonlySet<string>>(() => new Set());
  const report = useRef<Record<string, () => void>>({});
  for (const k of ['products', 'org', 'bell', 'apps']) {
    report.current[k] ??= () => setDone((d) => (d.has(k) ? d : new Set(d).add(k)));
  }
  return { all: keys.every((k) => done.has(k)), report: report.current as Record<'products' | 'org' | 'bell' | 'apps', () => void> };
}

/** How long the navigation waits for late controls before it is laid out anyway (a chunk that never loads). */
export const NAV_SETTLE_TIMEOUT_MS = 4000;

type FitLevel = 'full' | 'compact' | 'burger';

/**
 * Whether the desktop navigation fits between the brand and the controls, decided before it is ever painted:
 *
 * - Until the session is known and every late control (org switcher with its name, bell, apps, the Products
 *   button) has its final width, the navigation is laid out but invisible (its room is kept, nothing jumps).
 * - The fit is tried in layout effects, which run before the browser paints: first with the full controls, then
 *   with compact ones (language, organization and user without their names), then the burger menu. A level is
 *   kept only when the navigation's own content is not wider than the room it gets (scrollWidth ≤ clientWidth).
 * - After that, a change of width (window, debounced 100 ms) or of the controls (a name arriving) tries again
 *   from the top, still before a paint (flushSync in the ResizeObserver callback): never a collapse when it fits.
 */
function useNavFit({ ready, active, content }: { ready: boolean; active: boolean; content: string }) {
  const header = useRef<HTMLElement | null>(null);
  const addons = useRef<HTMLDivElement | null>(null);
  const nav = useRef<HTMLElement | null>(null);
  const [level, setLevel] = useState<FitLevel>('full');
  // A retry re-renders even when the level is already 'full' (its layout effect then measures again).
  const [, setAttempt] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const settled = ready || timedOut;
  const seen = useRef({ content, header: 0, addons: 0 });
  useEffect(() => {
    if (ready) return;
    const id = setTimeout(() => setTimedOut(true), NAV_SETTLE_TIMEOUT_MS);
    return () => clearTimeout(id);
  }, [ready]);
  // New content (language, entries, user): start again from the full layout, before the paint.
  if (seen.current.content !== content) {
    seen.current.content = content;
    if (level !== 'full') setLevel('full');
  }
  useLayoutEffect(() => {
    const record = () => {
      seen.current.header = header.current?.clientWidth ?? 0;
      seen.current.addons = addons.current?.offsetWidth ?? 0;
    };
    if (level === 'burger') return record();
    if (!active || !settled) return;
    const n = nav.current;
    const ul = n?.querySelector('ul');
    if (!n || !ul) return;
    // The items' own boxes (an open dropdown is positioned out of flow and must not count); items never shrink.
    const items = [...ul.children] as HTMLElement[];
    const gap = parseFloat(getComputedStyle(ul).columnGap || '0') || 0;
    const natural = items.reduce((w, li) => w + li.getBoundingClientRect().width, 0) + gap * Math.max(0, items.length - 1);
    const fits = natural <= n.clientWidth + 0.5;
    if (fits) record();
    else setLevel(level === 'full' ? 'compact' : 'burger');
  });
  useEffect(() => {
    const h = header.current;
    if (!h || !active || typeof ResizeObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const retry = () =>
      flushSync(() => {
        setLevel('full');
        setAttempt((n) => n + 1);
      });
    const ro = new ResizeObserver(() => {
      const hw = h.clientWidth;
      const aw = addons.current?.offsetWidth ?? 0;
      if (Math.abs(hw - seen.current.header) >= 1) {
        // The window: debounced (spec §9); the current level holds meanwhile.
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (Math.abs(h.clientWidth - seen.current.header) >= 1) retry();
        }, NAV_RESIZE_DEBOUNCE_MS);
      } else if (Math.abs(aw - seen.current.addons) >= 1) {
        // A control changed its width (not one of our own level changes, which record theirs): try again now.
        retry();
      }
    });
    ro.observe(h);
    if (addons.current) ro.observe(addons.current);
    return () => {
      clearTimeout(timer);
      ro.disconnect();
    };
  }, [active]);
  return { header, addons, nav, level: active ? level : 'full', shown: settled };
}

function Brand({ info, small, dark, fixed = false }: { info: AppInfo; small: boolean; dark: boolean; fixed?: boolean }) {
  const { css } = useCss();
  const t = useT();
  const logo = pickLogo(info, { small, dark });
  const name = info.appName ?? '';
  const src = checkHref(logo.src);
  return (
    <a
      href={checkHref(homeOf(info)) ?? '/'}
      part="brand"
      aria-label={name ? t('header.logoHome', { name }) : t('common.home')}
      className={css`
        display: inline-flex; align-items: center; gap: 10px; min-width: 0; min-height: 40px; padding: 0 4px;
        color: inherit; text-decoration: none; border-radius: var(--pay-radius-sm); flex: ${fixed ? 'none' : '0 1 auto'};
        ${focusRing}
      `}
    >
      {src ? (
        <img
          part="logo"
          src={src}
          alt=""
          className={css`display: block; height: ${logo.wide ? 32 : 36}px; width: auto; max-width: ${logo.wide ? 180 : 36}px; object-fit: contain; border-radius: ${logo.wide ? 0 : 6}px;`}
        />
      ) : null}
      {/* Below sm the square logo stands alone (the link's label names the app): a name cut to one letter helps no one. */}
      {name && !logo.wide && !(small && src) ? (
        <span
          part="app-name"
          className={css`font-weight: 700; font-size: 17px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 40vw;`}
        >
          {name}
        </span>
      ) : null}
    </a>
  );
}

export type ProductsSlot = { variant: 1 | 2; index: number; locale: { raw: string; resolved: 'en' | 'zh' }; iconHosts: string[] };

function DesktopNav({
  entries,
  current,
  label,
  products,
  navRef,
  hidden = false,
  onProductsReady,
}: {
  entries: HeaderNavEntry[];
  current: string | undefined;
  label: string;
  products?: ProductsSlot | undefined;
  navRef?: React.Ref<HTMLElement>;
  /** Laid out but not shown (useNavFit: until the controls have their final width). */
  hidden?: boolean;
  onProductsReady?: (() => void) | undefined;
}) {
  const { css } = useCss();
  const link = css`
    display: inline-flex; align-items: center; min-height: 36px; padding: 0 10px; border-radius: var(--pay-radius);
    color: var(--pay-color-muted); text-decoration: none; font-weight: 500; white-space: nowrap;
    &:hover { background: var(--pay-color-hover); color: var(--pay-color-text); }
    &[aria-current='page'] { color: var(--pay-color-text); font-weight: 650; }
    ${focusRing}
  `;
  return (
    <nav ref={navRef} aria-label={label} part="nav" data-shown={hidden ? undefined : ''} className={css`min-width: 0; flex: 0 1 auto; margin-inline-start: 16px; ${hidden ? 'visibility: hidden;' : ''}`}>
      <ul className={css`display: flex; align-items: center; gap: 2px; list-style: none; margin: 0; padding: 0;`}>
        {entries.map((e, i) => [
          products?.index === i ? productsItem(products, link, onProductsReady) : null,
          <li key={e.key}>
            {e.children.length > 0 ? (
              <MenuButton
                label={<span className={css`color: ${current === e.key ? 'var(--pay-color-text)' : 'var(--pay-color-muted)'}; font-weight: ${current === e.key ? 650 : 500};`}>{e.title}</span>}
                items={e.children.map(toMenuItem)}
                width={280}
                part="nav-group"
              />
            ) : (
              <a
                className={link}
                href={e.href}
                aria-current={current === e.key ? 'page' : undefined}
                {...(e.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {e.title}
              </a>
            )}
          </li>,
        ])}
        {products && products.index >= entries.length ? productsItem(products, link, onProductsReady) : null}
      </ul>
    </nav>
  );
}

function productsItem(p: ProductsSlot, linkClass: string, onReady?: () => void) {
  return (
    <li key="__products">
      <Suspense fallback={<span className={linkClass} />}>
        <ProductsMenu variant={p.variant} locale={p.locale} buttonClass={linkClass} track={withTracking} iconHosts={p.iconHosts} {...(onReady ? { onReady } : {})} />
      </Suspense>
    </li>
  );
}

function toMenuItem(e: HeaderNavEntry): MenuItem {
  return {
    key: e.key,
    label: e.title,
    ...(e.description ? { description: e.description } : {}),
    ...(e.href ? { href: e.href } : {}),
    newTab: e.external,
  };
}

function MobileNav({
  entries,
  current,
  products,
  apps,
}: {
  entries: HeaderNavEntry[];
  current: string | undefined;
  products?: ProductsSlot | undefined;
  /** The app shortcuts when the Apps button does not fit (below sm). */
  apps?: { info: AppInfo; role: string | undefined } | undefined;
}) {
  const [open, setOpen] = useState(false);
  const { css } = useCss();
  const t = useT();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The panel (its lists, products and apps) loads on its own: a wide screen never needs it. Until it is in, an empty
  // hidden <nav> holds its id, so the burger's aria-controls always names an element.
  const placeholder = <nav id={panelId} hidden aria-label={t('header.nav')} part="mobile-nav" />;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        part="burger"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
        onClick={() => setOpen((o) => !o)}
        className={css`
          display: inline-flex; align-items: center; justify-content: center; width: 40px; height: 40px; flex: none; margin-inline-start: -8px;
          border: 0; border-radius: var(--pay-radius); background: transparent; color: inherit; cursor: pointer;
          &:hover { background: var(--pay-color-hover); } ${focusRing}
        `}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
      </button>
      <Suspense fallback={placeholder}>
        <MobileNavPanel
          panelId={panelId}
          open={open}
          onClose={(refocus) => {
            setOpen(false);
            if (refocus) buttonRef.current?.focus();
          }}
          buttonRef={buttonRef}
          entries={entries}
          current={current}
          products={products}
          apps={apps}
          helpers={LINK_HELPERS}
          track={withTracking}
        />
      </Suspense>
    </>
  );
}

function LanguageMenu({ info, compact }: { info: AppInfo; compact: boolean }) {
  const languages = languagesOf(info);
  const { locale } = useSettings();
  const override = useSettingsOverride();
  const emit = useEmit<'site-header'>();
  const t = useT();
  const { css } = useCss();
  if (languages.length <= 1) return null;
  const current = languages.find((l) => l.code === locale) ?? languages[0];
  return (
    <MenuButton
      part="locale"
      buttonLabel={`${t('header.language')}: ${current?.name ?? ''}`}
      align="end"
      label={
        <>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="1.7" fill="none" />
            <path d="M3 12h18M12 3c2.5 2.7 3.6 5.7 3.6 9s-1.1 6.3-3.6 9c-2.5-2.7-3.6-5.7-3.6-9S9.5 5.7 12 3z" stroke="currentColor" strokeWidth="1.7" fill="none" />
          </svg>
          {compact ? null : <span>{current?.name}</span>}
        </>
      }
      items={languages.map((l) => ({
        key: l.code,
        label: <span lang={l.code}>{l.name}</span>,
        checked: l.code === locale,
        onSelect: () => {
          if (l.code === locale) return;
          // The choice sticks (the platform's nf_lang cookie): the next page, a reload and a link all read it.
          void loadPreferences().then((m) => m.writeLocaleCookie(l.code));
          if (emit('locale-change', { locale: l.code }, { cancelable: true })) override({ locale: normalizeLocale(l.code) });
        },
      }))}
    />
  );
}

function ThemeToggle({ info }: { info: AppInfo }) {
  const { mode } = useSettings();
  const override = useSettingsOverride();
  const emit = useEmit<'site-header'>();
  const t = useT();
  const { css } = useCss();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (info.theme?.prefer !== 'system') return null;
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      part="theme-toggle"
      aria-label={next === 'dark' ? t('header.themeToDark') : t('header.themeToLight')}
      title={next === 'dark' ? t('header.themeToDark') : t('header.themeToLight')}
      onClick={() => {
        const preferKey = typeof info.theme?.preferKey === 'string' && info.theme.preferKey ? info.theme.preferKey : undefined;
        void loadPreferences().then((m) => m.storeThemePreference(next, preferKey));
        override({ theme: next });
        clearTimeout(timer.current);
        timer.current = setTimeout(() => emit('theme-change', { theme: next }), THEME_EVENT_DEBOUNCE_MS);
      }}
      className={css`
        display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; border: 0;
        border-radius: var(--pay-radius); background: transparent; color: inherit; cursor: pointer;
        &:hover { background: var(--pay-color-hover); } ${focusRing}
      `}
    >
      {mode === 'dark' ? (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="4" stroke="currentColor" strokeWidth="1.8" fill="none" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      ) : (
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinejoin="round" />
        </svg>
      )}
    </button>
  );
}

function Avatar({ user, size = 28 }: { user: HeaderUser; size?: number }) {
  const { css } = useCss();
  const api = useApi();
  const [broken, setBroken] = useState(false);
  const src = checkHref(user.avatar || api.session.avatarUrl(user.did, size * 2));
  const box = css`
    display: inline-flex; align-items: center; justify-content: center; flex: none; width: ${size}px; height: ${size}px;
    border-radius: 50%; overflow: hidden; background: var(--pay-color-secondary-bg); color: var(--pay-color-secondary);
    font-size: ${Math.round(size * 0.42)}px; font-weight: 700;
  `;
  if (src && !broken) {
    return (
      <span className={box} part="avatar">
        <img src={src} alt="" width={size} height={size} onError={() => setBroken(true)} className={css`width: 100%; height: 100%; object-fit: cover;`} />
      </span>
    );
  }
  return (
    <span className={box} part="avatar" aria-hidden="true">
      {initials(displayName(user))}
    </span>
  );
}

function SessionArea({ compact, links = [] }: { compact: boolean; links?: HeaderNavEntry[] }) {
  const emit = useEmit<'site-header'>();
  const t = useT();
  const { css } = useCss();
  const session = useSession();
  const [signingOut, setSigningOut] = useState(false);
  if (!session.initialized) {
    return <span aria-hidden="true" className={css`display: inline-block; width: 72px; height: 32px;`} />;
  }
  const user: HeaderUser | null = session.user ? userOf(session) : null;
  if (!user) {
    const href = session.loginUrl(window.location.href);
    return (
      <a
        part="login"
        href={checkHref(href) ?? '#'}
        onClick={(e) => {
          if (!emit('login', {}, { cancelable: true })) e.preventDefault();
        }}
        className={css`
          display: inline-flex; align-items: center; min-height: 36px; padding: 0 14px; margin-inline-start: 4px;
          border-radius: var(--pay-radius); background: var(--pay-color-primary); color: var(--pay-color-on-primary);
          font-weight: 600; text-decoration: none; white-space: nowrap;
          &:hover { background: var(--pay-color-primary-hover); } ${focusRing}
        `}
      >
        {t('header.signIn')}
      </a>
    );
  }
  const name = displayName(user);
  const rk = roleKey(user.role);
  const role = rk ? t(rk) : user.role;
  const items: MenuItem[] = [
    ...links.map((l) => ({ key: `link-${l.key}`, label: l.title, href: l.href!, ...(l.external ? { newTab: true } : {}) })),
    {
      key: 'logout',
      label: signingOut ? t('common.processing') : t('header.signOut'),
      tone: 'danger',
      disabled: signingOut,
      onSelect: () => {
        if (!emit('logout', { did: user.did }, { cancelable: true })) return;
        setSigningOut(true);
        session
          .logout()
          .catch((err: unknown) => console.warn('[site-header] logout failed', err))
          .finally(() => window.location.assign('/'));
      },
    },
  ];
  return (
    <MenuButton
      part="user"
      align="end"
      width={260}
      label={
        <>
          <Avatar user={user} />
          {compact ? (
            <VisuallyHidden>{name}</VisuallyHidden>
          ) : (
            <span className={css`max-width: 140px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 550;`}>{name}</span>
          )}
        </>
      }
      header={
        <div className={css`display: flex; gap: 12px; align-items: center; padding: 10px 10px 12px; margin-bottom: 6px; border-bottom: 1px solid var(--pay-color-border);`}>
          <Avatar user={user} size={40} />
          <div className={css`min-width: 0;`}>
            <div className={css`font-weight: 650; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;`}>{name}</div>
            {user.email && user.email !== name ? (
              <div className={css`font-size: 12px; color: var(--pay-color-muted); overflow: hidden; text-overflow: ellipsis;`}>{user.email}</div>
            ) : null}
            {role ? (
              <div className={css`margin-top: 4px; font-size: 12px; color: var(--pay-color-muted);`}>{role}</div>
            ) : null}
          </div>
        </div>
      }
      items={items}
    />
  );
}
