/**
 * The browser tests' platform stand-in (tests/browser/stub-*.ts) answers what the elements' own api client accepts:
 * its answers are typed from the client's types (a wrong field or status does not compile), and every answer below
 * goes through the client's response schemas (src/api, the same structs the contract tests hold against the real
 * platform's types), so a stub answer that drifts from them fails here, by name, instead of as a confusing element
 * test.
 */
import { AxiosError, type AxiosAdapter } from 'axios';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearBlockletCache, createApi, type Api } from '../../src/api/index.ts';
import { BLOCKLET, handleStub, initialState } from '../browser/stub-platform.ts';
import { fullUrl } from '../unit/fake-adapter.ts';

const state = initialState();
const answer = (method: string, url: string, body = '') => handleStub(state, method, url, async () => body);

/** axios → the stub's handler, as the browser tests' middleware does over HTTP. */
const adapter: AxiosAdapter = async (config) => {
  const u = fullUrl(config);
  const method = (config.method ?? 'get').toUpperCase();
  const body = typeof config.data === 'string' ? config.data : config.data ? JSON.stringify(config.data) : '';
  const res = await answer(method, `${u.pathname}${u.search}`, body);
  const status = res?.status ?? 404;
  const data = res && res.type.includes('json') ? JSON.parse(res.body) : res?.body;
  const response = { status, statusText: '', data, headers: {}, config };
  if (status >= 400) throw new AxiosError(`status ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
  return response;
};

let api: Api;
beforeAll(async () => {
  vi.stubGlobal('location', { origin: 'http://page.test', href: 'http://page.test/' });
  clearBlockletCache();
  expect((await answer('POST', '/__stub/state', JSON.stringify({ signedIn: true })))?.status).toBe(200);
  api = createApi({ locale: 'en', blocklet: BLOCKLET }, { adapter });
});
afterAll(() => vi.unstubAllGlobals());

describe('the browser stub answers in the shapes of the api schemas', () => {
  const reads: Array<[string, () => Promise<unknown>]> = [
    ['settings', () => api.settings.get()],
    ['session', () => api.session.get()],
    ['customer', () => api.customers.me()],
    ['invoices', () => api.invoices.list()],
    ['invoice', () => api.invoices.retrieve('in_0000')],
    ['subscriptions', () => api.subscriptions.list()],
    ['subscription', () => api.subscriptions.retrieve('sub_active')],
    ['credit grants', () => api.credits.grants()],
    ['payments', () => api.payments.list()],
    ['checkout session', () => api.checkout.retrieve('cs_test_1')],
    ['vendor status', () => api.checkout.vendorStatus('cs_test_1')],
    ['store list', () => api.store.list()],
    ['store categories', () => api.store.categories()],
    ['store explore', () => api.store.explore()],
  ];
  for (const [name, read] of reads) {
    it(name, async () => {
      // The client throws BAD_RESPONSE (with the failing path) when the answer does not match its schema.
      await expect(read()).resolves.toBeTruthy();
    });
  }
});
