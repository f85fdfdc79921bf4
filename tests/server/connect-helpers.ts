/**
 * DID Connect in server tests: ask for a token as a page would (flat params, the page's session), answer it as a
 * demo user's wallet (tests/support/did-wallet.ts, written from the protocol), read the token's status.
 */
import { demoSecretKey } from '../../hosts/server/service/data/demo-wallets.ts';
import { DEMO_USERS } from '../../hosts/server/service/data/users.ts';
import { authUrlOf, connect, walletOf, type AuthOutcome } from '../support/did-wallet.ts';
import type { Reply, Sandbox } from './payment-helpers.ts';

/** The wallet of a demo user (by DID). */
export function walletOfDid(did: string) {
  const user = DEMO_USERS.find((u) => u.did === did && u.walletKey);
  if (!user) throw new Error(`No demo wallet for ${did}`);
  return walletOf(demoSecretKey(user.walletKey!));
}

/** `POST {prefix}/{action}/token` with a flat JSON body, as the page signed in with `session` (null: none). */
export async function openConnect(
  sb: Sandbox,
  session: string | null,
  action: string,
  params: unknown,
  prefix = '/payment/api/did',
): Promise<Reply> {
  const res = await fetch(`${sb.url}${prefix}/${action}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { cookie: `login_token=${session}` } : {}) },
    body: JSON.stringify(params),
  });
  return { status: res.status, body: await res.json() };
}

/** The token's status as the page reads it. */
export async function connectStatus(
  sb: Sandbox,
  action: string,
  token: string,
  prefix = '/payment/api/did',
): Promise<Reply> {
  const res = await fetch(`${sb.url}${prefix}/${action}/status?_t_=${token}`);
  return { status: res.status, body: await res.json() };
}

/**
 * Answers an opened request (`opened` = the token answer) as the wallet of `did` (approve, or decline), and returns
 * the wallet's outcome with the token's state afterwards.
 */
export async function answerAs(
  sb: Sandbox,
  opened: Reply,
  did: string,
  opts: { decline?: boolean } = {},
): Promise<{ outcome: AuthOutcome; state: Record<string, any> }> {
  if (opened.status !== 200) throw new Error(`The token was refused: ${JSON.stringify(opened.body)}`);
  const outcome = await connect(opened.body.url, walletOfDid(did), opts.decline ? { declineAt: 1 } : {});
  // The status URL beside the auth URL the deep link carries (same prefix, same action).
  const statusUrl = authUrlOf(opened.body.url).replace(/\/auth\?/, '/status?');
  const state = (await (await fetch(statusUrl)).json()) as Record<string, any>;
  return { outcome, state };
}
