import { useLayoutEffect, useState } from 'react';
import { useEmit } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { MenuButton, type MenuItem } from '../ui/Menu.tsx';
import { useSession } from '../ui/session.tsx';
import { dataEllipsis } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';
import { Avatar } from './Avatar.tsx';
import type { HeaderNavEntry } from './blocklet.ts';
import { displayName, roleKey, userOf, type HeaderUser } from './session.ts';

/** The signed-in user's menu: their name (folded when the navigation needs the room), their links and sign out. */
export function UserMenu({
  compact,
  links,
  onReady,
}: {
  compact: boolean;
  links: HeaderNavEntry[];
  onReady?: () => void;
}) {
  const emit = useEmit<'site-header'>();
  const t = useT();
  const { css } = useCss();
  const session = useSession();
  const [signingOut, setSigningOut] = useState(false);
  useLayoutEffect(() => onReady?.(), [onReady]);
  // Rendered only with a signed-in user (SessionArea), whose session carries a DID.
  const user = userOf(session) as HeaderUser;
  const name = displayName(user);
  const rk = roleKey(user.role);
  const role = rk ? t(rk) : user.role;
  const items: MenuItem[] = [
    ...links.map((l) => ({
      key: `link-${l.key}`,
      label: l.title,
      href: l.href!,
      ...(l.external ? { newTab: true } : {}),
    })),
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
            <span dir="auto" className={css`max-width: 140px; font-weight: 550; ${dataEllipsis}`}>
              {name}
            </span>
          )}
        </>
      }
      header={
        <div
          className={css`display: flex; gap: 12px; align-items: center; padding: 10px 10px 12px; margin-bottom: 6px; border-bottom: 1px solid var(--pay-color-border);`}
        >
          <Avatar user={user} size={40} />
          <div className={css`min-width: 0;`}>
            <div dir="auto" className={css`font-weight: 650; ${dataEllipsis}`}>
              {name}
            </div>
            {user.email && user.email !== name ? (
              <div dir="auto" className={css`font-size: 12px; color: var(--pay-color-muted); ${dataEllipsis}`}>
                {user.email}
              </div>
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
