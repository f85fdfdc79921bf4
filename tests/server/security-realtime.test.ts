import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTopic, readTopic } from '../../hosts/server/service/routes/notifications-routes.ts';
import { userSocket } from '../../hosts/server/service/routes/realtime.ts';
import { asUser, CASEY, CHRIS, closeSandbox, openSandbox, signed, type Sandbox } from './payment-helpers.ts';

/**
 * Realtime authorization (docs/security.md "Realtime"): a user's topics need that user's session, and the events relay
 * that every browser may join carries ids and statuses only — never a payer's name, email, address, phone or DID.
 */

let sb: Sandbox;
let casey: string;
let chris: string;
beforeAll(async () => ({ sb, casey, chris } = await openSandbox()));
afterAll(() => closeSandbox(sb));

const RELAY = '/.well-known/service/relay/websocket?vsn=2.0.0';
const USER = '/.well-known/service/user/websocket?vsn=2.0.0';
const eventsTopic = () => `relay:${sb.ctx.app.pid}:events`;

/** A raw vsn 2.0.0 socket that keeps every frame it receives. */
async function socket(path: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(sb.url.replace(/^http/, 'ws') + path, { headers });
  const frames: any[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let ref = 0;
  /** Joins a topic and resolves with the reply's payload ({status, response}). */
  const join = async (topic: string, payload: Record<string, unknown> = {}) => {
    const r = String(++ref);
    ws.send(JSON.stringify([r, r, topic, 'phx_join', payload]));
    await expect.poll(() => frames.some((f) => f[1] === r && f[3] === 'phx_reply'), { timeout: 5000 }).toBe(true);
    return frames.find((f) => f[1] === r && f[3] === 'phx_reply')[4] as {
      status: string;
      response: { reason?: string };
    };
  };
  /** A round trip (heartbeat): every push sent before it has arrived once this resolves. */
  const sync = async () => {
    const r = `h${++ref}`;
    ws.send(JSON.stringify([null, r, 'phoenix', 'heartbeat', {}]));
    await expect.poll(() => frames.some((f) => f[1] === r), { timeout: 5000 }).toBe(true);
  };
  const pushes = (topic: string) => frames.filter((f) => f[2] === topic && f[3] !== 'phx_reply');
  return { ws, frames, join, sync, pushes, close: () => ws.close() };
}

describe("a user's notification topics need that user's session", () => {
  const push = (did: string, title: string) => {
    const topic = createTopic(sb.ctx.app.did, did);
    userSocket.push(topic, topic, { title, receiver: did });
  };

  it("refuses a join without a session, or with another user's session, and nothing reaches that socket", async () => {
    const anonymous = await socket(USER);
    const asChris = await socket(USER, { cookie: `login_token=${chris}` });
    try {
      for (const topic of [
        createTopic(sb.ctx.app.did, CASEY.did),
        readTopic(sb.ctx.app.did, CASEY.did),
        `relay:${sb.ctx.app.pid}:${CASEY.did}`,
      ]) {
        expect(await anonymous.join(topic)).toEqual({ status: 'error', response: { reason: 'unauthorized' } });
        expect(await asChris.join(topic)).toEqual({ status: 'error', response: { reason: 'unauthorized' } });
        // A token in the join payload must be the topic owner's too.
        expect(await anonymous.join(topic, { authToken: chris })).toMatchObject({ status: 'error' });
        expect(await anonymous.join(topic, { authToken: 'not-a-session' })).toMatchObject({ status: 'error' });
      }
      push(CASEY.did, 'Private to Casey');
      await anonymous.sync();
      await asChris.sync();
      expect(JSON.stringify(anonymous.frames)).not.toContain('Private to Casey');
      expect(JSON.stringify(asChris.frames)).not.toContain('Private to Casey');
      // Topics of no known kind are refused too.
      expect(await anonymous.join('private:anything')).toEqual({
        status: 'error',
        response: { reason: 'unmatched topic' },
      });
    } finally {
      anonymous.close();
      asChris.close();
    }
  });

  it("the user's own session joins: the cookie, the socket's authToken param, a bearer header or the join payload", async () => {
    const topic = createTopic(sb.ctx.app.did, CASEY.did);
    const ways = [
      await socket(USER, { cookie: `login_token=${casey}` }),
      await socket(`${USER}&authToken=${encodeURIComponent(casey)}`),
      await socket(USER, { authorization: `Bearer ${casey}` }),
      await socket(USER),
    ];
    try {
      for (const [i, s] of ways.entries())
        expect(await s.join(topic, i === 3 ? { authToken: casey } : {}), `way ${i}`).toEqual({
          status: 'ok',
          response: {},
        });
      push(CASEY.did, 'For Casey');
      push(CHRIS.did, 'For Chris');
      for (const s of ways) {
        await s.sync();
        expect(s.pushes(topic).map((f) => f[4].title)).toEqual(['For Casey']);
        expect(JSON.stringify(s.frames)).not.toContain('For Chris');
      }
    } finally {
      for (const s of ways) s.close();
    }
  });
});

describe('the events relay carries no personal data', () => {
  it('a listener with no session sees a checkout complete and an invoice paid by id only, never the payer', async () => {
    const listener = await socket(RELAY);
    try {
      expect(await listener.join(eventsTopic())).toEqual({ status: 'ok', response: {} });
      // Casey pays a one-time purchase from her sandbox wallet (fast pay), with her name, email and address.
      expect(
        (
          await signed(sb, 'POST', '/api/sandbox/wallet/fund', {
            body: { did: CASEY.did, currency_id: 'pc_sandbox_tba', amount: '1000' },
          })
        ).status,
      ).toBe(200);
      const { body: started } = await asUser(sb, null, 'POST', '/api/checkout-sessions/start/plink_sandbox_onetime');
      const id = started.checkoutSession.id as string;
      const address = { country: 'us', line1: '1 Secret Lane', city: 'Hiddenville', state: 'CA', postal_code: '94105' };
      const form = {
        customer_name: 'Casey Private',
        customer_email: 'casey.private@example.com',
        customer_phone: '+1 555 0100',
        payment_method: 'pm_sandbox_arcblock',
        payment_currency: 'pc_sandbox_tba',
        billing_address: address,
      };
      expect((await asUser(sb, casey, 'PUT', `/api/checkout-sessions/${id}/submit`, form)).status).toBe(200);
      const confirmed = await asUser(sb, casey, 'POST', `/api/checkout-sessions/${id}/fast-checkout-confirm`);
      expect(confirmed.body.fastPaid).toBe(true);
      const invoiceId = confirmed.body.invoiceId as string;

      // What the checkout's realtime completion and the portal's refresh need still arrives.
      await expect
        .poll(() => listener.pushes(eventsTopic()).map((f) => f[3]), { timeout: 5000 })
        .toEqual(expect.arrayContaining(['checkout.session.completed', 'invoice.paid']));
      const completed = listener.pushes(eventsTopic()).find((f) => f[3] === 'checkout.session.completed')[4].response;
      expect(completed).toMatchObject({ id, status: 'complete', payment_status: 'paid' });
      const paid = listener.pushes(eventsTopic()).find((f) => f[3] === 'invoice.paid')[4].response;
      expect(paid).toMatchObject({
        id: invoiceId,
        object: 'invoice',
        status: 'paid',
        customer_id: expect.stringMatching(/^cus_/),
        currency_id: 'pc_sandbox_tba',
      });

      // …and nothing personal: not the payer's name, email, phone, address or DID, anywhere in any frame.
      const seen = JSON.stringify(listener.frames);
      for (const secret of [
        'Casey',
        'casey.private@example.com',
        'casey@example.com',
        '555 0100',
        'Secret Lane',
        'Hiddenville',
        CASEY.did,
      ]) {
        expect(seen, secret).not.toContain(secret);
      }
      for (const key of [
        'customer_details',
        'customer_did',
        'customer_email',
        'customer_name',
        'payment_details',
        'billing_address',
      ]) {
        expect(seen, key).not.toContain(`"${key}"`);
      }
    } finally {
      listener.close();
    }
  });

  it('every event type is cut down to ids and statuses before it reaches a browser', async () => {
    const listener = await socket(RELAY);
    try {
      await listener.join(eventsTopic());
      const personal = {
        customer_details: { name: 'Pat', email: 'pat@example.com' },
        customer_did: 'z1PatDid',
        metadata: { note: 'pat@example.com' },
        payment_details: { arcblock: { payer: 'z1PatDid' } },
      };
      sb.ctx.events.publish('refund.succeeded', { id: 're_1', object: 'refund', status: 'succeeded', ...personal });
      sb.ctx.events.publish('customer.updated', {
        id: 'cus_x',
        object: 'customer',
        name: 'Pat',
        email: 'pat@example.com',
        did: 'z1PatDid',
      });
      await listener.sync();
      const got = listener.pushes(eventsTopic()).map((f) => [f[3], f[4].response]);
      expect(got).toEqual([
        ['refund.succeeded', { id: 're_1', object: 'refund', status: 'succeeded' }],
        ['customer.updated', { id: 'cus_x', object: 'customer' }],
      ]);
      expect(JSON.stringify(listener.frames)).not.toMatch(/Pat|z1PatDid/);
    } finally {
      listener.close();
    }
  });
});
