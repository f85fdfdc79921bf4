import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBlockletCache, createApi, PAYMENT_KIT_DID } from '../../src/api/index.ts';
import { plinkPayerKey, plinkSessionKey } from '../../src/api/resources/checkout.ts';
import { resumesLinkSession } from '../../src/core/link-session.ts';
import { acceptedMethods } from '../../src/core/checkout.ts';
import { customerLinks } from '../../src/core/links.ts';
import { fakeAdapter, memoryStorage } from './fake-adapter.ts';

const blocklet = { appPid: 'zApp', componentMountPoints: [{ did: PAYMENT_KIT_DID, mountPoint: '/payment/' }] };
const ctx = (id: string, status = 'open', expires_at = 0) => ({
  checkoutSession: {
    id,
    livemode: true,
    mode: 'payment',
    status,
    payment_status: status === 'complete' ? 'paid' : 'unpaid',
    expires_at,
    line_items: [],
    currency_id: 'c',
  },
  paymentMethods: [],
});

beforeEach(() => {
  clearBlockletCache();
  vi.stubGlobal('location', { origin: 'http://page.test', href: 'http://page.test/' });
});
afterEach(() => vi.unstubAllGlobals());

describe('api.checkout.open', () => {
  it('retrieves a session id; starts a payment link once per tab and resumes it on reload', async () => {
    const ss = memoryStorage();
    vi.stubGlobal('sessionStorage', ss);
    let started = 0;
    const sessions: Record<string, string> = {};
    const { adapter, requests } = fakeAdapter({
      'POST /payment/api/checkout-sessions/start/plink_a': () => {
        started += 1;
        sessions[`cs_${started}`] = 'open';
        return { data: ctx(`cs_${started}`) };
      },
      ...Object.fromEntries(
        ['cs_1', 'cs_2', 'cs_3'].map((id) => [
          `/payment/api/checkout-sessions/retrieve/${id}`,
          () =>
            sessions[id]
              ? { data: ctx(id, sessions[id]) }
              : { status: 404, data: { error: 'Checkout session not found' } },
        ]),
      ),
    });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    expect((await api.checkout.open('plink_a')).checkoutSession.id).toBe('cs_1');
    expect(ss.getItem(plinkSessionKey('plink_a'))).toBe('cs_1');
    // reload: same session
    expect((await api.checkout.open('plink_a')).checkoutSession.id).toBe('cs_1');
    // paid: the reload shows the finished purchase, not a new one
    sessions.cs_1 = 'complete';
    expect((await api.checkout.open('plink_a')).checkoutSession.status).toBe('complete');
    expect(started).toBe(1);
    // expired or gone: a new session
    sessions.cs_1 = 'expired';
    expect((await api.checkout.open('plink_a')).checkoutSession.id).toBe('cs_2');
    delete sessions.cs_2;
    expect((await api.checkout.open('plink_a')).checkoutSession.id).toBe('cs_3');
    // a cs_ id is retrieved as is
    expect((await api.checkout.open('cs_3')).checkoutSession.id).toBe('cs_3');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(3);
  });
});

