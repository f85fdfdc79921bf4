/** Pieces the developer and console screens share: the review chip, a table frame, an error line and the form dialog. */
import { formatError } from '../../core/errors.ts';
import type { ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import type { StoreVersion } from '../../api/resources/store.ts';
import { Alert } from '../../ui/Alert.tsx';
import { useT } from '../../ui/i18n.tsx';
import { ScrollTable } from '../../ui/ScrollTable.tsx';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { useCss } from '../../ui/styles.tsx';
import { reviewStatus } from '../review.ts';
import { isStaking, useStorePreferences } from '../preferences.ts';
import { StoreLink, useStoreNav } from './shared.tsx';

export function ReviewChip({ version }: { version: StoreVersion | null | undefined }) {
  const t = useT();
  if (!version) return null;
  const rs = reviewStatus(version.status);
  return <StatusChip tone={rs.tone}>{t(`store.review.${rs.key}`)}</StatusChip>;
}

/** Earlier versions that did not make it (rejected, cancelled), newest first: the blocklet's review history. */
export function VersionHistory({
  versions,
  except,
}: {
  versions: StoreVersion[] | undefined;
  except?: string | undefined;
}) {
  const t = useT();
  const { css } = useCss();
  const old = (versions ?? [])
    .filter((v) => v.version !== except && (v.status === 'REJECTED' || v.status === 'CANCELLED'))
    .slice(0, 5);
  if (!old.length) return null;
  return (
    <ul
      part="version-history"
      aria-label={t('store.dev.history')}
      className={css`list-style: none; margin: 4px 0 0; padding: 0; display: flex; flex-direction: column; gap: 2px; font-size: 12px; color: var(--pay-color-muted);`}
    >
      {old.map((v) => (
        <li key={v.version} className={css`display: inline-flex; gap: 6px; align-items: center;`}>
          {`v${v.version}`} <ReviewChip version={v} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The developer and console tables: the shared scroll frame (ui ScrollTable) in the store's look. The first column
 * (the name) stays on one line: names like "subscription-insights" read as one word.
 */
export function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  const { css } = useCss();
  return (
    <ScrollTable
      caption={caption}
      columns={head.map((h) => [h])}
      frameClassName={css`border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-surface-raised);`}
      tableClassName={css`font-size: 14px; & th, & td { text-align: start; padding: 10px 14px; border-bottom: 1px solid var(--pay-color-border); vertical-align: middle; } & th { font-weight: 600; color: var(--pay-color-muted); font-size: 13px; } & tr:last-child td { border-bottom: 0; } & td:first-child { white-space: nowrap; }`}
    >
      {children}
    </ScrollTable>
  );
}

export function ErrorLine({ error }: { error: unknown }) {
  if (!error) return null;
  return <Alert tone="error" title={formatError(error)} />;
}

/** A developer page refused for want of a developer passport (403): say so, with /join in staking mode. */
export function NeedsPassport() {
  const t = useT();
  const { base } = useStoreNav();
  const staking = isStaking(useStorePreferences());
  return (
    <Alert tone="warning" title={t('store.connect.developerRequired')}>
      <p style={{ margin: 0 }}>{t('store.join.needed')}</p>
      {staking ? (
        <StoreLink part="join-link" href={`${base}join`}>
          {t('store.pages.join')}
        </StoreLink>
      ) : null}
    </Alert>
  );
}
export const isForbidden = (e: unknown): boolean => (e as { status?: number } | null)?.status === 403;

/**
 * A dialog holding one form: Cancel and a submit button in the footer, Enter submits, the server error (if any) at
 * the end in an alert. The create-blocklet, edit-blocklet, upload and access-token forms are all this one piece.
 */
export function FormDialog(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  submitLabel: string;
  onSubmit: () => void;
  busy?: boolean;
  error?: unknown;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      actions={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={props.onSubmit} disabled={props.busy}>
            {props.submitLabel}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        {props.children}
        {props.error ? <ErrorLine error={props.error} /> : null}
      </form>
    </Dialog>
  );
}
