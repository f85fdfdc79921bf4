/**
 * What the connect dialog shows (src/ui/ConnectDialog.tsx loads this chunk, with lean-qr and the `connect` strings):
 *
 * - desktop: the QR code of the request's deep link (SVG drawn from lean-qr's module matrix: no innerHTML, no data
 *   URL) beside "Scan with DID Wallet" and the "Open DID Wallet" link;
 * - phones (below the layout breakpoint, src/core/layout.ts): the link first, the QR code after it, smaller;
 * - the status line, announced politely: preparing, waiting, "Scanned — confirm in DID Wallet", confirmed;
 * - a refusal (declined, forbidden, busy, expired, failed): its own message, announced (role=alert), the QR code
 *   gone, and "Start again", which takes the focus.
 *
 * The QR code is an image with a text alternative; the link is there in every state where the request is open, so the
 * dialog is complete by keyboard and screen reader without the code.
 */
import { correction, generate } from 'lean-qr/nano';
import { useEffect, useMemo, useRef } from 'react';
import messages from 'messages:connect';
import { Button } from './Button.tsx';
import type { ConnectDialogProps } from './ConnectDialog.tsx';
import { useT } from './i18n.tsx';
import { useLazyMessages } from './lazy-messages.ts';
import { useIsMobile } from './responsive.ts';
import { Spinner } from './Spinner.tsx';
import { useCss } from './styles.tsx';

