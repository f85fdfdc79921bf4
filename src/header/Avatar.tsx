import { useState } from 'react';
import { useApi } from '../ui/api.tsx';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
import { displayName, initials, type HeaderUser } from './session.ts';

/** The user's picture, or their initials when there is none (or it does not load). */
export function Avatar({ user, size = 28 }: { user: HeaderUser; size?: number }) {
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
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          onError={() => setBroken(true)}
          className={css`width: 100%; height: 100%; object-fit: cover;`}
        />
      </span>
    );
  }
  return (
    <span className={box} part="avatar" aria-hidden="true">
      {initials(displayName(user))}
    </span>
  );
}
