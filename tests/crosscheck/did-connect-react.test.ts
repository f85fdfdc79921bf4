// @vitest-environment happy-dom
/**
 * The platform's browser DID Connect client against the sandbox: @arcblock/did-connect-react 3.5.3 (installed on
 * its own in tools/did-connect-react, `npm run test:crosscheck`), its own token-state hook
 * (lib/Connect/hooks/token.js, the hook its <Connect> and payment-react's `connect.open()` run on), rendered with
 * React in happy-dom, with the props its <Connect> passes (CHECK_STATUS_INTERVAL 2 s, DEFAULT_TIMEOUT 300 s, token
 * key `_t_`, encryption key `_ek_`) and the prefix and extra parameters payment-react passes for a checkout
 * (`{mount}/api/did`, action = the session's mode, `{checkoutSessionId, sessionUserDid}`). The hook asks the sandbox
 * for the token (GET, flat query), a wallet written from the protocol (tests/support/did-wallet.ts) answers the deep
 * link the token answer carries, and the hook sees `succeed` — by polling status (a page on another origin than the
 * sandbox: no socket) and over the relay's token channel (`relay:{appPid}:{token}`, event `updated`).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_DIDS, demoSecretKey } from '../../hosts/server/service/data/demo-wallets.ts';
import { startSandbox, type Sandbox } from '../server/harness.ts';
import { closeSandbox, login } from '../server/payment-helpers.ts';
import { authUrlOf, connect, walletOf } from '../support/did-wallet.ts';
import { sessionState, submittedCheckout } from './checkout.ts';

// Paths, not URLs: happy-dom replaces the global URL class, which Node's fs and module APIs do not take.
const TOOL = join(dirname(fileURLToPath(import.meta.url)), '../../tools/did-connect-react');
const PKG = join(TOOL, 'node_modules/@arcblock/did-connect-react');
const lib = (file: string) => join(PKG, 'lib', file);
const fromTool = createRequire(join(TOOL, 'package.json'));

let sb: Sandbox;
let casey: string;

type TokenState = {
  token: string;
  url: string;
  status: string;
  error: string;
  store: Record<string, any> | null;
  appInfo: Record<string, unknown> | null;
};

/** The platform client's modules (the hook, its constants and its axios factory), loaded from tools/. */
async function platformClient() {
  const [{ default: useToken }, constants, utils, React, ReactDOMClient] = await Promise.all([
    import(/* @vite-ignore */ lib('Connect/hooks/token.js')),
    import(/* @vite-ignore */ lib('constant.js')),
    import(/* @vite-ignore */ lib('utils.js')),
    // React from the tool's install: the hook must run on the same React the page renders with.
    import(/* @vite-ignore */ fromTool.resolve('react')),
    import(/* @vite-ignore */ fromTool.resolve('react-dom/client')),
  ]);
  return { useToken, constants, utils, React: React.default ?? React, ReactDOMClient };
}

beforeAll(async () => {
  if (!existsSync(join(PKG, 'package.json')))
    throw new Error('@arcblock/did-connect-react is not installed: run `npm run test:crosscheck` (it installs it)');
  sb = await startSandbox();
  casey = await login(sb, DEMO_DIDS.casey);
});
afterAll(async () => {
  if (sb) await closeSandbox(sb);
});

type Client = Awaited<ReturnType<typeof platformClient>>;
let client: Client;
const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
  delete (globalThis as { blocklet?: unknown }).blocklet;
});

/**
 * Renders the hook with the props did-connect-react's <Connect> passes (lib/Connect/connect.js: checkInterval =
 * CHECK_STATUS_INTERVAL, checkTimeout = DEFAULT_TIMEOUT × 1000, tokenKey `_t_`, encKey `_ek_`) and those
 * payment-react's checkout passes to `connect.open()` (prefix `{payment mount}/api/did`, action = the session's mode,
 * extraParams `{checkoutSessionId, sessionUserDid}`, saveConnect false). `checkFn` is the page's API `get` (here
 * did-connect-react's own createAxios, whose requests carry the page's cookies); every URL it is asked for is kept.
 */
