import { useDismiss } from './dismiss.ts';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useHost } from './context.tsx';
import { focusRing } from './shared-css.ts';
import { useCss } from './styles.tsx';
import { checkHref, isExternal } from './url.ts';

export type MenuItem = {
  key: string;
  label: ReactNode;
  /** Second line (muted). */
  description?: ReactNode;
  icon?: ReactNode;
  /** A link item (checked with safeUrl; another origin opens in a new tab). */
  href?: string;
  /** Open `href` in a new tab regardless of origin. */
  newTab?: boolean;
  onSelect?: () => void;
  /** Makes the item a menuitemradio with aria-checked. */
  checked?: boolean;
  disabled?: boolean;
  /** Visual tone (danger for Sign out-like actions). */
  tone?: 'default' | 'danger';
};

export type MenuButtonProps = {
  /** Content of the trigger button. */
  label: ReactNode;
  /** Accessible name of the trigger when `label` is not text (icon/avatar). */
  buttonLabel?: string;
  items: MenuItem[];
  /** Non-interactive content above the items (e.g. the signed-in user's name and role). */
  header?: ReactNode;
  /** Align the popup with the trigger's start (default) or end. */
  align?: 'start' | 'end';
  /** Popup width in px (default auto, min 200). */
  width?: number;
  /** Class of the trigger button. */
  buttonClassName?: string;
  /** ::part of the trigger (default `menu-button`); the popup is `${part}-popup`… kept as `menu`. */
  part?: string;
  /** Show a chevron after the label (default true). */
  chevron?: boolean;
};

/**
 * Menu button (WAI-ARIA APG): button with aria-haspopup="menu" / aria-expanded; Enter, Space or ArrowDown open
 * and focus the first item, ArrowUp the last; in the menu ArrowUp/Down move (wrapping), Home/End jump, Escape
 * closes and returns focus to the button, Tab closes; a click outside closes.
 */
