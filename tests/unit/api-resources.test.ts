import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBlockletCache, createApi, PAYMENT_KIT_DID, settingsCacheKey } from '../../src/api/index.ts';
import { fakeAdapter, memoryStorage } from './fake-adapter.ts';

const blocklet = { appPid: 'zApp', componentMountPoints: [{ did: PAYMENT_KIT_DID, mountPoint: '/payment/' }] };
const settingsBody = {
  paymentMethods: [
    { id: 'pm', type: 'arcblock', name: 'ArcBlock', payment_currencies: [{ id: 'c', symbol: 'TBA', decimal: 18 }] },
  ],
  baseCurrency: { id: 'c', symbol: 'TBA', decimal: 18 },
};

beforeEach(() => {
  clearBlockletCache();
  vi.stubGlobal('location', { origin: 'http://page.test', href: 'http://page.test/' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('settings', () => {
  it('caches in sessionStorage under payment-settings-<baseUrl>-<livemode>', async () => {
    const ss = memoryStorage();
    vi.stubGlobal('sessionStorage', ss);
    const { adapter, requests } = fakeAdapter({ '/payment/api/settings': { data: settingsBody } });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    const first = await api.settings.get();
    const second = await api.settings.get();
    expect(second).toEqual(first);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.query.livemode).toBe('true');
    expect(Object.keys(ss.dump())).toEqual([settingsCacheKey('http://page.test/payment/', true)]);
    expect(settingsCacheKey('http://page.test/payment/', true)).toBe('payment-settings-http://page.test/payment/-true');
    // another livemode is another entry
    await createApi({ locale: 'en', blocklet, livemode: false }, { adapter }).settings.get();
    expect(requests).toHaveLength(2);
    // a corrupt entry is ignored
    ss.setItem(settingsCacheKey('http://page.test/payment/', true), '{broken');
    await api.settings.get();
    expect(requests).toHaveLength(3);
  });
});

describe('checkout calls', () => {
  it('use the documented paths, methods and bodies', async () => {
    const session = {
      id: 'cs_1',
      livemode: true,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      expires_at: 1,
      currency_id: 'c',
      line_items: [],
    };
    const { adapter, requests } = fakeAdapter({
      'POST /payment/api/checkout-sessions/start/plink_1': { data: { checkoutSession: session, paymentMethods: [] } },
      'POST /payment/api/checkout-sessions/cs_1/fast-checkout-confirm': { data: { fastPaid: true } },
      'POST /payment/api/checkout-sessions/cs_1/apply-promotion': { data: { discounts: [{ promotion_code: 'p' }] } },
      'DELETE /payment/api/checkout-sessions/cs_1/remove-promotion': { data: {} },
      'POST /payment/api/checkout-sessions/cs_1/recalculate-promotion': { data: {} },
      'PUT /payment/api/checkout-sessions/cs_1/upsell': { data: session },
      'PUT /payment/api/checkout-sessions/cs_1/downsell': { data: session },
      'PUT /payment/api/checkout-sessions/cs_1/cross-sell': { data: session },
      'DELETE /payment/api/checkout-sessions/cs_1/cross-sell': { data: session },
      'GET /payment/api/checkout-sessions/cs_1/cross-sell': { data: { error: 'no cross sell' } },
      'PUT /payment/api/checkout-sessions/cs_1/adjust-quantity': { data: session },
      'PUT /payment/api/checkout-sessions/cs_1/amount': { data: session },
      'POST /payment/api/checkout-sessions/cs_1/abort-stripe': { data: {} },
      'PUT /payment/api/checkout-sessions/cs_1/donate-submit': { data: {} },
      'GET /payment/api/vendors/order/cs_1/status': { data: { vendors: [{ status: 'delivered', progress: 100 }] } },
      'GET /payment/api/customers/me': { data: { id: 'cus_1', name: 'A' } },
    });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    await api.checkout.start('plink_1', { currencyId: 'c', qty_price_1: 2 });
    expect((await api.checkout.fastCheckoutConfirm('cs_1')).fastPaid).toBe(true);
    await api.checkout.applyPromotion('cs_1', { promotion_code: '  SAVE10 ', currency_id: 'c' });
    await api.checkout.removePromotion('cs_1');
    await api.checkout.recalculatePromotion('cs_1', 'c');
    await api.checkout.upsell('cs_1', { from: 'p1', to: 'p2' });
    await api.checkout.downsell('cs_1', { from: 'p2' });
    await api.checkout.crossSell.add('cs_1', 'p3');
    await api.checkout.crossSell.remove('cs_1');
    expect(await api.checkout.crossSell.get('cs_1')).toBeNull();
    await api.checkout.adjustQuantity('cs_1', { itemId: 'li_1', quantity: 3 });
    await api.checkout.amount('cs_1', { priceId: 'p1', amount: '1500' });
    await api.checkout.abortStripe('cs_1');
    await api.checkout.donateSubmit('cs_1', { customer_name: 'x' });
    expect((await api.checkout.vendorStatus('cs_1')).vendors[0]!.progress).toBe(100);
    await api.customers.me();
    const summary = requests.map((r) => `${r.method} ${r.path.replace('/payment/api/', '')}`);
    expect(summary).toEqual([
      'POST checkout-sessions/start/plink_1',
      'POST checkout-sessions/cs_1/fast-checkout-confirm',
      'POST checkout-sessions/cs_1/apply-promotion',
      'DELETE checkout-sessions/cs_1/remove-promotion',
      'POST checkout-sessions/cs_1/recalculate-promotion',
      'PUT checkout-sessions/cs_1/upsell',
      'PUT checkout-sessions/cs_1/downsell',
      'PUT checkout-sessions/cs_1/cross-sell',
      'DELETE checkout-sessions/cs_1/cross-sell',
      'GET checkout-sessions/cs_1/cross-sell',
      'PUT checkout-sessions/cs_1/adjust-quantity',
      'PUT checkout-sessions/cs_1/amount',
      'POST checkout-sessions/cs_1/abort-stripe',
      'PUT checkout-sessions/cs_1/donate-submit',
      'GET vendors/order/cs_1/status',
      'GET customers/me',
    ]);
    expect(requests[0]!.query).toMatchObject({ currencyId: 'c', qty_price_1: '2' });
    expect(requests[2]!.data).toEqual({ promotion_code: 'SAVE10', currency_id: 'c' });
    expect(requests[4]!.data).toEqual({ currency_id: 'c' });
    expect(requests[5]!.data).toEqual({ from: 'p1', to: 'p2' });
    expect(requests[7]!.data).toEqual({ to: 'p3' });
    expect(requests[9]!.query.skipError).toBe('true');
    expect(requests[10]!.data).toEqual({ itemId: 'li_1', quantity: 3 });
    expect(requests[11]!.data).toEqual({ priceId: 'p1', amount: '1500' });
    expect(requests[15]!.query).toMatchObject({ skipSummary: '1', fallback: '1' });
  });

  it('invoices list and retrieve', async () => {
    const inv = { id: 'in_1', status: 'paid', total: '100', created_at: '2026-01-01T00:00:00Z' };
    const { adapter, requests } = fakeAdapter({
      '/payment/api/invoices': { data: { count: 1, list: [inv] } },
      '/payment/api/invoices/in_1': { data: inv },
    });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    const page = await api.invoices.list({ page: 1, pageSize: 10, customer_id: 'cus_1', include_staking: true });
    expect(page.count).toBe(1);
    expect((await api.invoices.retrieve('in_1')).status).toBe('paid');
    expect(requests[0]!.query).toMatchObject({
      page: '1',
      pageSize: '10',
      customer_id: 'cus_1',
      include_staking: 'true',
    });
  });
});

// The wallet connect client: tests/unit/connect-client.test.ts.

describe('session, blocklet, store', () => {
  it('session urls and calls', async () => {
    const { adapter, requests } = fakeAdapter({
      '/.well-known/service/api/did/session': { data: { user: { did: 'z1', role: 'customer', fullName: 'Casey' } } },
      'POST /.well-known/service/api/user/logout': { data: {} },
    });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    expect((await api.session.get()).user?.did).toBe('z1');
    await api.session.logout();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /.well-known/service/api/did/session',
      'POST /.well-known/service/api/user/logout',
    ]);
    expect(api.session.loginUrl('http://page.test/checkout/cs_1?x=1')).toBe(
      'http://page.test/.well-known/service/login?redirect=http%3A%2F%2Fpage.test%2Fcheckout%2Fcs_1%3Fx%3D1',
    );
    expect(api.session.avatarUrl('z1', 48)).toBe(
      'http://page.test/.well-known/service/user/avatar/z1?imageFilter=resize&w=48&h=48',
    );
    // cross-origin: the service lives on the platform origin
    const remote = createApi({ locale: 'en', baseUrl: 'https://pay.remote.test/' }, { adapter });
    expect(remote.session.loginUrl('/x')).toBe('https://pay.remote.test/.well-known/service/login?redirect=%2Fx');
  });

  it('a missing user is null', async () => {
    const { adapter } = fakeAdapter({ '/.well-known/service/api/did/session': { data: {} } });
    expect((await createApi({ locale: 'en' }, { adapter }).session.get()).user).toBeNull();
  });

  it('blocklet.get: explicit settings, then window.blocklet, else the fetched JSON', async () => {
    const { adapter, requests } = fakeAdapter({
      'http://page.test/__blocklet__.js': { data: { appName: 'Fetched', appPid: 'zF' } },
    });
    expect((await createApi({ locale: 'en', blocklet }, { adapter }).blocklet.get()).appPid).toBe('zApp');
    vi.stubGlobal('window', { blocklet: { appName: 'Global' } });
    expect((await createApi({ locale: 'en' }, { adapter }).blocklet.get()).appName).toBe('Global');
    vi.stubGlobal('window', {});
    expect((await createApi({ locale: 'en' }, { adapter }).blocklet.get()).appName).toBe('Fetched');
    expect(requests).toHaveLength(1);
  });

  it('store list / get', async () => {
    const { adapter, requests } = fakeAdapter({
      '/store/api/v2/blocklets.json': { data: { dataList: [{ did: 'zB', title: 'B' }], total: 1 } },
      '/store/api/blocklets/zB/1.0.0/blocklet.json': { data: { did: 'zB', version: '1.0.0' } },
    });
    const api = createApi({ locale: 'en' }, { adapter });
    expect((await api.store.list({ keyword: 'pay', page: 1, pageSize: 18 })).total).toBe(1);
    expect((await api.store.get('did:abt:zB', '1.0.0')).version).toBe('1.0.0');
    expect(requests[0]!.query).toMatchObject({ keyword: 'pay', page: '1', pageSize: '18' });
    expect(requests[1]!.query).toMatchObject({ source: 'webapp', extended: 'true' });
  });
});

describe('portal calls', () => {
  it('customers.me accepts the fallback profile (id null); crossSell 404 → null; recover wraps a bare subscription', async () => {
    const sub = { id: 'sub_1', status: 'active' };
    const { adapter, requests } = fakeAdapter({
      '/payment/api/customers/me': {
        data: { id: null, name: 'Casey', email: 'casey@example.com', address: { country: 'us' } },
      },
      '/payment/api/checkout-sessions/cs_1/cross-sell': { status: 404, data: { error: 'Not found' } },
      'PUT /payment/api/subscriptions/sub_1/recover': { data: sub },
      'PUT /payment/api/subscriptions/sub_2/recover': {
        data: { subscription: { ...sub, id: 'sub_2' }, needStake: true },
      },
      'PUT /payment/api/subscriptions/sub_1/cancel': { data: { ...sub, cancel_at_period_end: true } },
      '/payment/api/subscriptions': { data: { count: 1, list: [sub] } },
    });
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    expect((await api.customers.me()).id).toBeNull();
    expect(await api.checkout.crossSell.get('cs_1')).toBeNull();
    expect(await api.subscriptions.recover('sub_1')).toEqual({ subscription: sub });
    expect(await api.subscriptions.recover('sub_2')).toEqual({
      subscription: { ...sub, id: 'sub_2' },
      needStake: true,
    });
    expect(
      (await api.subscriptions.cancel('sub_1', { at: 'current_period_end', feedback: 'too_expensive' }))
        .cancel_at_period_end,
    ).toBe(true);
    expect(requests.at(-1)!.data).toEqual({ at: 'current_period_end', feedback: 'too_expensive' });
    expect((await api.subscriptions.list()).list[0]!.id).toBe('sub_1');
  });
});