function renderToken(extraParams: Record<string, string>, opts: { checkTimeout?: number } = {}) {
  const calls: string[] = [];
  const errors: Error[] = [];
  const successes: unknown[] = [];
  const api = client.utils.createAxios({ baseURL: sb.url, timeout: 8000 });
  let state: TokenState | undefined;
  let committed = '';
  function Probe() {
    state = client.useToken({
      action: 'payment',
      prefix: `${sb.url}/payment/api/did`,
      baseUrl: sb.url,
      checkFn: (url: string, config: unknown) => {
        calls.push(url);
        return api.get(url, config);
      },
      checkInterval: client.constants.CHECK_STATUS_INTERVAL,
      checkTimeout: opts.checkTimeout ?? client.constants.DEFAULT_TIMEOUT * 1000,
      extraParams,
      locale: 'en',
      tokenKey: '_t_',
      encKey: '_ek_',
      saveConnect: false,
      onError: (e: Error) => errors.push(e),
      onSuccess: (result: unknown) => successes.push(result),
    }).state as TokenState;
    const shown = state.token;
    // After the hook's own effects of this render (the page has committed what it shows).
    client.React.useEffect(() => {
      committed = shown;
    });
    return null;
  }
  const root = client.ReactDOMClient.createRoot(document.createElement('div'));
  root.render(client.React.createElement(Probe));
  mounted.push(() => root.unmount());
  return {
    calls,
    errors,
    successes,
    get state(): TokenState {
      if (!state) throw new Error('not rendered yet');
      return state;
    },
    /** Waits for the hook to hold a token from the sandbox, rendered (as a page shows it). */
    async token(): Promise<TokenState> {
      await vi.waitFor(
        () => {
          expect(state?.token).toMatch(/^[0-9a-f]+$/);
          expect(committed).toBe(state!.token);
        },
        { timeout: 10_000 },
      );
      return state!;
    },
  };
}

