import { forwardRef, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useT } from './i18n.tsx';
import { focusRing } from './shared-css.ts';
import { Spinner } from './Spinner.tsx';
import { useCss } from './styles.tsx';
import { checkHref, isExternal } from './url.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy: aria-busy, clicks ignored (stays focusable), spinner and `pendingLabel` shown. */
  pending?: boolean;
  /** Label while pending (default: common.processing). */
  pendingLabel?: string;
  fullWidth?: boolean;
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  /** Render as a link styled as a button (href checked with safeUrl). */
  href?: string;
  /** With `href`: open in a new tab (links to another origin always do). */
  newTab?: boolean;
  /** Its own ::part name(s), added to `button`, which every Button carries (so `::part(button)` styles them all). */
  part?: string;
};

export function useButtonClass(variant: ButtonVariant, size: ButtonSize, fullWidth?: boolean): string {
  const { css } = useCss();
  const h = size === 'sm' ? 32 : size === 'lg' ? 48 : 40;
  const pad = size === 'sm' ? 12 : size === 'lg' ? 22 : 16;
  const colors: Record<ButtonVariant, string> = {
    primary: `background: var(--pay-color-primary); color: var(--pay-color-on-primary); border-color: var(--pay-color-primary);
      &:hover:not([aria-disabled='true']) { background: var(--pay-color-primary-hover); border-color: var(--pay-color-primary-hover); }`,
    secondary: `background: transparent; color: var(--pay-color-text); border-color: var(--pay-color-border-strong);
      &:hover:not([aria-disabled='true']) { background: var(--pay-color-hover); }`,
    text: `background: transparent; color: var(--pay-color-primary); border-color: transparent; padding-inline: 8px;
      &:hover:not([aria-disabled='true']) { background: var(--pay-color-hover); }`,
    danger: `background: var(--pay-color-danger); color: var(--pay-color-bg); border-color: var(--pay-color-danger);
      &:hover:not([aria-disabled='true']) { filter: brightness(0.92); }`,
  };
  return css`
    display: inline-flex; align-items: center; justify-content: center; gap: 8px;
    min-height: ${h}px; min-width: ${Math.max(h, 24)}px; padding: 0 ${pad}px;
    width: ${fullWidth ? '100%' : 'auto'};
    font: inherit; font-weight: 600; font-size: ${size === 'sm' ? '13px' : size === 'lg' ? '16px' : '14px'}; line-height: 1.2;
    border: 1px solid transparent; border-radius: var(--pay-radius); cursor: pointer; text-decoration: none;
    white-space: nowrap; user-select: none; transition: background var(--pay-transition), border-color var(--pay-transition);
    ${colors[variant]}
    ${focusRing}
    &[aria-disabled='true'], &:disabled { cursor: not-allowed; opacity: 0.6; }
    &[aria-busy='true'] { cursor: progress; opacity: 0.85; }
  `;
}

/** Button with variants, sizes, pending state; `href` renders an anchor styled as a button. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    pending = false,
    pendingLabel,
    fullWidth,
    startIcon,
    endIcon,
    href,
    newTab,
    part: own,
    className,
    children,
    onClick,
    disabled,
    type = 'button',
    ...rest
  },
  ref,
) {
  const t = useT();
  const { cx } = useCss();
  const part = own && own !== 'button' ? `button ${own}` : 'button';
  const cls = cx(useButtonClass(variant, size, fullWidth), className);
  const content = (
    <>
      {pending ? <Spinner size={size === 'sm' ? 14 : 16} /> : startIcon}
      <span>{pending ? (pendingLabel ?? t('common.processing')) : children}</span>
      {pending ? null : endIcon}
    </>
  );
  if (href !== undefined) {
    const safe = checkHref(href);
    const external = safe ? newTab || isExternal(safe) : false;
    return (
      <a
        {...(rest as Record<string, unknown>)}
        part={part}
        className={cls}
        href={disabled ? undefined : safe}
        aria-disabled={disabled || undefined}
        onClick={onClick as unknown as (e: MouseEvent<HTMLAnchorElement>) => void}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {content}
      </a>
    );
  }
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      part={part}
      className={cls}
      disabled={disabled && !pending}
      aria-busy={pending || undefined}
      aria-disabled={pending || undefined}
      onClick={(e) => {
        if (pending) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    >
      {content}
    </button>
  );
});
