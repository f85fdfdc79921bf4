import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useT } from './i18n.tsx';
import { focusRing } from './shared-css.ts';
import { useCss } from './styles.tsx';
import { checkHref, isExternal } from './url.ts';
import { VisuallyHidden } from './VisuallyHidden.tsx';

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string | undefined;
  children: ReactNode;
  /** Force opening in a new tab (external links always do). */
  newTab?: boolean;
  /** Visual style: inline text link (default) or quiet (inherits colour, underline on hover). */
  tone?: 'default' | 'quiet';
};

/**
 * An anchor whose href is checked with core `safeUrl` (unsafe → rendered as plain text). Links to another origin
 * open in a new tab with rel="noopener noreferrer" and say so to screen readers.
 */
export function Link({ href, children, newTab, tone = 'default', className, ...rest }: LinkProps) {
  const { css, cx } = useCss();
  const t = useT();
  const safe = checkHref(href);
  if (!safe) return <span className={className}>{children}</span>;
  const external = newTab || isExternal(safe);
  const cls = css`
    color: ${tone === 'quiet' ? 'inherit' : 'var(--pay-color-primary)'};
    text-decoration: ${tone === 'quiet' ? 'none' : 'underline'};
    text-underline-offset: 2px; border-radius: 2px; cursor: pointer;
    &:hover { text-decoration: underline; ${tone === 'quiet' ? '' : 'color: var(--pay-color-primary-hover);'} }
    ${focusRing}
  `;
  return (
    <a
      {...rest}
      href={safe}
      className={cx(cls, className)}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {external ? <VisuallyHidden> {t('common.opensInNewTab')}</VisuallyHidden> : null}
    </a>
  );
}
