/**
 * The wallet-connect pages (platform-header-store.md B.1): /connect-cli, /gen-key-pair, /connect-studio and /join.
 * Each opens a connect session (api.connect.open) of the store's actions (hosts/server/store/connect.ts), shows the
 * 'Open DID Wallet' dialog while it waits (api.connect.waitFor), then shows the outcome.
 *
 * Reporting back: the page that opened us passes its origin as `?opener=` (an absolute http(s) URL, checked with
 * safeUrl; only its origin is used). On success or failure we post
 *   {type: 'connect-store-message', action, success: true, result}   |   {type: 'connect-store-message', action, success: false, error}
 * to `window.opener` with that origin as the target origin, so no other origin can read it; without a valid `opener`
 * nothing is posted. The gen-key-pair secret only goes to the opener: the page shows the public key and DID.
 * Query: `source` (connect-cli, default "Blocklet CLI"), `monikers` (connect-studio, comma-separated).
 */
import { isDeveloperUser } from './Guard.tsx';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import type { ConnectSession, ConnectStatus } from '../../api/types.ts';
import { connectErrorKey } from '../../core/connect-errors.ts';
import { isAbsoluteUrl, safeUrl } from '../../core/url.ts';
import { queryParams } from '../../core/params.ts';
import { Alert } from '../../ui/Alert.tsx';
import { useApi } from '../../ui/api.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConnectDialog } from '../../ui/ConnectDialog.tsx';
import { useT } from '../../ui/i18n.tsx';
import { useSession } from '../../ui/session.tsx';
import { focusRing } from '../../ui/shared-css.ts';
import { useCss } from '../../ui/styles.tsx';
import { isStaking, useStorePreferences } from '../preferences.ts';
import { PageTitle, StoreLink, useStoreNav } from './shared.tsx';

export const CONNECT_MESSAGE = 'connect-store-message';
export type ConnectKind = 'connect-cli' | 'gen-key-pair' | 'connect-studio';
type Result = Record<string, unknown>;

/** The opener's origin from `?opener=`, or null when missing or not an absolute http(s) URL. */
export function openerOrigin(search: string): string | null {
  const raw = queryParams(search).get('opener');
  if (!raw || !isAbsoluteUrl(raw)) return null;
  const safe = safeUrl(raw);
  if (!safe) return null;
  try {
    const o = new URL(safe).origin;
    return o && o !== 'null' ? o : null;
  } catch {
    return null;
  }
}

function report(origin: string | null, message: Record<string, unknown>): void {
  const opener = window.opener as Window | null;
  if (!origin || !opener || opener === window) return;
  try {
    opener.postMessage({ type: CONNECT_MESSAGE, ...message }, origin);
  } catch {
    /* the opener is gone */
  }
}

type Phase = 'idle' | 'opening' | 'waiting' | 'done' | 'error';
type FlowState = {
  phase: Phase;
  session?: ConnectSession;
  status?: ConnectStatus['status'];
  result?: Result;
  error?: ApiError | Error;
};

/** One connect session at a time: start() opens it and waits; cancel() stops waiting (the session then expires). */
function useConnectFlow(action: string, onOutcome?: (r: { result?: Result; error?: ApiError | Error }) => void) {
  const api = useApi();
  const [state, setState] = useState<FlowState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const cancel = () => {
    abort.current?.abort();
    abort.current = null;
    setState({ phase: 'idle' });
  };
  const start = async (extraParams: Record<string, unknown>) => {
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setState({ phase: 'opening' });
    try {
      const session = await api.connect.open(action, extraParams, { signal: ctl.signal });
      if (ctl.signal.aborted) return;
      setState({ phase: 'waiting', session });
      const s = await api.connect.waitFor(action, session.token, {
        signal: ctl.signal,
        onStatus: (st) => setState((prev) => (prev.phase === 'waiting' ? { ...prev, status: st.status } : prev)),
      });
      const result = s.result ?? {};
      setState({ phase: 'done', result });
      onOutcome?.({ result });
    } catch (err) {
      if (ctl.signal.aborted || (err instanceof ApiError && err.code === 'CANCELED')) return;
      const error = err instanceof Error ? err : new Error(String(err));
      setState({ phase: 'error', error });
      onOutcome?.({ error });
    }
  };
  return { state, start, cancel };
}

