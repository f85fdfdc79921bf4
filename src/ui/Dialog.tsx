import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useHost } from './context.tsx';
import { useT } from './i18n.tsx';
import { focusRing } from './shared-css.ts';
import { useCss } from './styles.tsx';

export type DialogCloseReason = 'escape' | 'backdrop' | 'close-button';

export type DialogProps = {
  open: boolean;
  /** Called when the user asks to close (Escape, backdrop click, close button). The parent sets `open` false. */
  onClose: (reason: DialogCloseReason) => void;
  title: ReactNode;
  children?: ReactNode;
  /** Footer actions (buttons), end-aligned. */
  actions?: ReactNode;
  /** `false`: Escape, backdrop and the close button do not close (e.g. while paying, or a must-answer notice). */
  dismissible?: boolean;
  /** Max width in px (default 480). */
  width?: number;
  /** Element (inside the dialog) to focus first; default the first focusable one. */
  initialFocusRef?: React.RefObject<HTMLElement | null>;
  /** Optional description id target: rendered content with aria-describedby. */
  description?: ReactNode;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focusable elements of a subtree in flat-tree order: slots contribute the light-DOM nodes assigned to them. */
function flatFocusables(root: Element): HTMLElement[] {
  const out: HTMLElement[] = [];
  const visit = (node: Element) => {
    if (node instanceof HTMLSlotElement) {
      for (const assigned of node.assignedElements({ flatten: true })) visit(assigned);
      return;
    }
    if (node instanceof HTMLElement && node.matches(FOCUSABLE)) out.push(node);
    for (const child of node.children) visit(child);
  };
  for (const child of root.children) visit(child);
  return out;
}

/** The element that really has focus, looking through shadow roots. */
export function deepActiveElement(root: Document | ShadowRoot = document): HTMLElement | null {
  let a = root.activeElement as HTMLElement | null;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement as HTMLElement;
  return a;
}

/**
 * Modal dialog on the native `<dialog>` + showModal() inside the element's shadow root: the rest of the page is
 * inert, Tab/Shift+Tab wrap inside, Escape closes unless `dismissible={false}`, focus returns to the opener,
 * aria-labelledby points at the title.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  dismissible = true,
  width = 480,
  initialFocusRef,
  description,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const { css } = useCss();
  const { root } = useHost();
  const t = useT();
  const titleId = useId();
  const descId = useId();
  const dismissibleRef = useRef(dismissible);
  dismissibleRef.current = dismissible;

  useLayoutEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = deepActiveElement(document);
      d.showModal();
      const first =
        initialFocusRef?.current ??
        d.querySelector<HTMLElement>('[data-autofocus]') ??
        d.querySelector<HTMLElement>(FOCUSABLE);
      first?.focus();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open, initialFocusRef]);

  // Return focus to the opener when the dialog closes (and on unmount while open).
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const restore = () => {
      const o = opener.current;
      opener.current = null;
      if (o && o.isConnected) o.focus();
    };
    d.addEventListener('close', restore);
    return () => {
      d.removeEventListener('close', restore);
      if (d.open) {
        d.close();
      }
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      if (dismissibleRef.current) onClose('escape');
      return;
    }
    if (e.key !== 'Tab') return;
    const d = ref.current;
    if (!d) return;
    const items = flatFocusables(d).filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0] as HTMLElement;
    const last = items[items.length - 1] as HTMLElement;
    // Focus may be in light-DOM content slotted into the dialog (e.g. the Stripe payment element).
    const active = (root.activeElement as HTMLElement | null) ?? (document.activeElement as HTMLElement | null);
    const inside = !!active && items.includes(active);
    if (e.shiftKey && (active === first || !inside)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !inside)) {
      e.preventDefault();
      first.focus();
    }
  };

  const cls = {
    dialog: css`
      width: min(${width}px, calc(100vw - 32px)); max-height: calc(100vh - 32px); padding: 0; border: 1px solid var(--pay-color-border);
      border-radius: var(--pay-radius-lg); background: var(--pay-color-surface-raised); color: var(--pay-color-text);
      box-shadow: var(--pay-shadow-lg); font: inherit;
      &::backdrop { background: var(--pay-color-overlay); }
      &[open] { display: flex; flex-direction: column; }
    `,
    head: css`display: flex; align-items: flex-start; gap: 12px; padding: 20px 20px 8px;`,
    title: css`flex: 1; margin: 0; font-size: 18px; font-weight: 650; line-height: 1.35;`,
    close: css`
      flex: none; display: inline-flex; align-items: center; justify-content: center; width: 32px; height: 32px;
      margin: -4px 0 0; margin-inline-end: -4px; border: 0; border-radius: var(--pay-radius-sm); background: transparent; color: var(--pay-color-muted);
      cursor: pointer; &:hover { background: var(--pay-color-hover); color: var(--pay-color-text); } ${focusRing}
    `,
    // flex-basis auto, not flex: 1's 0%: in a column whose height is only capped (max-height), WebKit resolves a 0%
    // basis to zero and shrinks the body to a sliver; min-height 0 still lets a tall body scroll inside the cap.
    body: css`padding: 8px 20px 16px; overflow: auto; flex: 1 1 auto; min-height: 0;`,
    foot: css`display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 8px; padding: 12px 20px 20px;`,
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape, Tab trap and backdrop click
    <dialog
      ref={ref}
      className={cls.dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      part="dialog"
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        // Escape reaches here when the keydown was not seen (e.g. a close request from the platform).
        e.preventDefault();
        if (dismissibleRef.current) onClose('escape');
      }}
      onClick={(e) => {
        if (e.target === ref.current && dismissibleRef.current) {
          const r = ref.current.getBoundingClientRect();
          const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
          if (!inside) onClose('backdrop');
        }
      }}
    >
      {open ? (
        <>
          <div className={cls.head}>
            <h2 id={titleId} className={cls.title}>
              {title}
            </h2>
            {dismissible ? (
              <button
                type="button"
                className={cls.close}
                aria-label={t('common.close')}
                onClick={() => onClose('close-button')}
              >
                <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            ) : null}
          </div>
          <div className={cls.body}>
            {description ? <div id={descId}>{description}</div> : null}
            {children}
          </div>
          {actions ? <div className={cls.foot}>{actions}</div> : null}
        </>
      ) : null}
    </dialog>
  );
}
