/**
 * The DID Wallet request dialog every wallet-connect flow shows (checkout payment, past-due payment, store
 * connect pages): what to do, the 'Open DID Wallet' link (what a phone would get from a QR code) once the request
 * exists, and a live status line. Callers pass their own texts (each element keeps its own locale namespaces).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { useT } from './i18n.tsx';
import { Spinner } from './Spinner.tsx';
import { useCss } from './styles.tsx';

export type ConnectDialogProps = {
  open: boolean;
  onCancel: () => void;
  title: ReactNode;
  text: ReactNode;
  openLabel: ReactNode;
  /** The wallet request URL, already checked (safeUrl); null while the request is being made. */
  url: string | null;
  /** The live status line (announced politely). */
  status: ReactNode;
  /** False once the wallet approved (the payment is being confirmed): no way out then. */
  cancellable?: boolean;
};

export function ConnectDialog({
  open,
  onCancel,
  title,
  text,
  openLabel,
  url,
  status,
  cancellable = true,
}: ConnectDialogProps) {
  const t = useT();
  const { css } = useCss();
  // The primary action has the focus from the start (not Close): a busy placeholder while the request is being made,
  // then the link, which takes the focus over when the placeholder goes (unless the payer moved it elsewhere).
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open || !url || !box.current) return;
    const root = box.current.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement;
    if (!active || !box.current.closest('dialog')?.contains(active))
      box.current.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [open, url]);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      dismissible={cancellable}
      title={title}
      actions={
        <Button variant="secondary" disabled={!cancellable} onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      }
    >
      <div
        ref={box}
        part="connect"
        className={css`display: flex; flex-direction: column; gap: 16px; align-items: stretch;`}
      >
        <p className={css`margin: 0;`}>{text}</p>
        {url ? (
          <Button href={url} newTab part="open-wallet" data-autofocus>
            {openLabel}
          </Button>
        ) : (
          <Button pending data-autofocus part="open-wallet-pending">
            {openLabel}
          </Button>
        )}
        <p
          role="status"
          aria-live="polite"
          className={css`margin: 0; display: flex; gap: 10px; align-items: center; color: var(--pay-color-muted); font-size: 14px;`}
        >
          <Spinner size={16} />
          {status}
        </p>
      </div>
    </Dialog>
  );
}