/** The shared wallet dialog (src/ui/ConnectDialog.tsx) with the store's texts. */
function WalletDialog({ state, onCancel, title }: { state: FlowState; onCancel: () => void; title: string }) {
  const t = useT();
  return (
    <ConnectDialog
      open={state.phase === 'opening' || state.phase === 'waiting'}
      onCancel={onCancel}
      title={title}
      text={t('store.connect.dialogText')}
      openLabel={t('store.connect.openWallet')}
      url={state.session ? safeUrl(state.session.url) : null}
      status={state.status === 'scanned' ? t('store.connect.scanned') : t('store.connect.waiting')}
    />
  );
}

function errorText(t: ReturnType<typeof useT>, e: ApiError | Error | undefined): string {
  if (!e) return '';
  const connectKey = connectErrorKey(e, { declined: 'store.connect.declined', expired: 'store.connect.expired' });
  if (connectKey) return t(connectKey);
  // The wallet refused the stake for want of funds (the sandbox says how much it is).
  const short = /Insufficient \S+ balance.*the stake is (\S+) (\S+)/i.exec(e.message);
  if (short) return t('store.join.insufficient', { amount: short[1], symbol: short[2] });
  return e.message;
}

const isDeveloperRequired = (e: unknown) => e instanceof Error && /no legal developerNFT/i.test(e.message);

function Field({ label, value, part }: { label: string; value: string; part: string }) {
  const { css } = useCss();
  return (
    <div part={part} className={css`display: grid; gap: 2px;`}>
      <dt className={css`font-size: 13px; color: var(--pay-color-muted);`}>{label}</dt>
      <dd
        className={css`margin: 0; font-family: var(--pay-font-family-mono); font-size: 13px; overflow-wrap: anywhere;`}
      >
        {value}
      </dd>
    </div>
  );
}

export function ConnectPage({ kind }: { kind: ConnectKind }) {
  const t = useT();
  const { css } = useCss();
  const { search, base } = useStoreNav();
  const staking = isStaking(useStorePreferences());
  const q = queryParams(search);
  const origin = openerOrigin(search);
  const action = kind === 'connect-cli' ? 'connect-cli' : 'gen-key-pair';
  const source = (q.get('source') ?? '').trim().slice(0, 64) || 'Blocklet CLI';
  const monikers =
    kind === 'connect-studio'
      ? (q.get('monikers') ?? '')
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean)
      : [];
  const flow = useConnectFlow(action, ({ result, error }) => {
    if (result) report(origin, { action: kind, success: true, result });
    else report(origin, { action: kind, success: false, error: error?.message ?? '' });
  });
  const params = kind === 'connect-cli' ? { source } : monikers.length ? { monikers } : {};
  const intro =
    kind === 'connect-cli'
      ? t('store.connect.cliIntro', { source })
      : kind === 'connect-studio'
        ? t('store.connect.studioIntro')
        : t('store.connect.keyIntro');
  const startLabel = kind === 'connect-cli' ? t('store.connect.cliStart') : t('store.connect.keyStart');
  const { state } = flow;
  const result = state.result;
  const headingRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.phase === 'done' || state.phase === 'error') headingRef.current?.focus();
  }, [state.phase]);

  return (
    <div className={css`display: flex; flex-direction: column; gap: 20px; max-width: 640px;`}>
      <PageTitle>{t(`store.pages.${kind}`)}</PageTitle>
      <p className={css`margin: 0;`}>{intro}</p>
      {kind === 'connect-studio' && monikers.length ? (
        <p className={css`margin: 0; color: var(--pay-color-muted);`}>
          {t('store.connect.monikers', { monikers: monikers.join(', ') })}
        </p>
      ) : null}
      {kind === 'connect-studio' ? (
        <ul
          part="tips"
          className={css`margin: 0; padding-inline-start: 20px; color: var(--pay-color-muted); display: grid; gap: 4px;`}
        >
          <li>{t('store.connect.studioTip1')}</li>
          <li>{t('store.connect.studioTip2')}</li>
        </ul>
      ) : null}
      {!origin ? (
        <p part="no-opener" className={css`margin: 0; color: var(--pay-color-muted); font-size: 14px;`}>
          {t('store.connect.noOpener')}
        </p>
      ) : null}

      <div ref={headingRef} tabIndex={-1} className={css`outline: none; ${focusRing}`}>
        {state.phase === 'done' && result ? (
          <Alert
            tone="success"
            title={kind === 'connect-cli' ? t('store.connect.cliDone', { source }) : t('store.connect.keyDone')}
          >
            <p className={css`margin: 0 0 8px;`}>
              {origin ? t('store.connect.reported') : t('store.connect.closeHint')}
            </p>
            <dl part="result" className={css`margin: 0; display: grid; gap: 8px;`}>
              {kind === 'connect-cli' ? (
                <Field
                  part="developer-did"
                  label={t('store.connect.developerDid')}
                  value={String(result.developerDid ?? '')}
                />
              ) : (
                <>
                  <Field part="key-did" label={t('store.did')} value={String(result.did ?? '')} />
                  <Field
                    part="public-key"
                    label={t('store.connect.publicKey')}
                    value={String(result.publicKey ?? '')}
                  />
                </>
              )}
            </dl>
          </Alert>
        ) : state.phase === 'error' && isDeveloperRequired(state.error) ? (
          <Alert tone="warning" title={t('store.connect.developerRequired')}>
            <p className={css`margin: 0;`}>{t('store.connect.developerRequiredText')}</p>
            {staking ? <StoreLink href={`${base}join`}>{t('store.pages.join')}</StoreLink> : null}
          </Alert>
        ) : state.phase === 'error' ? (
          <Alert tone="error" title={errorText(t, state.error)} />
        ) : null}
      </div>

      {state.phase !== 'done' ? (
        <div>
          <Button
            part="connect-start"
            pending={state.phase === 'opening' || state.phase === 'waiting'}
            pendingLabel={t('store.connect.waiting')}
            onClick={() => void flow.start(params)}
          >
            {state.phase === 'error' ? t('common.retry') : startLabel}
          </Button>
        </div>
      ) : null}
      <WalletDialog state={state} onCancel={flow.cancel} title={t('store.connect.dialogTitle')} />
    </div>
  );
}

