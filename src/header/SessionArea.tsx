import { lazy, Suspense } from 'react';
import { useEmit } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useSession } from '../ui/session.tsx';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
import type { HeaderNavEntry } from './blocklet.ts';

// The signed-in user's menu is not in the first paint: it loads once the session says someone is signed in.
const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));

/** Sign in, or the signed-in user's menu (their links and sign out). */
export function SessionArea({
  compact,
  links = [],
  onReady,
}: {
  compact: boolean;
  links?: HeaderNavEntry[];
  /** Called once the user's menu is in (the header measures its navigation then). */
  onReady?: () => void;
}) {
  const emit = useEmit<'site-header'>();
  const t = useT();
  const { css } = useCss();
  const session = useSession();
  const placeholder = <span aria-hidden="true" className={css`display: inline-block; width: 72px; height: 32px;`} />;
  if (!session.initialized) return placeholder;
  if (session.user) {
    return (
      <Suspense fallback={placeholder}>
        <UserMenu compact={compact} links={links} {...(onReady ? { onReady } : {})} />
      </Suspense>
    );
  }
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
