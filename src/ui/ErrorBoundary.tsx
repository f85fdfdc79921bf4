import { Component, Fragment, useContext, type ErrorInfo, type ReactNode } from 'react';
import type { WindowBlocklet } from '../api/types.ts';
import { ApiContext } from './api.tsx';
import { Button } from './Button.tsx';
import { useT } from './i18n.tsx';
import { useCss } from './styles.tsx';

/** Home of the host app: the app description's group prefix / prefix, else '/'. */
const hostHome = (blocklet: WindowBlocklet | undefined): string => blocklet?.groupPrefix || blocklet?.prefix || '/';

/** The generic error screen: 'Something went wrong...' with Home (the host app's) and Refresh. */
export function ErrorScreen({ onRetry, home }: { onRetry: () => void; home?: string }) {
  // The app description known without a request, as everything else reads it (api.blocklet.current()).
  const blocklet = useContext(ApiContext)?.blocklet.current();
  const t = useT();
  const { css } = useCss();
  return (
    <div
      part="error"
      role="alert"
      className={css`
        display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 16px; text-align: center;
        padding: 48px 24px; min-height: 240px; color: var(--pay-color-text);
      `}
    >
      <svg
        width="48"
        height="48"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        style={{ color: 'var(--pay-color-warning)' }}
      >
        <path d="M12 3l9.5 16.5h-19z" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinejoin="round" />
        <path d="M12 10v4M12 17h.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h2 className={css`margin: 0; font-size: 20px; font-weight: 650;`}>{t('error.generic')}</h2>
      <p className={css`margin: 0; color: var(--pay-color-muted); max-width: 420px;`}>{t('error.genericHint')}</p>
      <div className={css`display: flex; gap: 12px; flex-wrap: wrap; justify-content: center;`}>
        <Button variant="secondary" href={home ?? hostHome(blocklet)}>
          {t('common.home')}
        </Button>
        <Button onClick={onRetry}>{t('common.refresh')}</Button>
      </div>
    </div>
  );
}

type Props = { children: ReactNode; onReset?: () => void; fallback?: (retry: () => void) => ReactNode };

/** Catches render errors of the element's screen and shows the generic error screen. Refresh re-renders and resets queries. */
export class ErrorBoundary extends Component<Props, { error: unknown; key: number }> {
  override state = { error: null as unknown, key: 0 };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[pay-elements] render error', error, info.componentStack);
  }

  retry = (): void => {
    this.props.onReset?.();
    this.setState((s) => ({ error: null, key: s.key + 1 }));
  };

  override render(): ReactNode {
    if (this.state.error)
      return this.props.fallback ? this.props.fallback(this.retry) : <ErrorScreen onRetry={this.retry} />;
    return <Fragment key={this.state.key}>{this.props.children}</Fragment>;
  }
}