describe('api.checkout.open: a new payer gets a new checkout', () => {
  /** A sandbox of sessions: each start makes cs_{n}; a session's customer_did is shown as the server would. */
  function setup() {
    const ss = memoryStorage();
    vi.stubGlobal('sessionStorage', ss);
    const sessions: Record<string, { status: string; customer_did?: string | null }> = {};
    let started = 0;
    const { adapter, requests } = fakeAdapter({
      'POST /payment/api/checkout-sessions/start/plink_a': () => {
        started += 1;
        sessions[`cs_${started}`] = { status: 'open' };
        return { data: ctx(`cs_${started}`) };
      },
      ...Object.fromEntries(
        ['cs_1', 'cs_2', 'cs_3', 'cs_4'].map((id) => [
          `/payment/api/checkout-sessions/retrieve/${id}`,
          () => {
            const s = sessions[id];
            if (!s) return { status: 404, data: { error: 'Checkout session not found' } };
            const body = ctx(id, s.status);
            return {
              data: { ...body, checkoutSession: { ...body.checkoutSession, customer_did: s.customer_did ?? null } },
            };
          },
        ]),
      ),
    });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    let payer: string | null | undefined = null;
    const open = async (id = 'plink_a') =>
      (await api.checkout.open(id, undefined, { payer: async () => payer })).checkoutSession.id;
    return { ss, sessions, requests, open, as: (did: string | null | undefined) => (payer = did) };
  }

  it('another payer signed in over the stored session gets a fresh one; the first payer still resumes theirs', async () => {
    const { ss, open, as, requests } = setup();
    as('zCasey');
    expect(await open()).toBe('cs_1');
    expect(ss.getItem(plinkPayerKey('plink_a'))).toBe('zCasey');
    expect(await open()).toBe('cs_1'); // Casey reloads: her session
    as('zChris'); // Chris signs in over Casey's session, then reloads
    expect(await open()).toBe('cs_2');
    expect(ss.getItem(plinkSessionKey('plink_a'))).toBe('cs_2');
    expect(ss.getItem(plinkPayerKey('plink_a'))).toBe('zChris');
    expect(await open()).toBe('cs_2'); // and his reload resumes his own
    as(null); // signed out: nobody's session is shown to a visitor
    expect(await open()).toBe('cs_3');
    expect(ss.getItem(plinkPayerKey('plink_a'))).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(3);
  });

  it('a session opened signed out is resumed by whoever signs in (it becomes theirs); a complete one of another payer is replaced', async () => {
    const { sessions, open, as } = setup();
    as(null);
    expect(await open()).toBe('cs_1');
    as('zCasey'); // the visitor pressed Pay, signed in, came back
    expect(await open()).toBe('cs_1');
    sessions.cs_1 = { status: 'complete', customer_did: 'zCasey' };
    expect(await open()).toBe('cs_1'); // her finished purchase
    as('zChris');
    expect(await open()).toBe('cs_2');
  });

  it('the customer the platform names on the stored session counts too; an unknown payer judges the session only', async () => {
    const { ss, sessions, open, as } = setup();
    as(undefined); // the session could not be read
    expect(await open()).toBe('cs_1');
    expect(await open()).toBe('cs_1');
    expect(ss.getItem(plinkPayerKey('plink_a'))).toBeNull();
    sessions.cs_1 = { status: 'open', customer_did: 'zCasey' };
    as('zChris');
    expect(await open()).toBe('cs_2');
  });

  it('an explicit cs_ id is retrieved as it is, whoever it belongs to (the server refuses another payer)', async () => {
    const { sessions, open, as, requests } = setup();
    as('zCasey');
    expect(await open()).toBe('cs_1');
    sessions.cs_1 = { status: 'open', customer_did: 'zCasey' };
    as('zChris');
    expect(await open('cs_1')).toBe('cs_1');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe('resumesLinkSession', () => {
  const now = 1_000;
  it('resumes an open or complete session of the same payer or of nobody', () => {
    expect(resumesLinkSession({ status: 'open' }, 'zA', 'zA', now)).toBe(true);
    expect(resumesLinkSession({ status: 'complete', customer_did: 'zA' }, null, 'zA', now)).toBe(true);
    expect(resumesLinkSession({ status: 'open' }, null, 'zA', now)).toBe(true);
    expect(resumesLinkSession({ status: 'open' }, null, null, now)).toBe(true);
  });
  it('refuses another payer’s, an expired one, an unknown status', () => {
    expect(resumesLinkSession({ status: 'open' }, 'zA', 'zB', now)).toBe(false);
    expect(resumesLinkSession({ status: 'open' }, 'zA', null, now)).toBe(false);
    expect(resumesLinkSession({ status: 'open', customer_did: 'zA' }, null, 'zB', now)).toBe(false);
    expect(resumesLinkSession({ status: 'open', customer_did: 'zA' }, 'zB', 'zB', now)).toBe(false);
    expect(resumesLinkSession({ status: 'open', expires_at: now }, null, null, now)).toBe(false);
    expect(resumesLinkSession({ status: 'expired' }, null, null, now)).toBe(false);
    expect(resumesLinkSession({ status: 'void' }, null, null, now)).toBe(false);
  });
  it('without a known payer, judges the session only', () => {
    expect(resumesLinkSession({ status: 'open', customer_did: 'zA' }, 'zA', undefined, now)).toBe(true);
    expect(resumesLinkSession({ status: 'open', expires_at: now - 1 }, null, undefined, now)).toBe(false);
  });
});

describe('acceptedMethods', () => {
  const methods = [
    { id: 'pm1', type: 'arcblock', payment_currencies: [{ id: 'tba' }, { id: 'off', active: false }] },
    { id: 'pm2', type: 'stripe', payment_currencies: [{ id: 'usd' }] },
    { id: 'pm3', type: 'bitcoin', payment_currencies: [{ id: 'btc' }] },
  ];
  it('keeps the active currencies every item has a price in', () => {
    const items = [
      {
        quantity: 1,
        price: { currency_id: 'tba', unit_amount: '1', currency_options: [{ currency_id: 'usd', unit_amount: '1' }] },
      },
      {
        quantity: 1,
        price: { currency_id: 'tba', unit_amount: '2', currency_options: [{ currency_id: 'tba', unit_amount: '2' }] },
      },
    ];
    expect(acceptedMethods(methods, items).map((m) => [m.id, m.payment_currencies.map((c) => c.id)])).toEqual([
      ['pm1', ['tba']],
    ]);
    expect(acceptedMethods(methods, [items[0]!]).map((m) => m.id)).toEqual(['pm1', 'pm2']);
  });
});

describe('customerLinks', () => {
  it('builds the spec customer links under the app prefix', () => {
    const l = customerLinks('/');
    expect(l.invoice('in_1')).toBe('/customer/invoice/in_1');
    expect(l.subscription('sub 1')).toBe('/customer/subscription/sub%201');
    expect(l.creditGrant('cg_1')).toBe('/customer/credit-grant/cg_1');
    expect(l.pastDue('http://page.test/a?b=1')).toBe(
      '/customer/invoice/past-due?referer=http%3A%2F%2Fpage.test%2Fa%3Fb%3D1',
    );
    expect(l.pastDue()).toBe('/customer/invoice/past-due');
    expect(l.home()).toBe('/customer');
    expect(l.home('credits')).toBe('/customer?tab=credits');
    expect(customerLinks('/app/').invoice('in_1')).toBe('/app/customer/invoice/in_1');
  });
});

describe('admin and explorer links', () => {
  it('builds the spec admin links under the prefix and explorer transaction links', async () => {
    const { adminLinks, explorerTxLink } = await import('../../src/core/links.ts');
    expect(adminLinks('/').customer('cus 1')).toBe('/admin/customers/cus%201');
    expect(adminLinks('/app/').billing('in_1')).toBe('/app/admin/billing/in_1');
    expect(explorerTxLink('https://explorer.example/', '0xab')).toBe('https://explorer.example/tx/0xab');
  });
});
