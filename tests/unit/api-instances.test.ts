import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import axios from 'axios';
import { queryKey } from '../../src/api/query-keys.ts';
import { clearBlockletCache, createApi, PAYMENT_KIT_DID } from '../../src/api/index.ts';
import { checkoutContext, fakeAdapter } from './fake-adapter.ts';

beforeEach(() => {
  clearBlockletCache();
  vi.stubGlobal('location', { origin: 'http://page.test', href: 'http://page.test/' });
});
afterEach(() => vi.unstubAllGlobals());

describe('isolation between api instances', () => {
  it('two instances with different settings do not affect each other', async () => {
    const a = fakeAdapter({
      '/payment/api/checkout-sessions/retrieve/cs_1': { data: checkoutContext() },
    });
    const b = fakeAdapter({
      'https://b.test/__blocklet__.js': {
        data: { componentMountPoints: [{ did: PAYMENT_KIT_DID, mountPoint: '/pk/' }] },
      },
      'https://b.test/pk/api/checkout-sessions/retrieve/cs_1': { data: checkoutContext() },
    });
    const apiA = createApi(
      {
        locale: 'en',
        authToken: 'tokA',
        livemode: true,
        blocklet: { componentMountPoints: [{ did: PAYMENT_KIT_DID, mountPoint: '/payment/' }] },
      },
      { adapter: a.adapter },
    );
    const apiB = createApi(
      { locale: 'zh', authToken: 'tokB', livemode: false, baseUrl: 'https://b.test' },
      { adapter: b.adapter },
    );
    await Promise.all([apiA.checkout.retrieve('cs_1'), apiB.checkout.retrieve('cs_1'), apiA.checkout.retrieve('cs_1')]);
    expect(a.requests.map((r) => [r.url.split('?')[0], r.query])).toEqual([
      [
        'http://page.test/payment/api/checkout-sessions/retrieve/cs_1',
        { locale: 'en', livemode: 'true', authToken: 'tokA' },
      ],
      [
        'http://page.test/payment/api/checkout-sessions/retrieve/cs_1',
        { locale: 'en', livemode: 'true', authToken: 'tokA' },
      ],
    ]);
    const bCalls = b.requests.filter((r) => r.path.startsWith('/pk/'));
    expect(bCalls.map((r) => [r.url.split('?')[0], r.query])).toEqual([
      ['https://b.test/pk/api/checkout-sessions/retrieve/cs_1', { locale: 'zh', livemode: 'false', authToken: 'tokB' }],
    ]);
    expect(await apiA.http()).not.toBe(await apiB.http());
    expect(apiA.queryClient).not.toBe(apiB.queryClient);
  });

  it('configure moves an instance to another locale and livemode in place: later requests carry them', async () => {
    const { adapter, requests } = fakeAdapter({ '/api/checkout-sessions/retrieve/cs_1': { data: checkoutContext() } });
    const api = createApi({ locale: 'en', livemode: true, baseUrl: 'http://page.test/' }, { adapter });
    await api.checkout.retrieve('cs_1');
    expect(api.configure({ locale: 'en', livemode: true })).toBe(false);
    expect(api.configure({ locale: 'zh', livemode: false })).toBe(true);
    await api.checkout.retrieve('cs_1');
    expect(requests.map((r) => [r.query.locale, r.query.livemode])).toEqual([
      ['en', 'true'],
      ['zh', 'false'],
    ]);
    expect(api.config.locale).toBe('zh');
    expect(api.livemode).toBe(false);
  });

  it('does not touch axios global defaults or window globals', async () => {
    const before = { ...axios.defaults.params };
    const win: Record<string, unknown> = {};
    vi.stubGlobal('window', win);
    const { adapter } = fakeAdapter({ '/api/checkout-sessions/retrieve/cs_1': { data: checkoutContext() } });
    await createApi({ locale: 'en', authToken: 't', baseUrl: 'http://page.test/' }, { adapter }).checkout.retrieve(
      'cs_1',
    );
    expect(axios.defaults.params ?? {}).toEqual(before);
    expect(axios.defaults.baseURL).toBeUndefined();
    expect(Object.keys(win)).toEqual([]);
  });

  it('a per-instance query client, emptied on dispose', async () => {
    const { adapter } = fakeAdapter({ '/api/checkout-sessions/retrieve/cs_1': { data: checkoutContext() } });
    const api = createApi({ locale: 'en' }, { adapter });
    const data = await api.queryClient.fetchQuery({
      queryKey: queryKey('checkout', 'open', 'cs_1'),
      queryFn: () => api.checkout.retrieve('cs_1'),
    });
    expect(data.checkoutSession.id).toBe('cs_1');
    expect(api.queryClient.getQueryData(queryKey('checkout', 'open', 'cs_1'))).toBe(data);
    api.dispose();
    expect(api.queryClient.getQueryData(queryKey('checkout', 'open', 'cs_1'))).toBeUndefined();
  });
});
