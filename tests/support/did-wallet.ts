/**
 * A DID Wallet written from the protocol (shared/reference/did-connect.md), with @arcblock/jwt and @ocap/wallet
 * only: it reads a deep link (or the raw `…/auth?_t_=` URL), fetches the app's signed request, verifies it with the
 * app's public key, and answers each step with a JWT signed by its own key — approving (every requested claim
 * answered, a `signature` claim signed), declining or saying it is busy. Nothing here knows the sandbox's internals:
 * the server tests, the e2e `buy()` helper and the cross-checks drive the sandbox with it as a phone would.
 *
 *   const wallet = walletOf(sk);                           // or the sandbox's demo users: GET …/sandbox/wallets
 *   const outcome = await connect(tokenAnswer.url, wallet); // approve every step
 *   outcome.status === 'ok'
 */
import * as Jwt from '@arcblock/jwt';
import { fromBase58, toBase58 } from '@ocap/util';
import { fromSecretKey, type WalletObject } from '@ocap/wallet';

export type Claim = Record<string, unknown> & { type: string };

/** One request of the app, as the wallet fetched and verified it. */
export type AuthRequest = {
  /** The app's public key (base58) that signed it. */
  appPk: string;
  /** The JWT as sent. */
  authInfo: string;
  /** The verified payload: `requestedClaims`, `challenge`, `url` (where to answer), `appInfo`, `chainInfo`, … */
  payload: {
    action: string;
    challenge: string;
    url: string;
    requestedClaims: Claim[];
    appInfo?: Record<string, unknown>;
    chainInfo?: Record<string, unknown>;
    iss?: string;
    [key: string]: unknown;
  };
};

/** The app's last answer: its signed `status` ('ok' | 'error'), its error message and the action's response. */
export type AuthOutcome = {
  status: 'ok' | 'error';
  errorMessage: string;
  response: Record<string, unknown>;
  /** The verified payload of the final JWT. */
  payload: Record<string, unknown>;
};

export type Answer = 'approve' | 'decline' | 'busy';

export type WalletOptions = {
  /** The fetch to use (default: global fetch). */
  fetch?: typeof fetch;
  /** The wallet's user agent (the app reads the wallet's os and version from it). */
  userAgent?: string;
  /** Rewrites a URL of the app before it is fetched (e.g. a public origin to the loopback one). */
  rewrite?: (url: string) => string;
};

const DEFAULT_UA = 'ABTWallet/5.5.0 (sandbox test wallet)';

/** A wallet of a secret key (`0x` hex seed, or seed || pk), of the default type (ed25519, sha3, account). */
export function walletOf(sk: string): WalletObject {
  return fromSecretKey(sk);
}

/** The `…/auth?_t_=` URL of a deep link (`https://abtwallet.io/i/?action=requestAuth&url=…`), or the URL itself. */
export function authUrlOf(link: string): string {
  const u = new URL(link);
  if (/(^|\.)(abtwallet|didwallet)\.io$/.test(u.hostname) || u.searchParams.get('action') === 'requestAuth') {
    const inner = u.searchParams.get('url');
    if (!inner) throw new Error(`No url in the deep link ${link}`);
    // The link's `url` parameter is the auth URL encoded twice: the query parser undid one.
    return /^https?%3A/i.test(inner) ? decodeURIComponent(inner) : inner;
  }
  return link;
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`The app answered ${res.status} with no JSON: ${text.slice(0, 200)}`);
  }
}

/** Verifies an app-signed answer `{appPk, authInfo}` and returns its payload (throws when it does not verify). */
async function verified(body: Record<string, unknown>): Promise<{ appPk: string; authInfo: string; payload: any }> {
  if (typeof body.error === 'string' && !body.authInfo) throw new Error(`The app refused: ${body.error}`);
  const appPk = String(body.appPk ?? '');
  const authInfo = String(body.authInfo ?? '');
  if (!appPk || !authInfo) throw new Error(`Not a signed answer: ${JSON.stringify(body).slice(0, 200)}`);
  if (!(await Jwt.verify(authInfo, appPk))) throw new Error('The app signature does not verify');
  return { appPk, authInfo, payload: Jwt.decode(authInfo) };
}

