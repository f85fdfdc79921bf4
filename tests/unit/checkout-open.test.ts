import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBlockletCache, createApi, PAYMENT_KIT_DID } from '../../src/api/index.ts';
import { plinkSessionKey } from '../../src/api/resources/checkout.ts';
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