/** /join (permissionMode staking; signed in): agree to the terms, stake in the wallet, get the developer passport. */
export function Join() {
  const t = useT();
  const { css } = useCss();
  const { base } = useStoreNav();
  const session = useSession();
  const [agreed, setAgreed] = useState(false);
  const [joined, setJoined] = useState(false);
  const flow = useConnectFlow('stake-and-join', ({ result }) => {
    if (!result) return;
    setJoined(true);
    void session.refresh();
  });
  const user = session.user;
  const developer = isDeveloperUser(user);
  const { state } = flow;
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (joined || state.phase === 'error') doneRef.current?.focus();
  }, [joined, state.phase]);
  const id = 'store-join-terms';

  return (
    <div className={css`display: flex; flex-direction: column; gap: 20px; max-width: 640px;`}>
      <PageTitle>{t('store.pages.join')}</PageTitle>
      <div ref={doneRef} tabIndex={-1} className={css`outline: none; ${focusRing}`}>
        {joined || developer ? (
          <Alert tone="success" title={joined ? t('store.join.done') : t('store.join.already')}>
            <StoreLink part="my-blocklets" href={`${base}developer/blocklets`}>
              {t('store.pages.developer-blocklets')}
            </StoreLink>
          </Alert>
        ) : state.phase === 'error' ? (
          <Alert tone="error" title={errorText(t, state.error)} />
        ) : null}
      </div>
      {joined || developer ? null : (
        <>
          <p className={css`margin: 0;`}>{t('store.join.intro')}</p>
          <ul className={css`margin: 0; padding-inline-start: 20px; display: grid; gap: 4px;`}>
            <li>{t('store.join.point1')}</li>
            <li>{t('store.join.point2')}</li>
            <li>{t('store.join.point3')}</li>
          </ul>
          <label htmlFor={id} className={css`display: inline-flex; gap: 10px; align-items: center; cursor: pointer;`}>
            <input
              id={id}
              type="checkbox"
              checked={agreed}
              onChange={(e) => setAgreed(e.currentTarget.checked)}
              className={css`width: 18px; height: 18px; margin: 0; accent-color: var(--pay-color-primary); ${focusRing}`}
            />
            <span>{t('store.join.terms')}</span>
          </label>
          <div>
            <Button
              part="join"
              disabled={!agreed}
              pending={state.phase === 'opening' || state.phase === 'waiting'}
              pendingLabel={t('store.connect.waiting')}
              onClick={() => void flow.start({})}
            >
              {t('store.join.submit')}
            </Button>
          </div>
        </>
      )}
      <WalletDialog state={state} onCancel={flow.cancel} title={t('store.join.dialogTitle')} />
    </div>
  );
}