/** The SVG path of a QR code's dark modules: one rectangle per horizontal run (a module is 1×1). */
export function qrPath(text: string): { size: number; d: string } {
  const code = generate(text, { minCorrectionLevel: correction.M }); // at least M: survives a phone camera's blur
  const n = code.size;
  let d = '';
  for (let y = 0; y < n; y++) {
    let x = 0;
    while (x < n) {
      if (!code.get(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && code.get(x, y)) x++;
      d += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  }
  return { size: n, d };
}

function QrCode({ url, label, size, dim }: { url: string; label: string; size: number; dim: boolean }) {
  const { css, cx } = useCss();
  const qr = useMemo(() => qrPath(url), [url]);
  const quiet = 4;
  const box = qr.size + quiet * 2;
  return (
    <svg
      part="connect-qr"
      role="img"
      aria-label={label}
      data-qr={url}
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className={cx(
        // Always dark on white, in the dark theme too: scanners need the contrast of a printed code.
        css`flex: none; display: block; background: #fff; border-radius: var(--pay-radius); border: 1px solid var(--pay-color-border); transition: opacity 0.2s;`,
        dim ? css`opacity: 0.25;` : '',
      )}
    >
      <path d={qr.d} fill="#000" />
    </svg>
  );
}

export function ConnectPanel({ text, url, status, failure, message, onRetry }: ConnectDialogProps) {
  const ready = useLazyMessages('connect', messages);
  const t = useT();
  const { css } = useCss();
  const mobile = useIsMobile();
  const retry = useRef<HTMLButtonElement>(null);
  const link = useRef<HTMLDivElement>(null);

  // A refusal moves the focus to "Start again"; a request's link takes it when it appears, unless the focus is already
  // on something of this panel (the dialog's own first focus is its close button, before the request exists).
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) retry.current?.focus();
  }, [failure]);
  useEffect(() => {
    if (!ready || !url || failure || !link.current || !panel.current) return;
    const root = link.current.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement;
    if (!active || !panel.current.contains(active) || active.getAttribute('part') === 'connect-retry')
      link.current.querySelector<HTMLElement>('a,button')?.focus();
  }, [ready, url, failure]);

  if (!ready)
    return (
      <div className={css`display: flex; justify-content: center; padding: 48px 0;`}>
        <Spinner size={24} />
      </div>
    );

  const scanned = status === 'scanned' || status === 'succeed';
  const statusText = failure
    ? ''
    : !url
      ? t('connect.preparing')
      : status === 'succeed'
        ? t('connect.succeed')
        : scanned
          ? t('connect.scanned')
          : t('connect.waiting');

  const cls = {
    root: css`display: flex; flex-direction: column; gap: 16px;`,
    text: css`margin: 0; color: var(--pay-color-text); line-height: 1.5;`,
    main: mobile
      ? css`display: flex; flex-direction: column; gap: 16px; align-items: stretch;`
      : css`display: flex; gap: 20px; align-items: center;`,
    side: css`display: flex; flex-direction: column; gap: 12px; min-width: 0; flex: 1;`,
    scanTitle: css`margin: 0; font-size: 15px; font-weight: 600;`,
    hint: css`margin: 0; font-size: 14px; color: var(--pay-color-muted); line-height: 1.45;`,
    qrWrap: css`position: relative; display: flex; justify-content: center;`,
    qrSlot: css`flex: none; display: flex; align-items: center; justify-content: center; background: var(--pay-color-neutral-bg); border-radius: var(--pay-radius);`,
    badge: css`
      position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; pointer-events: none;
      & > span { display: inline-flex; width: 48px; height: 48px; border-radius: 50%; align-items: center; justify-content: center;
        background: var(--pay-color-success); color: #fff; box-shadow: var(--pay-shadow-lg); }
    `,
    status: css`margin: 0; min-height: 20px; display: flex; gap: 10px; align-items: center; font-size: 14px; color: var(--pay-color-muted);`,
    // Empty (a refusal speaks for itself, as an alert): kept for the announcements, out of the layout.
    statusEmpty: css`position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;`,
    statusScanned: css`color: var(--pay-color-success); font-weight: 600;`,
    failure: css`
      display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; align-items: start; padding: 14px 16px;
      border-radius: var(--pay-radius); background: var(--pay-color-danger-bg); color: var(--pay-color-text);
      & > svg { grid-row: span 3; color: var(--pay-color-danger); margin-top: 1px; }
      & > button { justify-self: start; margin-top: 8px; }
    `,
    failureText: css`margin: 0; line-height: 1.5; overflow-wrap: anywhere;`,
    detail: css`margin: 0; font-size: 13px; color: var(--pay-color-muted); overflow-wrap: anywhere;`,
  };

  const qrSize = mobile ? 168 : 200;
  const qr = url ? (
    <div className={cls.qrWrap}>
      <QrCode url={url} label={t('connect.qrLabel')} size={qrSize} dim={scanned} />
      {scanned ? (
        <div className={cls.badge} aria-hidden="true">
          <span>
            <svg width="26" height="26" viewBox="0 0 24 24" focusable="false">
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
        </div>
      ) : null}
    </div>
  ) : (
    <div className={cls.qrSlot} aria-hidden="true">
      <div
        className={css`width: ${qrSize}px; height: ${qrSize}px; display: flex; align-items: center; justify-content: center;`}
      >
        <Spinner size={28} />
      </div>
    </div>
  );
  const openLink = (
    <div ref={link}>
      {url ? (
        <Button href={url} newTab fullWidth part="open-wallet">
          {t('connect.openWallet')}
        </Button>
      ) : (
        <Button pending fullWidth part="open-wallet-pending" pendingLabel={t('connect.openWallet')}>
          {t('connect.openWallet')}
        </Button>
      )}
    </div>
  );

  return (
    <div ref={panel} part="connect" className={cls.root} data-status={failure ?? status ?? 'preparing'}>
      <p className={cls.text}>{text}</p>
      {failure ? (
        <div role="alert" part="connect-failure" className={cls.failure}>
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <p className={cls.failureText}>{t(`connect.${failure}`)}</p>
          {failure === 'failed' && message ? <p className={cls.detail}>{message}</p> : null}
          <Button ref={retry} onClick={onRetry} part="connect-retry">
            {t('connect.startAgain')}
          </Button>
        </div>
      ) : mobile ? (
        <div className={cls.main}>
          {openLink}
          <p className={cls.hint}>{t('connect.phoneHint')}</p>
          {qr}
        </div>
      ) : (
        <div className={cls.main}>
          {qr}
          <div className={cls.side}>
            <p className={cls.scanTitle}>{t('connect.scanTitle')}</p>
            <p className={cls.hint}>{t('connect.scanHint')}</p>
            {openLink}
          </div>
        </div>
      )}
      <p role="status" aria-live="polite" part="connect-status" className={statusText ? cls.status : cls.statusEmpty}>
        {statusText && !scanned ? <Spinner size={16} /> : null}
        <span className={scanned ? cls.statusScanned : undefined}>{statusText}</span>
      </p>
    </div>
  );
}
