/**
 * The one DID Connect client (src/api/resources/connect.ts) against did-connect.md: the token asked with GET and flat
 * query parameters under each action's prefix, status every 2 s and on the relay, the 300 s timeout that calls
 * /timeout, 400 → expired, 403 → forbidden, every status → its refusal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, clearBlockletCache, createApi, PAYMENT_KIT_DID, STORE_DID } from '../../src/api/index.ts';
import { createConnect } from '../../src/api/resources/connect.ts';
import { Transport } from '../../src/api/http.ts';
import type { RealtimeHandler } from '../../src/api/realtime.ts';
import { fakeAdapter, type Recorded } from './fake-adapter.ts';

const blocklet = {
  componentMountPoints: [
    { did: PAYMENT_KIT_DID, mountPoint: '/payment/' },
    { did: STORE_DID, mountPoint: '/store/' },
  ],
};
const answer = {
  token: 't1',
  status: 'created',
  url: 'https://abtwallet.io/i/?action=requestAuth&url=http%253A%252F%252Fpage.test%252Fpayment%252Fapi%252Fdid%252Fpayment%252Fauth%253F_t_%253Dt1',
  appInfo: { name: 'App' },
};

beforeEach(() => {
  clearBlockletCache();
  vi.stubGlobal('location', { origin: 'http://page.test', href: 'http://page.test/' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('open: the token request', () => {
  it('GET with flat query parameters, sessionUserDid and locale; no body, no nested extraParams', async () => {
    const { adapter, requests } = fakeAdapter({ 'GET /payment/api/did/payment/token': { data: answer } });
    const api = createApi({ locale: 'zh', blocklet }, { adapter });
    const s = await api.connect.open('payment', { checkoutSessionId: 'cs_1' }, { sessionUserDid: 'z1' });
    expect(s).toMatchObject({ token: 't1', url: answer.url, status: 'created' });
    const r = requests[0] as Recorded;
    expect(r.method).toBe('GET');
    expect(r.data).toBeUndefined();
    expect(r.query).toMatchObject({ checkoutSessionId: 'cs_1', sessionUserDid: 'z1', locale: 'zh' });
    expect(Object.keys(r.query)).not.toContain('extraParams');
  });

  it('each action under its prefix: payment component, service (login), store component', async () => {
    const { adapter, requests } = fakeAdapter({
      'GET /payment/api/did/collect-batch/token': { data: answer },
      'GET /.well-known/service/api/did/login/token': { data: answer },
      'GET /store/api/did/connect-cli/token': { data: answer },
    });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    await api.connect.open('collect-batch', { currencyId: 'pc_1', customerId: 'cus_1' });
    await api.connect.open('login', {}, { target: 'service' });
    await api.connect.open('connect-cli', { source: 'CLI', monikers: ['a', 'b'] }, { target: 'store' });
    expect(requests.map((r) => r.path)).toEqual([
      '/payment/api/did/collect-batch/token',
      '/.well-known/service/api/did/login/token',
      '/store/api/did/connect-cli/token',
    ]);
    expect(requests[0]!.query).toMatchObject({ currencyId: 'pc_1', customerId: 'cus_1' });
    expect(requests[2]!.query).toMatchObject({ source: 'CLI', monikers: 'a,b' });
  });

  it('refuses a nested parameter; sends nothing with an aborted signal', async () => {
    const { adapter, requests } = fakeAdapter({ 'GET /payment/api/did/payment/token': { data: answer } });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    await expect(api.connect.open('payment', { extraParams: { a: 1 } })).rejects.toThrow(/flat/);
    const left = new AbortController();
    left.abort();
    await expect(api.connect.open('payment', {}, { signal: left.signal })).rejects.toMatchObject({ code: 'CANCELED' });
    expect(requests).toHaveLength(0);
  });

  it("a refusal answered 200 {error} (did-connect-js's way) rejects with that text", async () => {
    const { adapter } = fakeAdapter({
      'GET /payment/api/did/payment/token': { data: { error: 'No such checkout session: cs_x' } },
    });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    await expect(api.connect.open('payment', { checkoutSessionId: 'cs_x' })).rejects.toMatchObject({
      message: 'No such checkout session: cs_x',
    });
  });

  it('checks the answer: a token answer without its deep link is a bad response', async () => {
    const { adapter } = fakeAdapter({ 'GET /payment/api/did/payment/token': { data: { token: 't1' } } });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    await expect(api.connect.open('payment', {})).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });
});

describe('status and timeout', () => {
  it('status sends _t_; 400 reads as expired, 403 as forbidden', async () => {
    const codes = [200, 400, 403];
    const { adapter, requests } = fakeAdapter({
      'GET /payment/api/did/payment/status': () => {
        const status = codes.shift();
        return status === 200 ? { data: { token: 't1', status: 'scanned' } } : { status, data: { error: 'x' } };
      },
    });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    const ref = { action: 'payment', token: 't1' };
    expect((await api.connect.status(ref)).status).toBe('scanned');
    expect(requests[0]!.query._t_).toBe('t1');
    await expect(api.connect.status(ref)).rejects.toMatchObject({ code: 'CONNECT_EXPIRED' });
    await expect(api.connect.status(ref)).rejects.toMatchObject({ code: 'CONNECT_FORBIDDEN' });
  });

  it('an unknown status is a bad response (the old declined/expired statuses are not the protocol)', async () => {
    const { adapter } = fakeAdapter({ 'GET /payment/api/did/payment/status': { data: { status: 'declined' } } });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    await expect(api.connect.status({ action: 'payment', token: 't' })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  it('timeout calls GET …/timeout?_t_= and never rejects', async () => {
    const { adapter, requests } = fakeAdapter({ 'GET /payment/api/did/payment/timeout': { status: 500 } });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    await expect(api.connect.timeout({ action: 'payment', token: 't9' })).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({ path: '/payment/api/did/payment/timeout', query: { _t_: 't9' } });
  });

  it('a prepared request lives at its own absolute prefix', async () => {
    const { adapter, requests } = fakeAdapter({
      'GET /store/api/did/connect-cli/status': { data: { status: 'created' } },
    });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    await api.connect.status({ action: 'connect-cli', token: 'tc', prefix: 'http://page.test/store/api/did' });
    expect(requests[0]!.url).toBe('http://page.test/store/api/did/connect-cli/status?_t_=tc&locale=en&livemode=true');
  });
});

describe('waitFor', () => {
  it('polls every 2 s until succeed; reports each new status once', async () => {
    vi.useFakeTimers();
    const seq = ['created', 'created', 'scanned', 'succeed'];
    const { adapter, requests } = fakeAdapter({
      'GET /payment/api/did/payment/status': () => ({ data: { status: seq.shift(), sessionToken: 'st' } }),
    });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    const seen: string[] = [];
    const p = api.connect.waitFor({ action: 'payment', token: 't1' }, { onStatus: (s) => seen.push(s.status) });
    await vi.advanceTimersByTimeAsync(1999);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(4000);
    const out = await p;
    expect(out).toMatchObject({ status: 'succeed', sessionToken: 'st' });
    expect(seen).toEqual(['created', 'scanned', 'succeed']);
    expect(requests.every((r) => r.path.endsWith('/status'))).toBe(true);
  });

  it('every refusal rejects with its own code: decline, error, busy, forbidden (403), gone (400)', async () => {
    const cases: Array<[unknown, string, string?]> = [
      [{ data: { status: 'error', error: 'You have declined the authentication request' } }, 'CONNECT_DECLINED'],
      [{ data: { status: 'error', error: 'Insufficient balance' } }, 'CONNECT_ERROR', 'Insufficient balance'],
      [{ data: { status: 'busy' } }, 'CONNECT_BUSY'],
      [{ data: { status: 'forbidden' } }, 'CONNECT_FORBIDDEN'],
      [{ status: 403, data: { error: 'forbidden' } }, 'CONNECT_FORBIDDEN'],
      [{ status: 400, data: { error: 'Token not found' } }, 'CONNECT_EXPIRED'],
    ];
    for (const [reply, code, message] of cases) {
      const { adapter, requests } = fakeAdapter({
        'GET /payment/api/did/payment/status': reply as never,
        'GET /payment/api/did/payment/timeout': { data: {} },
      });
      const err = await createApi({ locale: 'en', blocklet }, { adapter })
        .connect.waitFor({ action: 'payment', token: 't' }, { intervalMs: 1 })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).code).toBe(code);
      if (message) expect((err as ApiError).message).toBe(message);
      // The server ended it: the page does not give it up.
      expect(requests.some((r) => r.path.endsWith('/timeout'))).toBe(false);
    }
  });

  it('retries through network errors and 5xx', async () => {
    const replies: unknown[] = ['network-error', { status: 502 }, { data: { status: 'succeed' } }];
    const { adapter } = fakeAdapter({ 'GET /payment/api/did/payment/status': () => replies.shift() as never });
    const out = await createApi({ locale: 'en', blocklet }, { adapter }).connect.waitFor(
      { action: 'payment', token: 't' },
      { intervalMs: 1 },
    );
    expect(out.status).toBe('succeed');
  });

  it('gives up after 300 s: calls /timeout and rejects as expired', async () => {
    vi.useFakeTimers();
    const { adapter, requests } = fakeAdapter({
      'GET /payment/api/did/payment/status': { data: { status: 'created' } },
      'GET /payment/api/did/payment/timeout': { data: {} },
    });
    const p = createApi({ locale: 'en', blocklet }, { adapter })
      .connect.waitFor({ action: 'payment', token: 't5' })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(300_000);
    const err = await p;
    expect(err).toMatchObject({ code: 'CONNECT_EXPIRED' });
    const polls = requests.filter((r) => r.path.endsWith('/status')).length;
    expect(polls).toBeGreaterThanOrEqual(150);
    expect(polls).toBeLessThanOrEqual(152);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.filter((r) => r.path.endsWith('/timeout')).map((r) => r.query._t_)).toEqual(['t5']);
  });

  it('an abort (Cancel) gives the token up with /timeout and rejects as canceled', async () => {
    const { adapter, requests } = fakeAdapter({
      'GET /payment/api/did/payment/status': { data: { status: 'scanned' } },
      'GET /payment/api/did/payment/timeout': { data: {} },
    });
    const ctl = new AbortController();
    const p = createApi({ locale: 'en', blocklet }, { adapter }).connect.waitFor(
      { action: 'payment', token: 't6' },
      { intervalMs: 10_000, signal: ctl.signal },
    );
    await new Promise((r) => setTimeout(r, 5));
    ctl.abort();
    await expect(p).rejects.toMatchObject({ code: 'CANCELED' });
    await new Promise((r) => setTimeout(r, 5));
    expect(requests.filter((r) => r.path.endsWith('/timeout')).map((r) => r.query._t_)).toEqual(['t6']);
  });
});

describe('the relay', () => {
  type Sub = { event: string; channel: string; handler: RealtimeHandler<unknown>; off: boolean };
  const relay = () => {
    const subs: Sub[] = [];
    const subscribe = <T>(event: string, handler: RealtimeHandler<T>, opts: { channel: string }) => {
      const sub: Sub = { event, channel: opts.channel, handler: handler as RealtimeHandler<unknown>, off: false };
      subs.push(sub);
      return () => {
        sub.off = true;
      };
    };
    return { subs, subscribe };
  };

  it("follows the token's channel: an `updated` event settles it before the next poll", async () => {
    const { adapter, requests } = fakeAdapter({
      'GET /payment/api/did/payment/status': { data: { status: 'created' } },
    });
    const r = relay();
    const connect = createConnect(new Transport({ locale: 'en', blocklet }, { adapter }), { subscribe: r.subscribe });
    const seen: string[] = [];
    const p = connect.waitFor(
      { action: 'payment', token: 'tk' },
      { intervalMs: 60_000, onStatus: (s) => seen.push(s.status) },
    );
    expect(r.subs).toMatchObject([{ event: 'updated', channel: 'tk' }]);
    const push = (response: unknown) => r.subs[0]!.handler(response, { type: 'updated', payload: { response } });
    push({ token: 'other', status: 'succeed' }); // another request's state: ignored
    push({ token: 'tk', status: 'scanned' });
    push({ token: 'tk', status: 'succeed', did: 'z1' });
    await expect(p).resolves.toMatchObject({ status: 'succeed', did: 'z1' });
    expect(seen).toEqual(expect.arrayContaining(['scanned', 'succeed']));
    expect(r.subs[0]!.off).toBe(true);
    expect(requests.length).toBeLessThanOrEqual(1);
  });

  it('a refusal on the relay rejects; no relay for a platform on another origin (polling only)', async () => {
    const { adapter } = fakeAdapter({ 'GET /payment/api/did/payment/status': { data: { status: 'created' } } });
    const r = relay();
    const connect = createConnect(new Transport({ locale: 'en', blocklet }, { adapter }), { subscribe: r.subscribe });
    const p = connect.waitFor({ action: 'payment', token: 'tk' }, { intervalMs: 60_000 });
    r.subs[0]!.handler(
      { token: 'tk', status: 'error', error: 'You have declined the authentication request' },
      {
        type: 'updated',
        payload: {},
      },
    );
    await expect(p).rejects.toMatchObject({ code: 'CONNECT_DECLINED' });

    const r2 = relay();
    const remote = createConnect(
      new Transport({ locale: 'en', blocklet, baseUrl: 'https://pay.remote.test/payment/' }, { adapter }),
      { subscribe: r2.subscribe },
    );
    const ctl = new AbortController();
    const q = remote.waitFor({ action: 'payment', token: 'tr' }, { intervalMs: 60_000, signal: ctl.signal });
    expect(r2.subs).toHaveLength(0);
    ctl.abort();
    await expect(q).rejects.toMatchObject({ code: 'CANCELED' });
  });
});
