/**
 * <blocklet-store>: the store front end. Routes inside itself (router.ts, History API under base-path) and renders
 * one screen per route (screens/*). Unknown paths under the base are replaced by the base (spec: → /).
 */
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useEmit } from '../ui/context.tsx';
import { Container } from '../ui/Layout.tsx';
import { useCss } from '../ui/styles.tsx';
import { useLocation } from './location.ts';
import { isConsole, matchRoute, normalizeBase, type Route } from './router.ts';
import { Detail } from './screens/Detail.tsx';
import { Guard } from './screens/Guard.tsx';
import { Home } from './screens/Home.tsx';
import { isStaking, useStorePreferences } from './preferences.ts';
import { Profile } from './screens/Profile.tsx';
import { StoreNavContext, type StoreNav } from './screens/shared.tsx';

// Developer and console screens load on first use (out of the first-paint bundle).
const MyBlocklets = lazy(() => import('./screens/Developer.tsx').then((m) => ({ default: m.MyBlocklets })));
const AccessTokens = lazy(() => import('./screens/Developer.tsx').then((m) => ({ default: m.AccessTokens })));
const AllBlocklets = lazy(() => import('./screens/Console.tsx').then((m) => ({ default: m.AllBlocklets })));
const Categories = lazy(() => import('./screens/Console.tsx').then((m) => ({ default: m.Categories })));
// The wallet-connect pages and /join, too.
const ConnectPage = lazy(() => import('./screens/Connect.tsx').then((m) => ({ default: m.ConnectPage })));
const Join = lazy(() => import('./screens/Connect.tsx').then((m) => ({ default: m.Join })));

export type BlockletStoreProps = { basePath?: string };

export function BlockletStore({ basePath }: BlockletStoreProps) {
  const base = normalizeBase(basePath);
  const loc = useLocation();
  const staking = isStaking(useStorePreferences());
  const route = matchRoute(loc.pathname, base, { staking });
  const emit = useEmit<'blocklet-store'>();
  const { css } = useCss();

  useEffect(() => {
    if (!route && loc.pathname.startsWith(base.replace(/\/$/, ''))) loc.replace(base);
  }, [route, loc, base]);

  const nav = useMemo<StoreNav>(
    () => ({
      base,
      search: loc.search,
      go: (path: string) => {
        if (emit('navigate', { path }, { cancelable: true })) loc.navigate(path);
      },
      replace: loc.replace,
    }),
    [base, loc, emit],
  );

  return (
    <StoreNavContext.Provider value={nav}>
      <div
        className={css`background: var(--pay-color-bg); color: var(--pay-color-text); padding: 24px 0 48px; min-height: 320px;`}
      >
        <Container>
          <Screen route={route ?? { name: 'home' }} />
        </Container>
      </div>
    </StoreNavContext.Provider>
  );
}

function Screen({ route: r }: { route: Route }) {
  switch (r.name) {
    case 'home':
      return <Home key="home" category={r.category} />;
    case 'detail':
      return <Detail key={`${r.did}@${r.version ?? ''}`} did={r.did} version={r.version} />;
    case 'profile':
      return <Profile />;
    case 'connect-cli':
    case 'gen-key-pair':
    case 'connect-studio':
      return (
        <Suspense fallback={<Skeleton lines={3} />}>
          <ConnectPage key={r.name} kind={r.name} />
        </Suspense>
      );
    case 'join':
      return (
        <Guard>
          <Suspense fallback={<Skeleton lines={3} />}>
            <Join />
          </Suspense>
        </Guard>
      );
    default:
      return (
        <Guard admin={isConsole(r.name)}>
          <Suspense fallback={<Skeleton lines={4} />}>
            {r.name === 'developer-blocklets' ? (
              <MyBlocklets />
            ) : r.name === 'developer-tokens' ? (
              <AccessTokens />
            ) : r.name === 'console-blocklets' ? (
              <AllBlocklets />
            ) : (
              <Categories />
            )}
          </Suspense>
        </Guard>
      );
  }
}
