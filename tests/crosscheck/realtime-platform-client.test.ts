/**
 * The platform's realtime client against the sandbox relay: @arcblock/ws's WsClient (the client payment-react and
 * did-connect-react open, a Phoenix socket over `ws`) connects to `{ws origin}/.well-known/service/relay` (Phoenix
 * adds `/websocket`), joins `relay:{appPid}:events` and receives `checkout.session.completed` and `invoice.paid`
 * with payload `{response}` when a checkout is paid through the sandbox's API (docs/architecture.md "Realtime",
 * payment-kit-api.md "Realtime"), and follows a DID Connect token on `relay:{appPid}:{token}` (event `updated`,
 * payload `{response: <token state>}`, did-connect.md) while a wallet written from the protocol pays.
 */
import { WsClient } from '@arcblock/ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../server/harness.ts';
import { DEMO_DIDS, demoSecretKey } from '../../hosts/server/service/data/demo-wallets.ts';
import { asUser, CASEY, closeSandbox, login } from '../server/payment-helpers.ts';
import { connect, walletOf } from '../support/did-wallet.ts';
import { sessionState, submittedCheckout } from './checkout.ts';

type Push = { receive(status: string, cb: (r: unknown) => void): Push };
type Channel = { on(event: string, cb: (payload: any) => void): number; joinPush: Push };
type Client = {
  connect(): void;
  disconnect(cb?: () => void): void;
  isConnected(): boolean;
  onOpen(cb: () => void): void;
  subscribe(topic: string, params?: object): Channel;
  on(event: string, cb: (data: unknown) => void): void;
};

let sb: Sandbox;
let casey: string;
beforeAll(async () => {
  sb = await startSandbox();
  casey = await login(sb, CASEY.did);
});
afterAll(async () => {
  if (sb) await closeSandbox(sb);
});

/** A WsClient on the sandbox relay, opened as the platform's pages open it. */
function relayClient(): Client {
  const endpoint = `${sb.url.replace(/^http/, 'ws')}/.well-known/service/relay`;
  const client = new WsClient(endpoint, { heartbeatIntervalMs: 30_000, silent: true }) as unknown as Client;
  client.connect();
  return client;
}

/** The reply to the join WsClient.subscribe() sent ('ok' | 'error' | 'timeout'). */
function joined(channel: Channel): Promise<string> {
  return new Promise((resolve) => {
    for (const status of ['ok', 'error', 'timeout']) channel.joinPush.receive(status, () => resolve(status));
  });
}

/** Pays a one-time payment link's checkout as Casey from her sandbox wallet (the fast checkout path). */
async function payOneTime(): Promise<{ sessionId: string; invoiceId: string }> {
  const sessionId = await submittedCheckout(sb, casey, CASEY.did);
  const confirmed = await asUser(sb, casey, 'POST', `/api/checkout-sessions/${sessionId}/fast-checkout-confirm`);
  expect(confirmed.body.fastPaid, JSON.stringify(confirmed.body)).toBe(true);
  return { sessionId, invoiceId: confirmed.body.invoiceId as string };
}

describe('@arcblock/ws WsClient (the platform realtime client) against the sandbox relay', () => {
  it('joins relay:{appPid}:events and receives checkout.session.completed and invoice.paid of a payment', async () => {
    const client = relayClient();
    try {
      const channel = client.subscribe(`relay:${sb.ctx.app.pid}:events`);
      const got: Array<{ event: string; payload: any }> = [];
      for (const event of ['checkout.session.completed', 'invoice.paid'])
        channel.on(event, (payload) => got.push({ event, payload }));
      expect(await joined(channel)).toBe('ok');

      const { sessionId, invoiceId } = await payOneTime();

      await expect
        .poll(() => got.map((g) => g.event).sort(), { timeout: 10_000 })
        .toEqual(['checkout.session.completed', 'invoice.paid']);
      // The payload as payment-react reads it: `{response: <object>}`.
      expect(got.find((g) => g.event === 'checkout.session.completed')!.payload.response).toMatchObject({
        id: sessionId,
        object: 'checkout_session',
        status: 'complete',
        payment_status: 'paid',
      });
      expect(got.find((g) => g.event === 'invoice.paid')!.payload.response).toMatchObject({
        id: invoiceId,
        object: 'invoice',
        status: 'paid',
      });
      expect(client.isConnected()).toBe(true);
    } finally {
      client.disconnect();
    }
  });

  it("another app's events topic may be joined but carries none of this app's events", async () => {
    const client = relayClient();
    try {
      const other = client.subscribe('relay:zNKsomeOtherApp:events');
      const mine = client.subscribe(`relay:${sb.ctx.app.pid}:events`);
      const leaked: unknown[] = [];
      const seen: unknown[] = [];
      other.on('checkout.session.completed', (p) => leaked.push(p));
      mine.on('checkout.session.completed', (p) => seen.push(p));
      expect(await joined(other)).toBe('ok');
      expect(await joined(mine)).toBe('ok');
      await payOneTime();
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
      expect(leaked).toEqual([]);
    } finally {
      client.disconnect();
    }
  });

  it('follows a DID Connect token on relay:{appPid}:{token}: updated with the state, scanned then succeed', async () => {
    const checkoutSessionId = await submittedCheckout(sb, casey, DEMO_DIDS.casey);
    const query = new URLSearchParams({ checkoutSessionId, sessionUserDid: DEMO_DIDS.casey, locale: 'en' });
    const res = await fetch(`${sb.url}/payment/api/did/payment/token?${query}`, {
      headers: { cookie: `login_token=${casey}` },
    });
    const { token, url } = (await res.json()) as { token: string; url: string };
    expect(res.status).toBe(200);

    const client = relayClient();
    try {
      const channel = client.subscribe(`relay:${sb.ctx.app.pid}:${token}`);
      const states: any[] = [];
      channel.on('updated', (payload) => states.push(payload.response));
      expect(await joined(channel)).toBe('ok');

      const outcome = await connect(url, walletOf(demoSecretKey('casey')));
      expect(outcome.status, outcome.errorMessage).toBe('ok');

      await expect.poll(() => states.at(-1)?.status, { timeout: 10_000 }).toBe('succeed');
      const statuses = states.map((s) => s.status);
      expect(statuses).toContain('scanned');
      expect(statuses.indexOf('scanned')).toBeLessThan(statuses.indexOf('succeed'));
      expect(states.at(-1)).toMatchObject({ token, status: 'succeed', did: DEMO_DIDS.casey });
      // The state as the status endpoint answers it: no secrets (challenge, encryption key) on a public channel.
      for (const s of states) expect(s.challenge).toBeUndefined();
      expect(await sessionState(sb, checkoutSessionId)).toEqual({ status: 'complete', payment_status: 'paid' });
    } finally {
      client.disconnect();
    }
  });

  it("a user's topic without that user's session is refused (the join's error reply reaches the client)", async () => {
    const client = relayClient();
    try {
      const channel = client.subscribe(`relay:${sb.ctx.app.pid}:${CASEY.did}`);
      expect(await joined(channel)).toBe('error');
    } finally {
      client.disconnect();
    }
  });
});