/** Query parameters of a URL the hook asked for. */
const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('@arcblock/did-connect-react 3.5.3 token hook against the sandbox', () => {
  beforeAll(async () => {
    client = await platformClient();
    expect(client.constants.CHECK_STATUS_INTERVAL).toBe(2000);
    expect(client.constants.DEFAULT_TIMEOUT).toBe(300);
  });

  beforeEach(() => {
    // The checkout page is on the sandbox's origin, signed in as Casey (the login_token cookie).
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${sb.url}/checkout/pay`);
    document.cookie = `login_token=${casey}; path=/`;
  });

  it('asks for the token with flat parameters, polls status every 2 s, and sees succeed once the wallet paid', async () => {
    const checkoutSessionId = await submittedCheckout(sb, casey, DEMO_DIDS.casey);
    const hook = renderToken({ checkoutSessionId, sessionUserDid: DEMO_DIDS.casey });
    const { token, url } = await hook.token();
    expect(hook.state.status).toBe('created');
    expect(hook.state.appInfo).toMatchObject({ name: expect.any(String) });

    // The token request: GET {prefix}/{action}/token with the extra parameters flat in the query.
    const tokenCall = hook.calls.find((c) => c.includes('/payment/api/did/payment/token?'))!;
    expect(tokenCall.startsWith(`${sb.url}/payment/api/did/payment/token?`)).toBe(true);
    expect(paramsOf(tokenCall)).toMatchObject({
      checkoutSessionId,
      sessionUserDid: DEMO_DIDS.casey,
      locale: 'en',
      _ek_: expect.any(String),
    });
    expect(authUrlOf(url)).toBe(`${sb.url}/payment/api/did/payment/auth?_t_=${token}`);

    // The wallet scans and pays.
    const outcome = await connect(url, walletOf(demoSecretKey('casey')));
    expect(outcome.status, outcome.errorMessage).toBe('ok');

    await vi.waitFor(() => expect(hook.state.status).toBe('succeed'), { timeout: 10_000, interval: 100 });
    expect(hook.errors).toEqual([]);
    await vi.waitFor(() => expect(hook.successes).toHaveLength(1), { timeout: 5000 });
    expect(hook.successes[0]).toMatchObject({ status: 'succeed', did: DEMO_DIDS.casey });
    // Followed by polling: GET {prefix}/{action}/status?_t_={token} with the same extra parameters.
    const statusCalls = hook.calls.filter((c) => c.includes('/payment/api/did/payment/status?'));
    expect(statusCalls.length).toBeGreaterThan(0);
    expect(paramsOf(statusCalls[0]!)).toMatchObject({ _t_: token, checkoutSessionId, locale: 'en' });

    expect(await sessionState(sb, checkoutSessionId)).toEqual({ status: 'complete', payment_status: 'paid' });
  });

  it('follows the token on the relay (relay:{appPid}:{token}, event updated) when the page has an appPid', async () => {
    // did-connect-react opens its socket for same-origin pages of a blocklet (window.blocklet.appPid).
    (globalThis as { blocklet?: unknown }).blocklet = { appPid: sb.ctx.app.pid };
    const checkoutSessionId = await submittedCheckout(sb, casey, DEMO_DIDS.casey);
    const hook = renderToken({ checkoutSessionId, sessionUserDid: DEMO_DIDS.casey });
    const { url } = await hook.token();
    const outcome = await connect(url, walletOf(demoSecretKey('casey')));
    expect(outcome.status, outcome.errorMessage).toBe('ok');
    await vi.waitFor(() => expect(hook.state.status).toBe('succeed'), { timeout: 10_000, interval: 50 });
    // With its socket open the hook does not poll: the states came over the relay.
    expect(hook.calls.filter((c) => c.includes('/status?'))).toEqual([]);
    expect(hook.state.store).toMatchObject({ status: 'succeed', did: DEMO_DIDS.casey });
    expect(await sessionState(sb, checkoutSessionId)).toEqual({ status: 'complete', payment_status: 'paid' });
  });

  it('takes a prepared request from ?__connect_url__= (no new token) and follows it to succeed', async () => {
    // A request opened elsewhere (a CLI, another page) and handed over as base64url(deep link): the hook reads the
    // token out of the deep link's doubly encoded `url` (utils.js parseTokenFromConnectUrl) and checks it is created.
    const checkoutSessionId = await submittedCheckout(sb, casey, DEMO_DIDS.casey);
    const query = new URLSearchParams({ checkoutSessionId, sessionUserDid: DEMO_DIDS.casey });
    const res = await fetch(`${sb.url}/payment/api/did/payment/token?${query}`, {
      headers: { cookie: `login_token=${casey}` },
    });
    const prepared = (await res.json()) as { token: string; url: string };
    expect(client.utils.parseTokenFromConnectUrl(prepared.url)).toBe(prepared.token);
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      `${sb.url}/checkout/pay?__connect_url__=${client.utils.encodeConnectUrl(prepared.url)}`,
    );
    const hook = renderToken({ checkoutSessionId, sessionUserDid: DEMO_DIDS.casey });
    await vi.waitFor(() => expect(hook.calls.some((c) => c.includes('/status?'))).toBe(true), { timeout: 10_000 });
    expect(hook.state.token).toBe(prepared.token);
    expect(hook.state.status).toBe('created');
    const outcome = await connect(hook.state.url, walletOf(demoSecretKey('casey')));
    expect(outcome.status, outcome.errorMessage).toBe('ok');
    await vi.waitFor(() => expect(hook.state.status).toBe('succeed'), { timeout: 10_000, interval: 100 });
    expect(hook.calls.filter((c) => c.includes('/token?'))).toEqual([]);
    expect(hook.errors).toEqual([]);
    expect(await sessionState(sb, checkoutSessionId)).toEqual({ status: 'complete', payment_status: 'paid' });
  });

  it('a declined request ends in error with the protocol message, and nothing is paid', async () => {
    const checkoutSessionId = await submittedCheckout(sb, casey, DEMO_DIDS.casey);
    const hook = renderToken({ checkoutSessionId, sessionUserDid: DEMO_DIDS.casey });
    const { url } = await hook.token();
    // Step 0 is authPrincipal, step 1 the signature over what is paid: decline there.
    await connect(url, walletOf(demoSecretKey('casey')), { declineAt: 1 });
    await vi.waitFor(() => expect(hook.state.status).toBe('error'), { timeout: 10_000, interval: 100 });
    expect(hook.state.error).toBe('You have declined the authentication request');
    expect(hook.errors.map((e) => e.message)).toEqual(['You have declined the authentication request']);
    expect(hook.successes).toEqual([]);
    expect(await sessionState(sb, checkoutSessionId)).toEqual({ status: 'open', payment_status: 'unpaid' });
  });

  it("another DID's answer ends in error and pays nothing", async () => {
    const checkoutSessionId = await submittedCheckout(sb, casey, DEMO_DIDS.casey);
    const hook = renderToken({ checkoutSessionId, sessionUserDid: DEMO_DIDS.casey });
    const { url } = await hook.token();
    const outcome = await connect(url, walletOf(demoSecretKey('chris')));
    expect(outcome.status).toBe('error');
    await vi.waitFor(() => expect(hook.state.status).toBe('error'), { timeout: 10_000, interval: 100 });
    expect(hook.errors).toHaveLength(1);
    expect(hook.successes).toEqual([]);
    expect(await sessionState(sb, checkoutSessionId)).toEqual({ status: 'open', payment_status: 'unpaid' });
  });

  it('gives up after its timeout (status timeout) without calling /timeout; the token stays until it expires', async () => {
    // did-connect-react 3.5.3 (lib/Connect/hooks/token.js) sets status 'timeout' before its give-up routine, which
    // calls `/timeout` only for a 'created' token: at its own timeout it calls nothing. The page's timeout is its own.
    const checkoutSessionId = await submittedCheckout(sb, casey, DEMO_DIDS.casey);
    // Two status checks (checkTimeout / checkInterval), then the hook times out.
    const hook = renderToken({ checkoutSessionId, sessionUserDid: DEMO_DIDS.casey }, { checkTimeout: 4000 });
    const { token } = await hook.token();
    await vi.waitFor(() => expect(hook.state.status).toBe('timeout'), { timeout: 15_000, interval: 100 });
    expect(hook.calls.filter((c) => c.includes('/status?'))).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 2500)); // one more interval: no more polling, no /timeout
    expect(hook.calls.filter((c) => c.includes('/status?'))).toHaveLength(2);
    expect(hook.calls.filter((c) => c.includes('/timeout?'))).toEqual([]);
    expect((await fetch(`${sb.url}/payment/api/did/payment/status?_t_=${token}`)).status).toBe(200);
  });

  it('closed while the token is created (the dialog cancelled): GET {prefix}/{action}/timeout drops the token', async () => {
    const checkoutSessionId = await submittedCheckout(sb, casey, DEMO_DIDS.casey);
    const hook = renderToken({ checkoutSessionId, sessionUserDid: DEMO_DIDS.casey });
    const { token } = await hook.token();
    for (const unmount of mounted.splice(0)) unmount();
    await vi.waitFor(() => expect(hook.calls.some((c) => c.includes('/payment/api/did/payment/timeout?'))).toBe(true), {
      timeout: 10_000,
    });
    const timeoutCall = hook.calls.find((c) => c.includes('/timeout?'))!;
    expect(paramsOf(timeoutCall)).toMatchObject({ _t_: token, checkoutSessionId, locale: 'en' });
    // The sandbox dropped it: the status of an unknown token is 400, which the platform's client reads as gone.
    await vi.waitFor(
      async () => expect((await fetch(`${sb.url}/payment/api/did/payment/status?_t_=${token}`)).status).toBe(400),
      { timeout: 10_000, interval: 200 },
    );
  });
});
