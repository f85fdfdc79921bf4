/** The header's bar: brand, navigation (desktop or burger), the controls, and the lazily loaded parts. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { queryKey } from '../api/query-keys.ts';
import { USER_MENU_MAX_LINKS } from '../core/constants.ts';
import { useApi } from '../ui/api.tsx';
import { useHost, useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useQuery } from '../ui/query.ts';
import { BELOW_MD, BELOW_SM } from '../core/layout.ts';
import { useMediaQuery } from '../ui/responsive.ts';
import { useSession } from '../ui/session.tsx';
import { useCss } from '../ui/styles.tsx';
import {
  activeKey,
  hasNavEntry,
  headerNav,
  iconHostsOf,
  mergeAppInfo,
  productsPosition,
  sectionNav,
  type AppInfo,
} from './blocklet.ts';
import { Brand } from './Brand.tsx';
import { DesktopNav } from './DesktopNav.tsx';
import { GuardIndicator } from './GuardIndicator.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { MobileNav } from './MobileNav.tsx';
import { showOrgSwitch } from './orgs.ts';
import { SessionArea } from './SessionArea.tsx';
import { LINK_HELPERS } from './shared.ts';
import { ThemeToggle } from './ThemeToggle.tsx';
import { useLoginGuard } from './useLoginGuard.ts';
import { BURGER, useNavFit } from './useNavFit.ts';
import { usePageViews } from './usePageViews.ts';
import { useReadiness } from './useReadiness.ts';

// Parts that need a signed-in user are not in the first paint: they load once the session says so.
const OrgSwitch = lazy(() => import('./OrgSwitch.tsx').then((m) => ({ default: m.OrgSwitch })));
const AppsGrid = lazy(() => import('./AppsGrid.tsx').then((m) => ({ default: m.AppsGrid })));
const OverlayGate = lazy(() => import('./OverlayGate.tsx').then((m) => ({ default: m.OverlayGate })));
const NotificationBell = lazy(() => import('./NotificationBell.tsx').then((m) => ({ default: m.NotificationBell })));

type OverlayFlags = { domainWarning: boolean; cookieConsent: boolean; cookieConsentInIframe: boolean };

export function HeaderBar({
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
  const products = position
    ? { ...position, locale: { raw: rawLang, resolved: locale }, iconHosts: iconHostsOf(info) }
    : undefined;
  const orgs = session.initialized && showOrgSwitch(info, !!session.user, path);
  const bell = session.initialized && !!session.user && hasNavEntry(info, '/userCenter/notification');
  // Below sm the Apps button does not fit: its shortcuts move into the burger panel.
  const appsInMenu = !!session.user && small;
  const userRole = typeof session.user?.role === 'string' ? session.user.role : undefined;
  // The controls whose final width comes later (lazy chunks, the organization's name): the navigation is laid out
  // (and shown) only once they are in, so it never paints inline and then collapses.
  const pending = [
    products ? 'products' : '',
    orgs ? 'org' : '',
    bell ? 'bell' : '',
    session.user && !small ? 'apps' : '',
    session.user ? 'user' : '',
  ].filter(Boolean);
  const ready = useReadiness(pending);
  const hasNav = nav.length > 0 || !!products;
  const fit = useNavFit({
    ready: (!blocklet.isPending || !!meta) && session.initialized && ready.all,
    active: !narrow && hasNav,
    content: `${locale}|${nav.map((e) => e.key + e.title).join()}|${products ? products.index : ''}|${session.user?.did ?? ''}|${orgs}|${bell}`,
  });
  // Below md, or when the navigation does not fit beside the controls even with every name folded: the burger menu.
  const below = narrow || fit.level === BURGER;
  // Below md every control is folded; above, as many as the navigation needs (useNavFit).
  const folded = narrow ? BURGER : fit.level;

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
        <MobileNav
          entries={nav}
          current={current}
          products={products}
          apps={appsInMenu ? { info, role: userRole } : undefined}
        />
      ) : null}
      <Brand info={info} small={small} dark={mode === 'dark'} fixed={!below} />
      {!below && hasNav ? (
        <DesktopNav
          entries={nav}
          current={current}
          label={t('header.nav')}
          products={products}
          navRef={fit.nav}
          hidden={!fit.shown}
          onProductsReady={ready.report.products}
        />
      ) : null}
      <div className={cls.spacer} />
      {session.initialized && (overlays.domainWarning || overlays.cookieConsent) ? (
        <Suspense fallback={null}>
          <OverlayGate
            {...overlays}
            mobile={narrow}
            role={typeof session.user?.role === 'string' ? session.user.role : undefined}
          />
        </Suspense>
      ) : null}
      <div className={cls.addons} part="addons" ref={fit.addons}>
        {orgs ? (
          <Suspense fallback={null}>
            <OrgSwitch compact={folded >= 3} key={session.user?.did} onReady={ready.report.org} />
          </Suspense>
        ) : null}
        {bell && session.user ? (
          <Suspense fallback={null}>
            <NotificationBell info={info} user={session.user} key={session.user.did} onReady={ready.report.bell} />
          </Suspense>
        ) : null}
        <LanguageMenu info={info} compact={folded >= 1} />
        <ThemeToggle info={info} />
        {session.user && !small ? (
          <Suspense fallback={null}>
            <AppsGrid
              info={info}
              role={userRole}
              helpers={LINK_HELPERS}
              iconHosts={iconHostsOf(info)}
              onReady={ready.report.apps}
            />
          </Suspense>
        ) : null}
        {guarding ? (
          <GuardIndicator />
        ) : (
          <SessionArea compact={folded >= 2} links={userLinks} onReady={ready.report.user} />
        )}
      </div>
    </header>
  );
}
