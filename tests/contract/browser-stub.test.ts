/**
 * The browser tests' platform stand-in (tests/browser/stub-*.ts) answers what the elements' own api client accepts.
 * Its answers are typed from the client's types (stub-common.ts `ok<T>`: a wrong field or status does not compile);
 * here every answer an element reads goes through the client itself, with the client's response schemas (src/api, the
 * same structs the contract tests hold against the real platform's types), so a stub answer that drifts from them
 * fails here, by name, instead of as a confusing element test.
 */
import { AxiosError, type AxiosAdapter } from 'axios';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearBlockletCache, createApi, type Api } from '../../src/api/index.ts';
import { createDonations } from '../../src/api/resources/donations.ts';
import { createNotifications } from '../../src/api/resources/notifications.ts';
import { createOrgs } from '../../src/api/resources/orgs.ts';
import { createIconLoader } from '../../src/api/resources/icons.ts';
import { createPricingTables } from '../../src/api/resources/pricing-tables.ts';
import { createRefunds } from '../../src/api/resources/refunds.ts';
import { BLOCKLET, handleStub, initialState, type StubSwitches } from '../browser/stub-platform.ts';
import { fullUrl } from '../unit/fake-adapter.ts';

const state = initialState();
const answer = (method: string, url: string, body = '') => handleStub(state, method, url, async () => body);
/** Switch the stand-in as a browser test does (POST /__stub/state). */
const stub = async (switches: Partial<StubSwitches>) =>
  expect((await answer('POST', '/__stub/state', JSON.stringify(switches)))?.status).toBe(200);

/** axios → the stub's handler, as the browser tests' middleware does over HTTP. */
const adapter: AxiosAdapter = async (config) => {
  const u = fullUrl(config);
  const method = (config.method ?? 'get').toUpperCase();
  const body =
    config.data instanceof FormData
      ? await new Response(config.data).text()
      : typeof config.data === 'string'
        ? config.data
        : config.data
          ? JSON.stringify(config.data)
          : '';
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
  await stub({ signedIn: true });
  api = createApi({ locale: 'en', blocklet: BLOCKLET }, { adapter });
});
afterAll(() => vi.unstubAllGlobals());

type Read = [name: string, read: () => Promise<unknown>];
/** Reads in order (some change the stand-in's state for the next), each through the client's schemas. */
function reads(switches: Partial<StubSwitches>, list: Read[]) {
  beforeAll(() => stub({ signedIn: true, ...switches }));
  for (const [name, read] of list) {
    it(name, async () => {
      // The client throws BAD_RESPONSE (with the failing path) when the answer does not match its schema.
      await expect(read()).resolves.toBeTruthy();
    });
  }
}
/** A call whose answer the client does not read: it only has to succeed. */
const done = (call: () => Promise<unknown>) => async () => (await call(), true);

describe('the browser stub answers in the shapes of the api schemas', () => {
  reads({}, [
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
  ]);
});

