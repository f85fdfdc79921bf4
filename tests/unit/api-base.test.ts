import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBlockletCache, createApi, PAYMENT_KIT_DID, STORE_DID } from '../../src/api/index.ts';
import { checkoutContext, fakeAdapter } from './fake-adapter.ts';

const settingsBody = { paymentMethods: [], baseCurrency: null };
const mounts = {
  componentMountPoints: [
    { did: PAYMENT_KIT_DID, mountPoint: '/payment' },
    { did: STORE_DID, mountPoint: '/market/' },
  ],
};

beforeEach(() => {
  clearBlockletCache();
  vi.stubGlobal('location', { origin: 'http://page.test', href: 'http://page.test/checkout/cs_1' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('base URL resolution', () => {
  it('uses the payment component mount point from blocklet.componentMountPoints', async () => {
    const { adapter, requests } = fakeAdapter({ '/payment/api/settings': { data: settingsBody } });
    const api = createApi({ locale: 'en', blocklet: mounts }, { adapter });
    await api.settings.get({ force: true });
    expect(requests[0]!.url.startsWith('http://page.test/payment/api/settings?')).toBe(true);
    expect((await api.resolve()).store).toBe('http://page.test/market/');
  });

  it('falls back to blocklet.prefix, then /', async () => {
    const a = fakeAdapter({ '/app/api/settings': { data: settingsBody }, '/api/settings': { data: settingsBody } });
    await createApi({ locale: 'en', blocklet: { prefix: '/app' } }, { adapter: a.adapter }).settings.get({
      force: true,
    });
    await createApi({ locale: 'en' }, { adapter: a.adapter }).settings.get({ force: true });
    expect(a.requests.map((r) => r.path)).toEqual(['/app/api/settings', '/api/settings']);
  });

  it('reads window.blocklet by default (never writes it)', async () => {
    const win = { blocklet: { ...mounts } };
    vi.stubGlobal('window', win);
    const { adapter, requests } = fakeAdapter({ '/payment/api/settings': { data: settingsBody } });
    await createApi({ locale: 'en' }, { adapter }).settings.get({ force: true });
    expect(requests[0]!.path).toBe('/payment/api/settings');
    expect(Object.keys(win)).toEqual(['blocklet']);
    expect(win.blocklet).toEqual(mounts);
  });

  it('a same-origin baseUrl override is used as is', async () => {
    const { adapter, requests } = fakeAdapter({ '/custom/pay/api/settings': { data: settingsBody } });
    const api = createApi({ locale: 'en', baseUrl: 'http://page.test/custom/pay', blocklet: mounts }, { adapter });
    await api.settings.get({ force: true });
    expect(requests.map((r) => r.url.split('?')[0])).toEqual(['http://page.test/custom/pay/api/settings']);
  });

  it('cross-origin baseUrl: fetches __blocklet__.js?type=json once, cached 10 minutes per origin', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const { adapter, requests } = fakeAdapter({
      'https://pay.remote.test/__blocklet__.js': { data: { appPid: 'zRemote', ...mounts } },
      'https://pay.remote.test/payment/api/checkout-sessions/retrieve/cs_1': { data: checkoutContext() },
    });
    const api = createApi({ locale: 'en', baseUrl: 'https://pay.remote.test/' }, { adapter });
    await api.checkout.retrieve('cs_1');
    await api.checkout.retrieve('cs_1');
    // another instance on the same origin shares the module cache
    await createApi({ locale: 'zh', baseUrl: 'https://pay.remote.test' }, { adapter }).checkout.retrieve('cs_1');
    const jsonFetches = () => requests.filter((r) => r.path === '/__blocklet__.js');
    expect(jsonFetches()).toHaveLength(1);
    expect(jsonFetches()[0]!.query).toEqual({ type: 'json' });
    expect(requests.filter((r) => r.path.endsWith('/cs_1')).every((r) => r.origin === 'https://pay.remote.test')).toBe(
      true,
    );
    expect(requests.find((r) => r.path.endsWith('/cs_1'))!.path).toBe('/payment/api/checkout-sessions/retrieve/cs_1');

    vi.setSystemTime(new Date('2026-01-01T00:09:59Z'));
    await api.checkout.retrieve('cs_1');
    expect(jsonFetches()).toHaveLength(1);

    vi.setSystemTime(new Date('2026-01-01T00:10:01Z'));
    await api.checkout.retrieve('cs_1');
    expect(jsonFetches()).toHaveLength(2);
  });

  it('cross-origin without the payment component falls back to the given baseUrl; a failed lookup is not cached', async () => {
    let calls = 0;
    const { adapter, requests } = fakeAdapter({
      'https://r.test/__blocklet__.js': () => (++calls === 1 ? 'network-error' : { data: { appPid: 'x' } }),
      'https://r.test/kit/api/settings': { data: settingsBody },
    });
    const api = createApi({ locale: 'en', baseUrl: 'https://r.test/kit' }, { adapter });
    await api.settings.get({ force: true });
    await api.settings.get({ force: true });
    expect(requests.filter((r) => r.path === '/__blocklet__.js')).toHaveLength(2);
    expect(requests.filter((r) => r.path === '/kit/api/settings')).toHaveLength(2);
  });

  it('store and service bases', async () => {
    const { adapter, requests } = fakeAdapter({
      '/market/api/blocklets/categories': { data: [{ locales: { en: 'All' } }] },
      '/.well-known/service/api/did/session': { data: { user: null } },
      '/store/api/blocklets/explore': { data: [] },
    });
    await createApi({ locale: 'en', blocklet: mounts }, { adapter }).store.categories();
    await createApi({ locale: 'en' }, { adapter }).store.explore();
    await createApi({ locale: 'en', blocklet: mounts }, { adapter }).session.get();
    expect(requests.map((r) => r.url.split('?')[0])).toEqual([
      'http://page.test/market/api/blocklets/categories',
      'http://page.test/store/api/blocklets/explore',
      'http://page.test/.well-known/service/api/did/session',
    ]);
  });
});
