import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBlockletCache, createApi, PAYMENT_KIT_DID } from '../../src/api/index.ts';
import { checkoutContext, fakeAdapter, memoryStorage } from './fake-adapter.ts';

const blocklet = { componentMountPoints: [{ did: PAYMENT_KIT_DID, mountPoint: '/payment/' }] };
const routes = {
  '/payment/api/checkout-sessions/retrieve/cs_1': { data: checkoutContext() },
  'https://other.test/payment/api/checkout-sessions/retrieve/cs_1': { data: checkoutContext() },
  'https://other.test/__blocklet__.js': { data: blocklet },
  '/.well-known/service/api/did/session': { data: { user: null } },
};

beforeEach(() => {
  clearBlockletCache();
  vi.stubGlobal('location', { origin: 'http://page.test', href: 'http://page.test/' });
});
afterEach(() => vi.unstubAllGlobals());

describe('common query parameters', () => {
  it('adds locale and livemode=true by default (no localStorage)', async () => {
    const { adapter, requests } = fakeAdapter(routes);
    await createApi({ locale: 'zh', blocklet }, { adapter }).checkout.retrieve('cs_1');
    expect(requests[0]!.query).toEqual({ locale: 'zh', livemode: 'true' });
  });

  it('livemode from localStorage: default true, stored "false" → false, read per request', async () => {
    const ls = memoryStorage();
    vi.stubGlobal('localStorage', ls);
    const { adapter, requests } = fakeAdapter(routes);
    const api = createApi({ locale: 'en', blocklet }, { adapter });
    await api.checkout.retrieve('cs_1');
    ls.setItem('livemode', 'false');
    await api.checkout.retrieve('cs_1');
    ls.setItem('livemode', 'true');
    await api.checkout.retrieve('cs_1');
    expect(requests.map((r) => r.query.livemode)).toEqual(['true', 'false', 'true']);
    expect(api.livemode).toBe(true);
  });

  it('the livemode setting wins over localStorage; a caller-supplied livemode wins over both', async () => {
    vi.stubGlobal('localStorage', memoryStorage({ livemode: 'true' }));
    const { adapter, requests } = fakeAdapter({ ...routes, '/payment/api/settings': { data: { paymentMethods: [] } } });
    const api = createApi({ locale: 'en', blocklet, livemode: false }, { adapter });
    await api.checkout.retrieve('cs_1');
    await api.request({ path: 'api/settings', params: { livemode: true } });
    expect(requests.map((r) => r.query.livemode)).toEqual(['false', 'true']);
  });

  it('authToken is added to platform-origin requests (payment and service), not overriding a supplied one', async () => {
    const { adapter, requests } = fakeAdapter({
      ...routes,
      '/payment/api/customers/c1/overdue/invoices': { data: { summary: {}, invoices: [] } },
    });
    const api = createApi({ locale: 'en', blocklet, authToken: 'secret' }, { adapter });
    await api.checkout.retrieve('cs_1');
    await api.session.get();
    await api.customers.overdueInvoices('c1', { authToken: 'caller' });
    await api.request({ path: 'api/checkout-sessions/retrieve/cs_1?authToken=inurl' });
    expect(requests.map((r) => r.query.authToken)).toEqual(['secret', 'secret', 'caller', 'inurl']);
  });

  it('never sends the authToken to another origin', async () => {
    const { adapter, requests } = fakeAdapter(routes);
    const api = createApi({ locale: 'en', blocklet, authToken: 'secret' }, { adapter });
    await api.request({ path: 'https://other.test/payment/api/checkout-sessions/retrieve/cs_1' });
    expect(requests[0]!.origin).toBe('https://other.test');
    expect(requests[0]!.query.authToken).toBeUndefined();
    expect(requests[0]!.query.locale).toBe('en');
  });

  it('cross-origin base: the token goes to the configured platform origin only (not the page origin)', async () => {
    const { adapter, requests } = fakeAdapter({
      ...routes,
      'http://page.test/payment/api/checkout-sessions/retrieve/cs_1': { data: checkoutContext() },
    });
    const api = createApi({ locale: 'en', baseUrl: 'https://other.test', authToken: 'secret' }, { adapter });
    await api.checkout.retrieve('cs_1');
    await api.request({ path: 'http://page.test/payment/api/checkout-sessions/retrieve/cs_1' });
    const [json, platform, page] = requests;
    expect(json!.path).toBe('/__blocklet__.js');
    expect(json!.query.authToken).toBeUndefined();
    expect(platform!.origin).toBe('https://other.test');
    expect(platform!.query.authToken).toBe('secret');
    expect(page!.origin).toBe('http://page.test');
    expect(page!.query.authToken).toBeUndefined();
  });
});
