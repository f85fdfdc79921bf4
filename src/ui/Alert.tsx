import type { ReactNode } from 'react';
import { toneColors } from './shared-css.ts';
import { useCss } from './styles.tsx';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

export type AlertProps = {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** A button or link at the end (e.g. Retry). */
  action?: ReactNode;
  className?: string;
};

const icons: Record<AlertTone, string> = {
  info: 'M12 8h.01M11 12h1v4h1',
  success: 'M8 12.5l2.5 2.5L16 9.5',
  warning: 'M12 8v5M12 16h.01',
  error: 'M15 9l-6 6M9 9l6 6',
};

/** Inline message. `error` is announced assertively (role=alert), the others politely (role=status). */
export function Alert({ tone = 'info', title, children, action, className }: AlertProps) {
  const { css, cx } = useCss();
  const [fg, bg] = toneColors[tone === 'error' ? 'error' : tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      part="alert"
      data-tone={tone}
      className={cx(
        css`
          display: flex; gap: 12px; align-items: flex-start; padding: 12px 16px; border-radius: var(--pay-radius);
          background: ${bg}; color: var(--pay-color-text); border: 1px solid color-mix(in srgb, ${fg} 35%, transparent);
        `,
        className,
      )}
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        style={{ flex: 'none', color: fg, marginTop: 1 }}
      >
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="1.8" fill="none" />
        <path
          d={icons[tone]}
          stroke="currentColor"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {/* The text and the action share a wrapping row: when the action leaves the text less than about ten
          characters (a phone, a narrow card), the action goes under the text instead of squeezing it until its
          words break. */}
      <div className={css`flex: 1; min-width: 0; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px;`}>
        <div className={css`flex: 1 1 10em; min-width: 0;`}>
          {title ? <div className={css`font-weight: 650; color: ${fg}; margin-bottom: 2px;`}>{title}</div> : null}
          {children ? <div>{children}</div> : null}
        </div>
        {action ? <div className={css`flex: none; max-width: 100%;`}>{action}</div> : null}
      </div>
    </div>
  );
}