describe('every answer an element reads', () => {
  describe('platform and header', () => {
    reads({}, [
      ['app description (__blocklet__.js?type=json)', () => createApi({ locale: 'en' }, { adapter }).blocklet.get()],
      [
        'unread count',
        () =>
          createNotifications(api)
            .unreadCount()
            .then((n) => n === 0),
      ],
      ['organizations', () => createOrgs(api).list()],
      ['organization', () => createOrgs(api).get('org_01')],
      ['current organization', () => createOrgs(api).currentOrgId()],
      ['create organization', () => createOrgs(api).create({ name: 'Gamma' })],
      ['switch organization', done(() => createOrgs(api).switchTo('org_02'))],
      [
        'icons (the icon service)',
        async () => {
          const loader = createIconLoader({
            hosts: ['/__stub/icons'],
            base: 'http://page.test/',
            fetch: async (input) => {
              const u = new URL(String(input));
              const res = await answer('GET', `${u.pathname}${u.search}`);
              return new Response(res?.body, { status: res?.status ?? 404 });
            },
          });
          return (await loader.load(['tabler:receipt'])).get('tabler:receipt');
        },
      ],
      ['sign out', done(() => api.session.logout())],
    ]);
  });

  describe('checkout', () => {
    reads({ checkout: { adjustable: true, donation: true, promotions: true, balance: true, vendors: [] } }, [
      ['start from a payment link', () => api.checkout.start('plink_test')],
      ['benefits', () => api.checkout.benefits('plink_test').then((b) => b.length > 0)],
      ['no cross-sell', () => api.checkout.crossSell.get('cs_test_1').then((x) => x === null)],
      ['adjust quantity', () => api.checkout.adjustQuantity('cs_test_1', { itemId: 'price_0', quantity: 2 })],
      ['custom amount', () => api.checkout.amount('cs_test_1', { priceId: 'price_0', amount: '7000000000000000000' })],
      [
        'apply a promotion code',
        () => api.checkout.applyPromotion('cs_test_1', { promotion_code: 'SAVE10', currency_id: 'pc_tba' }),
      ],
      ['recalculate the promotion', done(() => api.checkout.recalculatePromotion('cs_test_1', 'pc_tba'))],
      ['remove the promotion code', done(() => api.checkout.removePromotion('cs_test_1'))],
      [
        'submit',
        () =>
          api.checkout.submit('cs_test_1', {
            customer_name: 'Casey',
            customer_email: 'casey@example.com',
            payment_method: 'pm_arc',
            payment_currency: 'pc_tba',
          }),
      ],
      ['fast pay', () => api.checkout.fastCheckoutConfirm('cs_test_1')],
      ['wallet connect: open', () => api.connect.open('payment', { checkoutSessionId: 'cs_test_1' })],
      ['wallet connect: status', () => api.connect.status({ action: 'payment', token: 'tok_1' })],
      ['donate settings', () => createDonations(api).getOrCreate({ mountLocation: '/blog' }, { force: true })],
      ['donation link', () => createDonations(api).link({ target: '/blog' })],
    ]);
  });

  describe('checkout: the owner enables donations, a past-due payer', () => {
    reads({ checkout: { owner: true, limited: true, overdueStripe: true } }, [
      ['owner session', () => api.request({ path: 'api/__stub/owner-session' })],
      ['create the donate settings', () => createDonations(api).getOrCreate({ mountLocation: '/' }, { force: true })],
      ['enable donations', () => createDonations(api).enable('setting_1')],
      ['overdue invoices (checkout)', () => api.customers.overdueInvoices('cus_1')],
      ['collect: open', () => api.connect.open('collect-batch', { currencyId: 'pc_tba' })],
      ['collect: waiting', () => api.connect.status({ action: 'collect-batch', token: 'tok_collect' })],
      ['collect: paid', () => api.connect.status({ action: 'collect-batch', token: 'tok_collect' })],
    ]);
  });

  describe('pricing table', () => {
    reads({}, [
      ['pricing table', () => createPricingTables(api).retrieve('prctbl_test')],
      ['inactive pricing table', () => createPricingTables(api).retrieve('prctbl_inactive')],
      ['a plan’s checkout', () => createPricingTables(api).checkout('prctbl_test', 'price_pro_monthly', {})],
    ]);
  });

  describe('portal', () => {
    reads({ portal: { stripe: true, refunds: true, pending: { pc_crd: '1500' } } }, [
      ['stake invoices', () => api.invoices.list({ include_return_staking: true, subscription_id: 'sub_stake' })],
      ['invoice paid in ETH', () => api.invoices.retrieve('in_gas')],
      ['invoice paid by card', () => api.invoices.retrieve('in_card')],
      ['invoice with a promotion', () => api.invoices.retrieve('in_0002')],
      ['purchase vendors', () => api.checkout.vendorStatus('cs_vendor')],
      ['refunds', () => createRefunds(api).list({ invoice_id: 'in_0005' })],
      ['overdue invoices (portal)', () => api.customers.overdueInvoices('cus_1')],
      ['recover info', () => api.subscriptions.recoverInfo('sub_stake')],
      ['plan options', () => api.subscriptions.planOptions('sub_active')],
      ['payment options', () => api.subscriptions.paymentOptions('sub_active')],
      [
        'change plan',
        () => api.subscriptions.changePlan('sub_active', { item_id: 'si_1', price_id: 'price_team_yearly' }),
      ],
      ['change payment', () => api.subscriptions.changePayment('sub_trial', { currency_id: 'pc_usd' })],
      ['cancel', () => api.subscriptions.cancel('sub_active')],
      ['resume', () => api.subscriptions.recover('sub_active')],
      ['resume (needs a stake)', () => api.subscriptions.recover('sub_stake')],
      ['re-stake: open', () => api.connect.open('re-stake', { subscriptionId: 'sub_stake' })],
      ['re-stake: status', () => api.connect.status({ action: 're-stake', token: 'tok_sub_stake' })],
      ['collect: open', () => api.connect.open('collect-batch', { currencyId: 'pc_eth' })],
      ['collect: status', () => api.connect.status({ action: 'collect-batch', token: 'tok_pc_eth' })],
      ['credit grant', () => api.credits.grant('cg_granted')],
      ['credit summary', () => api.credits.summary('cus_1')],
      ['credit transactions', () => api.credits.transactions({ include_grants: true })],
      ['pending usage', () => api.payments.pendingAmount({ customer_id: 'cus_1' })],
      ['auto top-up', () => api.credits.autoRecharge('cus_1', 'pc_crd')],
      [
        'save the auto top-up',
        () =>
          api.credits.saveAutoRecharge({
            customer_id: 'cus_1',
            currency_id: 'pc_crd',
            enabled: true,
            threshold: '500',
            price_id: 'price_crd',
            quantity: 1,
            recharge_currency_id: 'pc_usd',
            daily_limits: { max_amount: '0', max_attempts: 0 },
          }),
      ],
    ]);
  });

  describe('store', () => {
    reads({}, [
      ['blocklet', () => api.store.get('z8blocklet0')],
      ['blocklet info', () => api.store.info('z8blocklet0')],
      ['versions', () => api.store.versions('z8blocklet0')],
      ['my blocklets', () => api.store.myBlocklets()],
      ['all blocklets (console)', () => api.store.allBlocklets()],
      ['create a blocklet', () => api.store.createBlocklet({ name: 'my-kit' })],
      ['edit a blocklet', () => api.store.updateBlocklet('z8blocklet0', { remark: 'Kept' })],
      ['upload a release', () => api.store.uploadRelease(new Blob(['zip']), 'release.zip')],
      ['request a review', () => api.store.review('z8blocklet0', '2.0.0', 'request')],
      ['set the category', () => api.store.setCategory('z8blocklet1', { category: 'ai' })],
      ['block', done(() => api.store.block('z8blocklet1', 'Spam'))],
      ['access tokens', () => api.store.accessTokens()],
      ['create an access token', () => api.store.createAccessToken('CI')],
      ['wallet connect (CLI): open', () => api.connect.open('connect-cli', { source: 'cli' }, { target: 'store' })],
      [
        'wallet connect (CLI): status',
        () => api.connect.status({ action: 'connect-cli', token: 'tok_connect-cli', target: 'store' }),
      ],
    ]);
  });
});