export function MenuButton({
  label,
  buttonLabel,
  items,
  header,
  align = 'start',
  width,
  buttonClassName,
  part = 'menu-button',
  chevron = true,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<'first' | 'last' | null>(null);
  const { css, cx } = useCss();
  const { root } = useHost();
  const id = useId();
  const menuId = `m${id}`;

  const itemEls = () => [
    ...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])') ?? []),
  ];

  const openMenu = (focus: 'first' | 'last') => {
    pendingFocus.current = focus;
    setOpen(true);
  };
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  const closeQuietly = useCallback(() => close(false), [close]);

  useEffect(() => {
    if (!open) return;
    const els = itemEls();
    const target = pendingFocus.current === 'last' ? els[els.length - 1] : els[0];
    pendingFocus.current = null;
    target?.focus();
  }, [open, close]);
  useDismiss(open, closeQuietly, wrapRef);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openMenu('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openMenu('last');
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const els = itemEls();
    const i = els.indexOf(root.activeElement as HTMLElement);
    const go = (n: number) => {
      e.preventDefault();
      els[(n + els.length) % els.length]?.focus();
    };
    switch (e.key) {
      case 'ArrowDown':
        return go(i + 1);
      case 'ArrowUp':
        return go(i - 1);
      case 'Home':
        return go(0);
      case 'End':
        return go(els.length - 1);
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        return close(true);
      case 'Tab':
        return close(false);
      default:
        // Type-ahead: first item starting with the typed character.
        if (e.key.length === 1 && /\S/.test(e.key)) {
          const ch = e.key.toLowerCase();
          const from = els.slice(i + 1).concat(els.slice(0, i + 1));
          const hit = from.find((el) => (el.textContent ?? '').trim().toLowerCase().startsWith(ch));
          if (hit) {
            e.preventDefault();
            hit.focus();
          }
        }
    }
  };

  const cls = {
    wrap: css`position: relative; display: inline-flex;`,
    button: css`
      display: inline-flex; align-items: center; gap: 6px; min-height: 36px; min-width: 36px; padding: 0 10px;
      border: 0; border-radius: var(--pay-radius); background: transparent; color: inherit; font: inherit; cursor: pointer;
      white-space: nowrap;
      &:hover, &[aria-expanded='true'] { background: var(--pay-color-hover); }
      ${focusRing}
    `,
    chevron: css`transition: transform var(--pay-transition); [aria-expanded='true'] > & { transform: rotate(180deg); } @media (max-width: 359px) { display: none; }`,
    popup: css`
      position: absolute; top: calc(100% + 6px); ${align === 'end' ? 'inset-inline-end: 0;' : 'inset-inline-start: 0;'} z-index: 1000;
      min-width: 200px; ${width ? `width: min(${width}px, calc(100vw - 24px));` : 'max-width: calc(100vw - 24px);'}
      padding: 6px; border-radius: var(--pay-radius); background: var(--pay-color-surface-raised); color: var(--pay-color-text);
      border: 1px solid var(--pay-color-border); box-shadow: var(--pay-shadow-lg);
    `,
    list: css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 2px;`,
    item: css`
      display: flex; align-items: center; gap: 10px; width: 100%; min-height: 36px; padding: 6px 10px;
      border: 0; border-radius: var(--pay-radius-sm); background: transparent; color: inherit; font: inherit; text-align: start;
      text-decoration: none; cursor: pointer;
      &:hover, &:focus-visible { background: var(--pay-color-hover); }
      &:focus-visible { outline: 2px solid var(--pay-color-focus); outline-offset: -2px; }
      &[aria-disabled='true'] { opacity: 0.55; cursor: not-allowed; }
      &[data-tone='danger'] { color: var(--pay-color-danger); }
    `,
    desc: css`display: block; font-size: 12px; color: var(--pay-color-muted);`,
    check: css`margin-inline-start: auto; color: var(--pay-color-primary);`,
  };

  return (
    <div ref={wrapRef} className={cls.wrap}>
      <button
        ref={buttonRef}
        id={`${menuId}-button`}
        type="button"
        part={part}
        className={cx(cls.button, buttonClassName)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKey}
      >
        {label}
        {chevron ? (
          <svg className={cls.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
            <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinecap="round" />
          </svg>
        ) : null}
      </button>
      {open ? (
        <div className={cls.popup} part="menu">
          {header}
          <ul
            id={menuId}
            ref={menuRef}
            role="menu"
            aria-labelledby={`${menuId}-button`}
            className={cls.list}
            onKeyDown={onMenuKey}
          >
            {items.map((item) => {
              const role = item.checked === undefined ? 'menuitem' : 'menuitemradio';
              const body = (
                <>
                  {item.icon}
                  <span>
                    {item.label}
                    {item.description ? <span className={cls.desc}>{item.description}</span> : null}
                  </span>
                  {item.checked ? (
                    <svg
                      className={cls.check}
                      width="16"
                      height="16"
                      viewBox="0 0 24 24"
                      aria-hidden="true"
                      focusable="false"
                    >
                      <path
                        d="M5 12.5l4.5 4.5L19 7.5"
                        stroke="currentColor"
                        strokeWidth="2.2"
                        fill="none"
                        strokeLinecap="round"
                      />
                    </svg>
                  ) : null}
                </>
              );
              const common = {
                role,
                tabIndex: -1,
                className: cls.item,
                'data-tone': item.tone,
                'aria-checked': item.checked === undefined ? undefined : item.checked,
                'aria-disabled': item.disabled || undefined,
              } as const;
              const href = item.href ? checkHref(item.href) : undefined;
              if (href && !item.disabled) {
                const external = item.newTab || isExternal(href);
                return (
                  <li key={item.key} role="none">
                    <a
                      {...common}
                      href={href}
                      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                      onClick={() => {
                        item.onSelect?.();
                        close(false);
                      }}
                    >
                      {body}
                    </a>
                  </li>
                );
              }
              return (
                <li key={item.key} role="none">
                  <button
                    type="button"
                    {...common}
                    onClick={() => {
                      if (item.disabled) return;
                      close(true);
                      item.onSelect?.();
                    }}
                  >
                    {body}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
