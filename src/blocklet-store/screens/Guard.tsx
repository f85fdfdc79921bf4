/**
 * The protected layout (spec §2): guests are sent to sign in (the cancelable `store-login` event first, then a redirect
 * to the sign-in page that comes back here); console pages also need the owner or admin role (the server checks too).
 */
import { useEffect, type ReactNode } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { useApi } from '../../ui/api.tsx';
import { useEmit } from '../../ui/context.tsx';
import { useT } from '../../ui/i18n.tsx';
import { useSession } from '../../ui/session.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { checkHref } from '../../ui/url.ts';

export const isAdminRole = (role: string | undefined): boolean => role === 'owner' || role === 'admin';
/** A developer passport (or owner/admin, whom the store treats as developers): what creating and publishing need. */
export const isDeveloperUser = (
  user: { role?: unknown; passports?: Array<{ role?: unknown }> | undefined } | null | undefined,
): boolean =>
  !!user &&
  (isAdminRole(typeof user.role === 'string' ? user.role : undefined) ||
    (user.passports ?? []).some((p) => p.role === 'developer'));

export function Guard({ admin, children }: { admin?: boolean; children: ReactNode }) {
  const session = useSession();
  const api = useApi();
  /** Same-origin platforms get a path (sign-in pages only accept local redirects); cross-origin ones the full URL. */
  const back = () => {
    const here = window.location;
    return !api.origin || api.origin === here.origin ? `${here.pathname}${here.search}${here.hash}` : here.href;
  };
  const emit = useEmit<'blocklet-store'>();
  const t = useT();
  const guest = session.initialized && !session.user && !session.error;
  useEffect(() => {
    if (!guest) return;
    const redirect = window.location.href;
    if (emit('login', { redirect }, { cancelable: true })) window.location.assign(session.loginUrl(back()));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redirect once when the visitor turns out a guest
  }, [guest]);
  if (!session.initialized) return <Skeleton lines={3} />;
  if (session.error && !session.user) return <Alert tone="error" title={t('store.sessionError')} />;
  if (!session.user) {
    return (
      <Alert tone="info" title={t('store.signInRequired')}>
        <a href={checkHref(session.loginUrl(back()))}>{t('store.signIn')}</a>
      </Alert>
    );
  }
  if (admin && !isAdminRole(session.user.role)) return <Alert tone="error" title={t('store.forbidden')} />;
  return <>{children}</>;
}
