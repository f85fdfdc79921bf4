import { createHash, createPrivateKey, sign } from 'node:crypto';
import stringify from 'json-stable-stringify';
import qs from 'qs';
import { createSession, DEMO_USERS } from '../../hosts/server/service/data/users.ts';
import { walletBalance as readWalletBalance } from '../../hosts/server/payment/domain/wallet.ts';
import { afterAll, beforeAll } from 'vitest';
import type { PlatformEvent } from '../../hosts/server/platform.ts';
import { startSandbox, tapEvents } from './harness.ts';

/** Test helpers for the payment API: requests signed exactly as @blocklet/payment-js signs them, and sessions. */

export type { Sandbox } from './harness.ts';
import type { Sandbox } from './harness.ts';
export type Reply = { status: number; body: any };

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export type SignOptions = {
  body?: unknown;
  query?: Record<string, unknown>;
  /** Seconds relative to now for exp (default +300). */
  expIn?: number;
  /** Seconds relative to now for iat (default 0). */
  iatIn?: number;
  /** Change what was signed after signing: the request then differs from the signature. */
  tamper?: (req: { path: string; query: Record<string, unknown>; body: unknown }) => void;
};

/** A request signed with the app key: payload {iat, exp, body|{}, query (all strings), method, url}, SHA3-256, ed25519. */
export function signed(sb: Sandbox, method: string, path: string, opts: SignOptions = {}): Promise<Reply> {
  return signedFetch(sb.url, sb.ctx.appKey.sk, method, path, opts);
}

/** The same against any sandbox URL with its app key (`0x` + seed hex …), e.g. the host server of the e2e tests. */
export async function signedFetch(
  baseUrl: string,
  appSk: string,
  method: string,
  path: string,
  opts: SignOptions = {},
): Promise<Reply> {
  const query = qs.parse(qs.stringify({ livemode: 'true', ...opts.query }));
  const headers = signatureHeaders(appSk, {
    method,
    url: path,
    query,
    body: opts.body,
    iatIn: opts.iatIn,
    expIn: opts.expIn,
  });
  const sent = { path, query: { ...query }, body: opts.body };
  opts.tamper?.(sent);
  const res = await fetch(`${baseUrl}${sent.path}?${qs.stringify(sent.query)}`, {
    method,
    headers: { ...(sent.body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: sent.body !== undefined ? JSON.stringify(sent.body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

/**
 * The x-component-sig headers for a request: `url` is the path as sent, `query` the qs-parsed query string and
 * `body` the JSON body (as the server will parse it), as @blocklet/payment-js signs them.
 */
export function signatureHeaders(
  appSk: string,
  req: {
    method: string;
    url: string;
    query: unknown;
    body?: unknown;
    iatIn?: number | undefined;
    expIn?: number | undefined;
  },
): Record<string, string> {
  const seed = Buffer.from(appSk.replace(/^0x/, '').slice(0, 64), 'hex');
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const now = Math.floor(Date.now() / 1000);
  const iat = now + (req.iatIn ?? 0);
  const exp = now + (req.expIn ?? 300);
  const payload = {
    iat,
    exp,
    body: JSON.parse(JSON.stringify(req.body ?? {})),
    query: req.query,
    method: req.method.toLowerCase(),
    url: req.url,
  };
  const hash = createHash('sha3-256').update(stringify(payload)!).digest();
  const sig = `0x${sign(null, hash, key).toString('hex')}`;
  return {
    'x-component-sig': sig,
    'x-component-sig-iat': String(iat),
    'x-component-sig-exp': String(exp),
    'x-component-sig-version': '1',
  };
}

/** A request as a signed-in person (token from createSession) or anonymous (no token). */
export async function asUser(
  sb: Sandbox,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Reply> {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: {
      ...(token ? { cookie: `login_token=${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

export const CASEY = DEMO_USERS[0]!;
export const CHRIS = DEMO_USERS[1]!;
export const ADMIN = DEMO_USERS.find((u) => u.role === 'admin')!;

export function login(sb: Sandbox, did: string): Promise<string> {
  return createSession(sb.ctx.db, did);
}

/** Session tokens of the first demo user of each role: `{developer: token, admin: token}`. */
export async function roleSessions<R extends string>(sb: Sandbox, roles: readonly R[]): Promise<Record<R, string>> {
  const out = {} as Record<R, string>;
  for (const role of roles) out[role] = await login(sb, DEMO_USERS.find((u) => u.role === role)!.did);
  return out;
}

/** n whole TBA in the smallest unit (18 decimals). */
export const TBA = (n: number): string => (BigInt(n) * 10n ** 18n).toString();

/** A sandbox wallet's balance of one currency, in the smallest unit ('0' when it has none). */
export function walletBalance(sb: Sandbox, did: string, currency = 'pc_sandbox_tba'): Promise<string> {
  return readWalletBalance(sb.ctx.db, did, currency);
}

/**
 * Makes the demo user a customer (a subscription created for their DID, then removed again) and, with `credits`,
 * grants them that many paid credits (pc_sandbox_credit). Returns the customer id.
 */
export async function makeCustomer(sb: Sandbox, did: string, credits?: string): Promise<string> {
  const sub = await signed(sb, 'POST', '/api/subscriptions', {
    body: { customer_id: did, items: [{ price_id: 'price_sandbox_team_monthly', quantity: 1 }] },
  });
  if (sub.status !== 200) throw new Error(`could not make ${did} a customer: ${JSON.stringify(sub.body)}`);
  if ((await signed(sb, 'DELETE', `/api/subscriptions/${sub.body.id}`)).status !== 200)
    throw new Error('could not remove the subscription');
  if (credits) {
    const grant = await signed(sb, 'POST', '/api/credit-grants', {
      body: { customer_id: did, currency_id: 'pc_sandbox_credit', amount: credits, category: 'paid' },
    });
    if (grant.status !== 200) throw new Error(`could not grant credits: ${JSON.stringify(grant.body)}`);
  }
  return sub.body.customer_id as string;
}

/** The platform events published while this test file runs (subscribed in beforeAll, off in afterAll). */
export function collectEvents(): PlatformEvent[] {
  const published: PlatformEvent[] = [];
  let off = () => {};
  beforeAll(() => {
    off = tapEvents((e) => published.push(e));
  });
  afterAll(() => off());
  return published;
}

/** A fresh sandbox with Casey and Chris signed in (their session tokens): `({ sb, casey, chris } = await openSandbox())`. */
export async function openSandbox(): Promise<{ sb: Sandbox; casey: string; chris: string }> {
  const sb = await startSandbox();
  return { sb, casey: await login(sb, CASEY.did), chris: await login(sb, CHRIS.did) };
}

/** Puts the billing clock back (a test may have moved it) and closes the sandbox. */
export async function closeSandbox(sb: Sandbox): Promise<void> {
  sb.ctx.clock.reset();
  await sb.close();
}
