/**
 * The DID Wallet request dialog every wallet moment shows (checkout pay/stake/setup, overdue and past-due payment,
 * re-stake, auto top-up, store connect pages): the frame (title, the caller's text, Cancel) is here; what is in it
 * (the QR code of the deep link and "Open DID Wallet", the live status, each refusal's own message with "Start
 * again") is src/ui/ConnectPanel.tsx, a chunk of its own with the QR encoder and the `connect` strings, loaded when a
 * dialog first opens (or earlier with preloadConnectPanel), never in an element's first paint.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { ConnectStatusValue } from '../api/types.ts';
import type { ConnectFailure } from '../core/connect-errors.ts';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { useT } from './i18n.tsx';
import { Spinner } from './Spinner.tsx';
import { useCss } from './styles.tsx';

let panel: Promise<typeof import('./ConnectPanel.tsx')> | undefined;
/** Starts loading the dialog's content (a flow about to open a wallet request calls it with the token request). */
export const preloadConnectPanel = () => (panel ??= import('./ConnectPanel.tsx'));
const ConnectPanel = lazy(() =>
  preloadConnectPanel().then(
    (m) => ({ default: m.ConnectPanel }),
    (err: unknown) => {
      panel = undefined;
      throw err;
    },
  ),
);

export type ConnectDialogProps = {
  open: boolean;
  /** Cancel, Escape, the close button: the caller gives the request up (the client calls /timeout). */
  onCancel: () => void;
  /** "Start again" after a refusal: a new request. */
  onRetry: () => void;
  title: ReactNode;
  /** What the wallet is asked (the caller's words). */
  text: ReactNode;
  /** The request's deep link, already checked (safeUrl); null while the request is being made. */
  url: string | null;
  /** The request's status (created, scanned, succeed…). */
  status?: ConnectStatusValue | undefined;
  /** Set when the request ended without success: the dialog says why and offers "Start again". */
  failure?: ConnectFailure | undefined;
  /** With failure 'failed': the server's text (shown as text). */
  message?: string | undefined;
  /** False once the wallet approved (the payment is being confirmed): no way out then. */
  cancellable?: boolean;
};

export function ConnectDialog(props: ConnectDialogProps) {
  const t = useT();
  const { css } = useCss();
  const { open, onCancel, title, cancellable = true } = props;
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      dismissible={cancellable}
      title={title}
      width={560}
      actions={
        <Button variant="secondary" disabled={!cancellable} onClick={onCancel} part="connect-cancel">
          {t('common.cancel')}
        </Button>
      }
    >
      <Suspense
        fallback={
          <div className={css`display: flex; justify-content: center; padding: 48px 0;`}>
            <Spinner size={24} label={t('common.loading')} />
          </div>
        }
      >
        <ConnectPanel {...props} />
      </Suspense>
    </Dialog>
  );
}
