/**
 * An organization's initial on a square (owner: primary colours); the switch button and the panel's list show it.
 * While the organization loads (`name` is `null`) the square stays blank: a "?" there would read as "no organization".
 */
import { useCss } from '../ui/styles.tsx';
import { orgInitial } from './org-rules.ts';

export function OrgAvatar({
  name,
  owner,
  size = 24,
}: {
  name: string | null | undefined;
  owner?: boolean;
  size?: number;
}) {
  const { css } = useCss();
  return (
    <span
      aria-hidden="true"
      part={owner ? 'org-avatar org-avatar-owner' : 'org-avatar'}
      className={css`
        display: inline-flex; align-items: center; justify-content: center; flex: none; width: ${size}px; height: ${size}px;
        border-radius: var(--pay-radius-sm); font-weight: 700; font-size: ${Math.round(size * 0.5)}px; line-height: 1;
        background: ${owner ? 'var(--pay-color-primary)' : 'var(--pay-color-secondary-bg)'};
        color: ${owner ? 'var(--pay-color-on-primary)' : 'var(--pay-color-secondary)'};
      `}
    >
      {name === null ? null : orgInitial(name)}
    </span>
  );
}
