/**
 * The wallet-connect pages (platform-header-store.md B.1): /connect-cli, /gen-key-pair, /connect-studio and /join.
 * Each opens a connect session (api.connect.open) of the store's actions (hosts/server/store/domain/connect-actions.ts), shows the
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
import { useEffect, useMemo, useRef, useState } from 'react';
import { pageOrigin } from '../../api/base.ts';
import type { ConnectStatus } from '../../api/types.ts';
import { connectFailure } from '../../core/connect-errors.ts';
import { preparedRequest, type PreparedRequest } from '../../core/connect-url.ts';
import { isAbsoluteUrl, safeUrl } from '../../core/url.ts';
import { queryParams } from '../../core/params.ts';
import { Alert } from '../../ui/Alert.tsx';
import { useApi } from '../../ui/api.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConnectDialog } from '../../ui/ConnectDialog.tsx';
import { useConnect, type UseConnect } from '../../ui/useConnect.ts';
import { useT } from '../../ui/i18n.tsx';
import { useSession } from '../../ui/session.tsx';
import { focusRing } from '../../ui/shared-css.ts';
import { useCss } from '../../ui/styles.tsx';
import { isStaking, useStorePreferences } from '../preferences.ts';
import { PageTitle, StoreLink, useStoreNav } from './shared.tsx';
import { tIsolated } from '../../ui/bidi.tsx';

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

type Phase = 'idle' | 'waiting' | 'done' | 'error';
type FlowState = { phase: Phase; result?: Result; error?: Error };

/** The result a store action left on its request (the platform's store puts it under `result`). */
function resultOf(s: ConnectStatus): Result {
  const r = s.result;
  return r && typeof r === 'object' ? (r as Result) : {};
}

/**
 * One wallet request of a store action at a time (src/ui/useConnect, the store component's `api/did`): the page's
 * outcome (done with its result, or the error) once the request ended; a refusal stays in the dialog with "Start
 * again" and is the page's error too (shown once the dialog is closed).
 */
function useConnectFlow(action: string, onOutcome?: (r: { result?: Result; error?: Error }) => void) {
  const [state, setState] = useState<FlowState>({ phase: 'idle' });
  const request = useConnect(action, {
    target: 'store',
    onSuccess: (s) => {
      const result = resultOf(s);
      setState({ phase: 'done', result });
      onOutcome?.({ result });
    },
    onFailure: (_f, error) => {
      setState({ phase: 'error', error });
      onOutcome?.({ error });
    },
    onError: (error) => {
      setState({ phase: 'error', error });
      onOutcome?.({ error });
    },
  });
  const busy = request.state.phase === 'opening' || request.state.phase === 'waiting';
  return {
    state: { ...state, phase: busy ? ('waiting' as const) : state.phase },
    request,
    start: (params: Record<string, unknown>, prepared?: PreparedRequest | null) => {
      setState({ phase: 'idle' });
      return prepared ? request.follow(prepared, params) : request.start(params);
    },
  };
}

/** The shared wallet dialog (src/ui/ConnectDialog.tsx) with the store's texts. */
function WalletDialog({ request, title }: { request: UseConnect; title: string }) {
  const t = useT();
  return <ConnectDialog {...request.dialog} title={title} text={t('store.connect.dialogText')} />;
}

function errorText(t: ReturnType<typeof useT>, e: Error | undefined): string {
  if (!e) return '';
  const failure = connectFailure(e);
  if (failure === 'declined') return t('store.connect.declined');
  if (failure === 'expired') return t('store.connect.expired');
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
  const api = useApi();
  // A request the CLI (or another page) prepared: followed as is, if its auth URL is the platform's and this action's.
  const prepared = useMemo(() => {
    const p = preparedRequest(q.get('__connect_url__'), api.origin || pageOrigin() || '');
    return p && p.action === (kind === 'connect-cli' ? 'connect-cli' : 'gen-key-pair') ? p : null;
  }, [search, api.origin, kind]); // eslint-disable-line react-hooks/exhaustive-deps -- q derives from search
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
  // A prepared request opens at once, as the platform's page does (the CLI waits on that very token).
  const started = useRef(false);
  useEffect(() => {
    if (!prepared || started.current) return;
    started.current = true;
    void flow.start(params, prepared);
  }, [prepared]); // eslint-disable-line react-hooks/exhaustive-deps -- once per prepared request

  const intro =
    kind === 'connect-cli'
      ? tIsolated(t, 'store.connect.cliIntro', { source }, ['source'])
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
          {tIsolated(t, 'store.connect.monikers', { monikers: monikers.join(', ') }, ['monikers'])}
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
            title={
              kind === 'connect-cli'
                ? tIsolated(t, 'store.connect.cliDone', { source }, ['source'])
                : t('store.connect.keyDone')
            }
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
            pending={state.phase === 'waiting'}
            pendingLabel={t('store.connect.waiting')}
            onClick={() => void flow.start(params, prepared)}
          >
            {state.phase === 'error' ? t('common.retry') : startLabel}
          </Button>
        </div>
      ) : null}
      <WalletDialog request={flow.request} title={t('store.connect.dialogTitle')} />
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
              pending={state.phase === 'waiting'}
              pendingLabel={t('store.connect.waiting')}
              onClick={() => void flow.start({})}
            >
              {t('store.join.submit')}
            </Button>
          </div>
        </>
      )}
      <WalletDialog request={flow.request} title={t('store.join.dialogTitle')} />
    </div>
  );
}