/** GET the request at `authUrl` (the token becomes `scanned`) and verify it with the app's key. */
export async function fetchRequest(authUrl: string, opts: WalletOptions = {}): Promise<AuthRequest> {
  const doFetch = opts.fetch ?? fetch;
  const url = opts.rewrite ? opts.rewrite(authUrl) : authUrl;
  const res = await doFetch(url, {
    headers: { 'user-agent': opts.userAgent ?? DEFAULT_UA, accept: 'application/json' },
  });
  const { appPk, authInfo, payload } = await verified(await readJson(res));
  return { appPk, authInfo, payload };
}

/** The claims answered: each requested claim as asked, a `signature` claim with `sig` over its `origin`. */
export async function answerClaims(claims: Claim[], wallet: WalletObject): Promise<Claim[]> {
  const out: Claim[] = [];
  for (const claim of claims) {
    if (claim.type === 'signature') {
      const origin = String(claim.origin ?? '');
      const digest = String(claim.digest ?? '');
      const hashed = claim.method !== 'none';
      const sig = await wallet.sign(origin || digest, hashed);
      out.push({ ...claim, sig });
    } else if (claim.type === 'profile') {
      out.push({ ...claim, fullName: 'Sandbox wallet', email: '' });
    } else {
      out.push({ ...claim });
    }
  }
  return out;
}

/**
 * POSTs the wallet's answer to one request: `approve` (claims answered), `decline` or `busy`. Returns the app's next
 * request, or its final outcome.
 */
export async function answer(
  request: AuthRequest,
  wallet: WalletObject,
  kind: Answer = 'approve',
  opts: WalletOptions = {},
): Promise<{ next: AuthRequest } | { outcome: AuthOutcome }> {
  const doFetch = opts.fetch ?? fetch;
  const action = kind === 'approve' ? 'responseAuth' : kind === 'decline' ? 'declineAuth' : 'busy';
  const requestedClaims = kind === 'approve' ? await answerClaims(request.payload.requestedClaims, wallet) : [];
  const userInfo = await wallet.signJWT({ action, challenge: request.payload.challenge, requestedClaims });
  return post(
    request.payload.url,
    { userPk: toBase58(Buffer.from(String(wallet.publicKey).replace(/^0x/, ''), 'hex')), userInfo },
    doFetch,
    opts,
  );
}

/** POSTs a prepared body (e.g. a recorded answer, to replay it) to an auth URL. */
export async function post(
  authUrl: string,
  body: Record<string, unknown>,
  doFetch: typeof fetch = fetch,
  opts: WalletOptions = {},
): Promise<{ next: AuthRequest } | { outcome: AuthOutcome }> {
  const url = opts.rewrite ? opts.rewrite(authUrl) : authUrl;
  const res = await doFetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': opts.userAgent ?? DEFAULT_UA,
    },
    body: JSON.stringify(body),
  });
  const { appPk, authInfo, payload } = await verified(await readJson(res));
  if (Array.isArray(payload.requestedClaims) && payload.challenge) return { next: { appPk, authInfo, payload } };
  return {
    outcome: {
      status: payload.status === 'ok' ? 'ok' : 'error',
      errorMessage: String(payload.errorMessage ?? ''),
      response: (payload.response ?? {}) as Record<string, unknown>,
      payload,
    },
  };
}

/**
 * Runs a whole request as `wallet`: opens the link, then answers every step with `kind` (approve by default; a
 * decline or busy answers the first step). With `declineAt`, approves the steps before it and declines that one.
 */
export async function connect(
  link: string,
  wallet: WalletObject,
  opts: WalletOptions & { kind?: Answer; declineAt?: number; maxSteps?: number } = {},
): Promise<AuthOutcome & { steps: AuthRequest[] }> {
  const steps: AuthRequest[] = [];
  let request = await fetchRequest(authUrlOf(link), opts);
  for (let i = 0; i < (opts.maxSteps ?? 8); i += 1) {
    steps.push(request);
    const kind: Answer = opts.declineAt === i ? 'decline' : i === 0 ? (opts.kind ?? 'approve') : 'approve';
    const r = await answer(request, wallet, kind, opts);
    if ('outcome' in r) return { ...r.outcome, steps };
    request = r.next;
  }
  throw new Error('Too many steps');
}

/** The text a `signature` claim asks to sign (its base58 `origin` decoded), or '' when it signs a digest. */
export function signatureText(claim: Claim): string {
  const origin = String(claim.origin ?? '');
  if (!origin) return '';
  return Buffer.from(fromBase58(origin)).toString('utf8');
}
