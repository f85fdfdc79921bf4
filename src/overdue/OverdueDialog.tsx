/**
 * The overdue-invoice payment dialog (spec §2 dialogs, §4 "Overdue payment per currency"): the customer's overdue
 * invoices per currency in the shared Dialog, each paid through the wallet. When nothing remains it closes itself
 * and calls `onPaid` (the caller lets the payer go on). Loaded lazily with its `overdue` strings.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { isApiError } from '../api/errors.ts';
import { formatError } from '../core/errors.ts';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { useToast } from '../ui/context.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useT } from '../ui/i18n.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useCss } from '../ui/styles.tsx';
import { useOverdueMessages } from './messages.ts';
import { OverdueConnect, OverdueList } from './OverduePayment.tsx';
import { useOverduePayment } from './useOverduePayment.ts';

export type OverdueDialogProps = {
  open: boolean;
  /** Customer id or DID; default the signed-in user's DID. */
  customerId?: string | undefined;
  /** The payer closed the dialog with something still due. */
  onClose: () => void;
  /** Nothing is due any more: the dialog is done (and closes). */
  onPaid: () => void;
  invoicePath: (invoiceId: string) => string;
  renderLink: (path: string, children: ReactNode) => ReactNode;
};

export function OverdueDialog(props: OverdueDialogProps) {
  const ready = useOverdueMessages();
  return ready ? <OverdueDialogBody {...props} /> : null;
}

function OverdueDialogBody({ open, customerId, onClose, onPaid, invoicePath, renderLink }: OverdueDialogProps) {
  const t = useT();
  const { css } = useCss();
  const toast = useToast();
  const state = useOverduePayment(customerId);
  const { data, due, connect } = state;
  const done = data !== undefined && !state.isError && due.length === 0 && connect === null;
  const fired = useRef(false);
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  // Opened again: what is due may have changed meanwhile.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) state.reload();
    wasOpen.current = open;
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- on reopening only

  useEffect(() => {
    if (!done || fired.current) return;
    fired.current = true;
    toast.show({ tone: 'success', message: t('overdue.allPaid') });
    onPaidRef.current();
  }, [done]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when nothing is left

  let body: ReactNode;
  if (state.isError && !data) {
    const key = isApiError(state.error) ? state.error.key : undefined;
    body = (
      <Alert
        tone="error"
        title={t('overdue.loadFailed')}
        action={
          <Button variant="secondary" size="sm" onClick={state.reload}>
            {t('common.retry')}
          </Button>
        }
      >
        {key ? t(key, { defaultValue: formatError(state.error) }) : formatError(state.error)}
      </Alert>
    );
  } else if (data === undefined) {
    body = (
      <div aria-busy="true" className={css`display: flex; flex-direction: column; gap: 8px;`}>
        <Skeleton variant="rect" height={56} delay={0} />
        <Skeleton variant="rect" height={56} delay={0} announce={false} />
      </div>
    );
  } else {
    body = <OverdueList state={state} variant="dialog" invoicePath={invoicePath} renderLink={renderLink} />;
  }

  return (
    <>
      <Dialog
        open={open && !done}
        onClose={onClose}
        dismissible={connect === null}
        width={520}
        title={t('overdue.dialogTitle')}
        description={t('overdue.dialogText')}
        actions={
          <Button variant="secondary" part="overdue-cancel" disabled={connect !== null} onClick={onClose}>
            {t('common.cancel')}
          </Button>
        }
      >
        <div part="overdue-dialog">{body}</div>
      </Dialog>
      <OverdueConnect state={state} />
    </>
  );
}
