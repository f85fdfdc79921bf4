import { useContext } from 'react';
import { ElementContext, useToasts } from './context.tsx';
import { useT } from './i18n.tsx';
import { focusRing, toneColors } from './shared-css.ts';
import { useCss } from './styles.tsx';
import { checkHref } from './url.ts';
import type { Toast } from '../state/toasts.ts';

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const { css } = useCss();
  const t = useT();
  const [fg] = toneColors[toast.tone === 'default' ? 'default' : toast.tone];
  const href = toast.action?.href ? checkHref(toast.action.href) : undefined;
  return (
    <div
      part="toast"
      data-tone={toast.tone}
      className={css`
        pointer-events: auto; display: flex; gap: 10px; align-items: flex-start; width: 100%;
        padding-block: 12px; padding-inline: 14px 12px; border-radius: var(--pay-radius); background: var(--pay-color-surface-raised);
        color: var(--pay-color-text); border: 1px solid var(--pay-color-border); border-inline-start: 4px solid ${fg};
        box-shadow: var(--pay-shadow-lg);
      `}
    >
      <div className={css`flex: 1; min-width: 0;`}>
        {toast.title ? (
          <div className={css`font-weight: 650; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;`}>
            {toast.title}
          </div>
        ) : null}
        <div
          className={css`
            display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; word-break: break-word;
          `}
        >
          {toast.message}
        </div>
        {toast.action ? (
          href ? (
            <a href={href} className={css`color: var(--pay-color-primary); font-weight: 600; ${focusRing}`}>
              {toast.action.label}
            </a>
          ) : (
            <button
              type="button"
              onClick={() => {
                toast.action?.onClick?.();
                onClose();
              }}
              className={css`
                margin-top: 4px; padding: 2px 0; min-height: 24px; border: 0; background: none; color: var(--pay-color-primary);
                font: inherit; font-weight: 600; cursor: pointer; ${focusRing}
              `}
            >
              {toast.action.label}
            </button>
          )
        ) : null}
      </div>
      <button
        type="button"
        aria-label={t('common.close')}
        onClick={onClose}
        className={css`
          flex: none; width: 28px; height: 28px; display: inline-flex; align-items: center; justify-content: center;
          border: 0; border-radius: var(--pay-radius-sm); background: transparent; color: var(--pay-color-muted); cursor: pointer;
          &:hover { background: var(--pay-color-hover); } ${focusRing}
        `}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

/**
 * The element's toast region (rendered by the provider stack; screens call `useToast().show()`).
 * Top centre, 400 px wide (300 px on small screens). Errors and warnings go to an assertive live region, the rest
 * to a polite one. Both regions always exist so additions are announced.
 */
export function ToastRegion() {
  const ctx = useContext(ElementContext);
  const toasts = useToasts();
  const { css } = useCss();
  if (!ctx) return null;
  const dismiss = ctx.toasts.getState().dismiss;
  const urgent = toasts.filter((x) => x.tone === 'error' || x.tone === 'warning');
  const calm = toasts.filter((x) => !(x.tone === 'error' || x.tone === 'warning'));
  const region = css`
    position: fixed; z-index: 2147483000; top: 16px; left: 50%; transform: translateX(-50%);
    width: min(400px, calc(100vw - 32px)); display: flex; flex-direction: column; gap: 8px; pointer-events: none;
    @media (max-width: 599px) { width: min(300px, calc(100vw - 32px)); }
    &:empty { display: none; }
  `;
  return (
    <div part="toasts" className={css`display: contents;`}>
      <div role="alert" aria-live="assertive" className={region}>
        {urgent.map((x) => (
          <ToastItem key={x.id} toast={x} onClose={() => dismiss(x.id)} />
        ))}
      </div>
      <div
        role="status"
        aria-live="polite"
        className={region}
        style={urgent.length ? { top: 16 + urgent.length * 84 } : undefined}
      >
        {calm.map((x) => (
          <ToastItem key={x.id} toast={x} onClose={() => dismiss(x.id)} />
        ))}
      </div>
    </div>
  );
}
