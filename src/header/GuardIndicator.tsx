import { useT } from '../ui/i18n.tsx';
import { useCss } from '../ui/styles.tsx';
import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';

/** The login guard's loading indicator (a polite status with the spinner). */
export function GuardIndicator() {
  const { css } = useCss();
  const t = useT();
  return (
    <span
      role="status"
      part="login-guard"
      className={css`
        display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; flex: none;
        &::before {
          content: ''; width: 18px; height: 18px; border-radius: 50%; border: 2px solid var(--pay-color-border);
          border-top-color: var(--pay-color-primary); animation: pay-guard-spin 0.8s linear infinite;
        }
        @keyframes pay-guard-spin { to { transform: rotate(360deg); } }
        @media (prefers-reduced-motion: reduce) { &::before { animation-duration: 2.4s; } }
      `}
    >
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </span>
  );
}
