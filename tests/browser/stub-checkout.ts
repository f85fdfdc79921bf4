// Stand-in for the payment endpoints <pay-checkout> calls (see stub-platform.ts). `state.checkout` holds this
// module's switches (set through POST /__stub/state { checkout: { … } }):
//   view: 'open' | 'expired' | 'empty' | 'complete'   livemode: boolean   items: number of line items (default 1)
//   fails: HTTP status for retrieve/start            balance: wallet balance sufficient (fast pay offered)
//   connect: 'succeed' | 'declined' | 'busy' | 'forbidden' (403) | 'expired' (400) | 'wait' (created) | 'scanned'
//                                                    successUrl: the session's success_url
//   mode: 'payment' | 'subscription' | 'setup'       phone: phone collection on      address: 'required'
//   limited: past-due invoices (submit answers CUSTOMER_LIMITED until they are paid; a TBA balance, plus a Stripe
//   one with overdueStripe)   collect: 'succeed' | 'declined' → the collect-batch wallet request's outcome
//   overdueFails: HTTP status for the overdue call
//   emptyOnSubmit: submit answers EMPTY_CHECKOUT and the session is empty afterwards
//   donation: a donation checkout; donateActive, donateFails, owner: the donate widget's settings (see the end)
//   adjustable: the first item's quantity is adjustable ('all': every item's)   maxQty: its maximum (default 5)
//   promotions: promotion codes allowed (SAVE10 and ZERO are valid)   pageInfo: field validation and a purpose text
//   successMessage: page_info.success_message ({en, zh})
//   confirmation: a session of a pricing table plan whose after_completion has this hosted confirmation message
//   vendors: the vendor status list of GET /api/vendors/order/cs_test_1/status (the first product gets a vendor_config)
//   qty: the merchant's quantity of the first item (default 1)   images: the first product has a picture, the second a
//   broken one   logos: the currencies have logos (TBA's loads, USD's is broken)   fiatWhole: the USD price is 9.00
//   available, sold: the first price's stock (quantity_available, quantity_sold)
//   consent: the session asks consent to the terms (consent_collection.terms_of_service 'required')
//   profileDelayMs: GET customers/me answers this much later (a profile still loading)   delayMs: every call does
//   quantityDelayMs: PUT adjust-quantity answers this much later (a quantity change still on its way)
// GET /__stub/checkout/calls → how many times each call was made (and `adjustAtOnce`: the most quantity changes the
// stub held at the same time); GET /__stub/checkout/connect-params → the last wallet request's parameters (the token
// request's flat query).

import type { PromotionResult } from '../../src/api/resources/checkout.ts';
import type { DonateSetting, DonationSettingsInput } from '../../src/api/resources/donations.ts';
import type {
  Beneficiary,
  CheckoutContext,
  CheckoutSession,
  ConnectStatus,
  Customer,
  LineItem,
  OverdueInvoices,
  PaymentCurrency,
  PaymentLink,
  PaymentMethod,
  PaymentSettings,
  Session,
  SubmitResponse,
  VendorStatus,
} from '../../src/api/types.ts';
import {
  connectAnswer,
  connectParams,
  DECLINED,
  fail,
  ok,
  readJson,
  record,
  wait,
  type Answer,
  type Discarded,
  type ErrorBody,
  type ErrorStatus,
  type Handler,
  type ReadBody,
  type Reply,
  type StubState,
} from './stub-common.ts';

export type CheckoutSwitches = {
  view?: 'open' | 'expired' | 'empty' | 'complete';
  livemode?: boolean;
  items?: number;
  fails?: ErrorStatus;
  balance?: boolean;
  connect?: 'succeed' | 'declined' | 'busy' | 'forbidden' | 'expired' | 'wait' | 'scanned';
  successUrl?: string;
  mode?: CheckoutSession['mode'];
  phone?: boolean;
  address?: 'auto' | 'required';
  consent?: boolean;
  limited?: boolean;
  overdueStripe?: boolean;
  collect?: 'succeed' | 'declined';
  overdueFails?: ErrorStatus;
  emptyOnSubmit?: boolean;
  donation?: boolean;
  donateActive?: boolean;
  donateFails?: ErrorStatus;
  owner?: boolean;
  adjustable?: boolean | 'all';
  maxQty?: number;
  promotions?: boolean;
  pageInfo?: boolean;
  successMessage?: Record<string, string>;
  confirmation?: string;
  vendors?: Array<Answer<VendorStatus>>;
  qty?: number;
  images?: boolean;
  logos?: boolean;
  fiatWhole?: boolean;
  available?: number;
  sold?: number;
  profileDelayMs?: number;
  quantityDelayMs?: number;
  delayMs?: number;
};

/** What the checkout stand-in records on the state while a test runs (the payer's changes, the calls). */
export type CheckoutRecords = {
  checkoutCalls?: Record<string, number>;
  checkoutPaid?: boolean;
  /** The last wallet request's parameters (the token request's flat query). */
  connectParams?: Record<string, string>;
  quantity?: number;
  /** The other items' quantities the payer changed, by price id. */
  quantities?: Record<string, number>;
  /** Quantity changes the stub is holding now (see quantityDelayMs). */
  adjusting?: number;
  custom?: string | null;
  promo?: string | null;
  lastSubmit?: unknown;
  collecting?: string;
  collectPolls?: number;
  overduePaid?: string[];
  donateActive?: boolean;
  donateBody?: DonateBody;
};
type DonateBody = {
  type?: string;
  mountLocation?: string;
  componentDid?: string;
  settings?: DonationSettingsInput;
};

const TBA: Answer<PaymentCurrency> = {
  id: 'pc_tba',
  payment_method_id: 'pm_arc',
  symbol: 'TBA',
  decimal: 18,
  active: true,
  name: 'ArcBlock Token',
};
const USD: Answer<PaymentCurrency> = {
  id: 'pc_usd',
  payment_method_id: 'pm_stripe',
  symbol: 'USD',
  decimal: 2,
  active: true,
  name: 'US Dollar',
};
const ARC: Answer<PaymentMethod> = {
  id: 'pm_arc',
  type: 'arcblock',
  name: 'ArcBlock',
  active: true,
  payment_currencies: [TBA],
};
const CARD: Answer<PaymentMethod> = {
  id: 'pm_stripe',
  type: 'stripe',
  name: 'Card',
  active: true,
  payment_currencies: [USD],
};
const METHODS = [ARC, CARD];
const E18 = 10n ** 18n;
const SVG = (fill: string) =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="${fill}"/></svg>`)}`;
const withLogos = (cfg: CheckoutSwitches): Array<Answer<PaymentMethod>> =>
  cfg.logos
    ? METHODS.map((m) => ({
        ...m,
        payment_currencies: m.payment_currencies.map((c) => ({
          ...c,
          logo: c.id === 'pc_tba' ? SVG('#4598FA') : '/__stub/missing-logo.png',
        })),
      }))
    : METHODS;
const PRODUCTS = ['Pro License', 'Support Pack', 'Extra Seats', 'Stickers'];

function session(
  cfg: CheckoutSwitches,
  paid: boolean | undefined,
  state: CheckoutRecords = {},
): Answer<CheckoutSession> {
  const n = cfg.view === 'empty' ? 0 : (cfg.items ?? 1);
  const now = Math.floor(Date.now() / 1000);
  const line_items = Array.from({ length: n }, (_, i): Answer<LineItem> => ({
    price_id: `price_${i}`,
    quantity: i === 0 ? (state.quantity ?? cfg.qty ?? 1) : (state.quantities?.[`price_${i}`] ?? 2),
    adjustable_quantity:
      cfg.adjustable === 'all' || (cfg.adjustable && i === 0)
        ? { enabled: true, minimum: 1, maximum: cfg.maxQty ?? 5 }
        : null,
    custom_amount: cfg.donation && i === 0 ? (state.custom ?? null) : null,
    price: {
      id: `price_${i}`,
      type: cfg.mode === 'subscription' ? 'recurring' : 'one_time',
      currency_id: 'pc_tba',
      unit_amount: String(BigInt(10 + i * 5) * E18),
      recurring: cfg.mode === 'subscription' ? { interval: 'month', interval_count: 1, usage_type: 'licensed' } : null,
      ...(cfg.available && i === 0 ? { quantity_available: cfg.available, quantity_sold: cfg.sold ?? 0 } : {}),
      currency_options: [{ currency_id: 'pc_usd', unit_amount: String((cfg.fiatWhole ? 900 : 999) + i * 100) }],
      product: {
        id: `prod_${i}`,
        name: PRODUCTS[i % PRODUCTS.length]!,
        description: i === 0 ? 'Lifetime license for one workspace' : undefined,
        images: cfg.images ? [i === 0 ? SVG('#16a34a') : '/__stub/missing-image.png'] : [],
        ...(cfg.vendors && i === 0 ? { vendor_config: [{ vendor_id: 'vnd_1' }] } : {}),
      },
      custom_unit_amount: cfg.donation && i === 0 ? { preset: String(5n * E18), presets: [] } : null,
    },
  }));
  const subtotal = line_items.reduce(
    (a, it) => a + (it.custom_amount ? BigInt(it.custom_amount) : BigInt(it.price.unit_amount) * BigInt(it.quantity)),
    0n,
  );
  const discount = state.promo === 'SAVE10' ? subtotal / 10n : 0n;
  const total = subtotal - discount;
  const discounts = state.promo
    ? [
        {
          promotion_code: `promo_${state.promo}`,
          coupon: 'co_1',
          discount_amount: String(discount),
          verification_data: { code: state.promo },
        },
      ]
    : [];
  const complete = paid || cfg.view === 'complete';
  return {
    id: 'cs_test_1',
    object: 'checkout_session',
    livemode: cfg.livemode !== false,
    mode: cfg.mode ?? 'payment',
    status: complete ? 'complete' : 'open',
    payment_status: complete ? 'paid' : 'unpaid',
    expires_at: cfg.view === 'expired' ? now - 60 : now + 3600,
    line_items,
    currency_id: 'pc_tba',
    amount_subtotal: String(subtotal),
    amount_total: String(total),
    total_details: { amount_discount: String(discount) },
    discounts,
    allow_promotion_codes: !!cfg.promotions,
    submit_type: cfg.donation ? 'donate' : 'pay',
    success_url: cfg.successUrl ?? null,
    invoice_id: complete ? 'in_test_1' : null,
    subscription_id: null,
    phone_number_collection: { enabled: !!cfg.phone },
    billing_address_collection: cfg.address ?? 'auto',
    ...(cfg.consent ? { consent_collection: { terms_of_service: 'required' } } : {}),
    metadata: cfg.successMessage
      ? { page_info: { success_message: cfg.successMessage } }
      : cfg.confirmation !== undefined
        ? {
            pricing_table_id: 'prctbl_test',
            after_completion: {
              type: 'hosted_confirmation',
              hosted_confirmation: { custom_message: cfg.confirmation },
            },
          }
        : cfg.pageInfo
          ? {
              page_info: {
                field_validation: {
                  customer_name: {
                    pattern: '^[A-Z]',
                    pattern_message: { en: 'Start with a capital letter', zh: '请以大写字母开头' },
                  },
                  customer_email: { pattern: '@example\\.com$' },
                },
                form_purpose_description: { en: 'We send the receipt to this email.', zh: '收据会发送到这个邮箱。' },
              },
            }
          : {},
    subscription_data: null,
    payment_link_id: 'plink_test',
  };
}

const OVERDUE_METHODS: Record<string, Answer<PaymentMethod>> = { pc_tba: ARC, pc_usd: CARD };
function overdue(cfg: CheckoutSwitches, state: CheckoutRecords): Answer<OverdueInvoices> {
  const paid = new Set(state.overduePaid ?? []);
  const due: Array<[id: string, currency: Answer<PaymentCurrency>, amount: string]> = [
    ['pc_tba', TBA, String(25n * E18)],
  ];
  if (cfg.overdueStripe) due.push(['pc_usd', USD, '1250']);
  const rows = due.filter(([id]) => !paid.has(id));
  // As the platform answers: plain TInvoice (no relations); each currency is in the summary.
  const invoices = rows.map(([id, , amount], i): Answer<OverdueInvoices>['invoices'][number] => ({
    id: `in_overdue_${i}`,
    number: `SBX-OD${i}`,
    status: 'open',
    total: amount,
    amount_remaining: amount,
    currency_id: id,
    customer_id: 'cus_1',
    created_at: '2026-01-01T00:00:00.000Z',
  }));
  const summary = Object.fromEntries(
    rows.map(([id, currency, amount]) => [id, { amount, currency, method: OVERDUE_METHODS[id]! }]),
  );
  return { summary, invoices, subscription: null, subscriptionCount: 0, customer: { id: 'cus_1' } };
}
const stillLimited = (cfg: CheckoutSwitches, state: CheckoutRecords) =>
  !!cfg.limited && overdue(cfg, state).invoices.length > 0;

/** Returns {status, type, body} for the paths this module owns, else null. */
export const handleCheckoutStub: Handler = async (state, method, url, readBody) => {
  const p = url.pathname;
  if (!p.startsWith('/payment/api/') && !p.startsWith('/__stub/checkout/')) return null;
  const cfg = state.checkout ?? {};
  const calls = (state.checkoutCalls ??= {});
  const count = (k: string) => (calls[k] = (calls[k] ?? 0) + 1);
  if (p === '/__stub/checkout/calls') return record(calls);
  if (p === '/__stub/checkout/connect-params') return record(state.connectParams ?? {});
  if (cfg.delayMs) await wait(cfg.delayMs);
  const paymentLink: Answer<PaymentLink> | null = cfg.donation
    ? {
        id: 'plink_test',
        donation_settings: {
          title: 'Support the team',
          description: 'Every tip helps.',
          amount: { presets: ['1', '5', '10'], preset: '5', minimum: '0.1', maximum: '100', custom: true },
        },
      }
    : null;
  const ctx = (): Answer<CheckoutContext> => ({
    checkoutSession: session(cfg, state.checkoutPaid, state),
    paymentMethods: withLogos(cfg),
    paymentLink,
    paymentIntent: null,
  });
  if (p === '/payment/api/payment-links/plink_test/benefits')
    return ok<Beneficiary[]>([{ name: 'The team', address: 'z1team', percent: 100, type: 'dapp' }]);
  const cs = '/payment/api/checkout-sessions/cs_test_1/';
  if (p === `${cs}adjust-quantity` && method === 'PUT') {
    count('adjust');
    state.adjusting = (state.adjusting ?? 0) + 1;
    calls.adjustAtOnce = Math.max(calls.adjustAtOnce ?? 0, state.adjusting);
    try {
      const { itemId, quantity } = await readJson<{ itemId?: string; quantity: number }>(readBody);
      if (cfg.quantityDelayMs) await wait(cfg.quantityDelayMs);
      if (quantity === undefined || quantity > 4) return fail(400, 'Exceed inventory', 'EXCEED_INVENTORY');
      if (itemId && itemId !== 'price_0') (state.quantities ??= {})[itemId] = quantity;
      else state.quantity = quantity;
      return ok<CheckoutSession>(session(cfg, false, state));
    } finally {
      state.adjusting = (state.adjusting ?? 1) - 1;
    }
  }
  if (p === `${cs}amount` && method === 'PUT') {
    count('amount');
    const { amount } = await readJson<{ amount: string }>(readBody);
    state.custom = amount;
    return ok<CheckoutSession>(session(cfg, false, state));
  }
  if (p === `${cs}apply-promotion` && method === 'POST') {
    count('apply');
    if (!state.signedIn) return fail(401, 'Login required');
    const { promotion_code } = await readJson<{ promotion_code: string }>(readBody);
    if (!promotion_code || !['SAVE10', 'ZERO'].includes(promotion_code))
      return fail(400, 'This promotion code is invalid', 'PROMOTION_CODE_INVALID');
    state.promo = promotion_code;
    return ok<PromotionResult>({ discounts: session(cfg, false, state).discounts });
  }
  if (p === `${cs}remove-promotion` && method === 'DELETE') {
    state.promo = null;
    return ok<Discarded>({});
  }
  if (p === `${cs}recalculate-promotion`) return ok<Discarded>({});
  if (p === '/payment/api/vendors/order/cs_test_1/status') {
    count('vendors');
    return ok<{ vendors: VendorStatus[] }>({ vendors: cfg.vendors ?? [] });
  }
  // A body with `error` is how the platform says there is no cross-sell (api.checkout.crossSell.get reads it so).
  if (p === `${cs}cross-sell` && method === 'GET')
    return ok<ErrorBody>({ error: 'No cross-sell for this checkout session' });

  if (
    p.startsWith('/payment/api/checkout-sessions/retrieve/') ||
    p.startsWith('/payment/api/checkout-sessions/start/')
  ) {
    count(p.includes('/start/') ? 'start' : 'retrieve');
    count(`load:${url.searchParams.get('locale')}:${url.searchParams.get('livemode')}`); // what the load was asked in
    if (cfg.fails) return fail(cfg.fails, 'Checkout session not found');
    return ok<CheckoutContext>(ctx());
  }
  if (p === '/payment/api/checkout-sessions/cs_test_1/submit' && method === 'PUT') {
    count('submit');
    state.lastSubmit = JSON.parse((await readBody()) || '{}');
    if (!state.signedIn) return fail(401, 'Please log in to continue');
    if (cfg.emptyOnSubmit) {
      // The merchant archived the only price meanwhile: the platform refuses and the session is empty from now on.
      cfg.view = 'empty';
      return fail(400, 'This checkout session has no items to pay for', 'EMPTY_CHECKOUT');
    }
    if (stillLimited(cfg, state))
      return fail(403, 'You have past-due invoices. Please pay them before making a new purchase.', 'CUSTOMER_LIMITED');
    const s = session(cfg, state.checkoutPaid, state);
    return ok<SubmitResponse>({
      checkoutSession: s,
      paymentIntent: { id: 'pi_1', status: 'requires_payment_method' },
      customer: { id: 'cus_1' },
      balance: { sufficient: !!cfg.balance },
      delegation: { sufficient: false },
      creditSufficient: false,
      fastPayInfo: cfg.balance
        ? { type: 'balance', amount: s.amount_total, token: { balance: String(1000n * E18) } }
        : null,
    });
  }
  if (p === '/payment/api/checkout-sessions/cs_test_1/fast-checkout-confirm') {
    count('fast');
    state.checkoutPaid = true;
    return ok<{ fastPaid?: boolean | null }>({ fastPaid: true });
  }
  if (p === '/payment/api/customers/me') {
    if (!state.signedIn) return fail(401, 'Login required');
    count('me');
    if (cfg.profileDelayMs) await wait(cfg.profileDelayMs);
    return ok<Customer>({
      id: 'cus_1',
      name: 'Casey Customer',
      email: 'casey@example.com',
      phone: '',
      address: { country: 'us' },
    });
  }
  const od = p.match(/^\/payment\/api\/customers\/([^/]+)\/overdue\/invoices$/);
  if (od && cfg.limited) {
    count('overdue');
    if (cfg.overdueFails) return fail(cfg.overdueFails, 'Overdue invoices are not available right now');
    return ok<OverdueInvoices>(overdue(cfg, state));
  }
  const cb = p.match(/^\/payment\/api\/did\/collect-batch\/(token|status|timeout)$/);
  if (cb && cfg.limited) {
    if (cb[1] === 'timeout') return ok<Discarded>({});
    if (cb[1] === 'token') {
      count('collect');
      state.collecting = connectParams(url).currencyId;
      state.collectPolls = 0;
      return connectAnswer(url, 'collect-batch', 'tok_collect');
    }
    // Like a wallet: the first poll finds the request still waiting (so the wallet dialog is seen), then the outcome.
    if ((state.collectPolls = (state.collectPolls ?? 0) + 1) === 1) return ok<ConnectStatus>({ status: 'created' });
    if (cfg.collect === 'declined') return ok<ConnectStatus>({ status: 'error', error: DECLINED });
    state.overduePaid = [...(state.overduePaid ?? []), ...(state.collecting ? [state.collecting] : [])];
    return ok<ConnectStatus>({ status: 'succeed' });
  }
  const did = p.match(/^\/payment\/api\/did\/([a-z]+)\/(token|status|timeout)$/);
  if (did) {
    if (did[2] === 'timeout') {
      count('timeout');
      return ok<Discarded>({});
    }
    if (did[2] === 'token') {
      count('connect');
      state.connectParams = connectParams(url);
      return connectAnswer(url, did[1] as string, `tok_${count('tokens')}`);
    }
    count('status');
    if (cfg.connect === 'declined') return ok<ConnectStatus>({ status: 'error', error: DECLINED });
    if (cfg.connect === 'busy') return ok<ConnectStatus>({ status: 'busy' });
    if (cfg.connect === 'forbidden') return fail(403, 'forbidden');
    if (cfg.connect === 'expired') return fail(400, 'Token not found');
    if (cfg.connect === 'wait') return ok<ConnectStatus>({ status: 'created' });
    if (cfg.connect === 'scanned') return ok<ConnectStatus>({ status: 'scanned' });
    state.checkoutPaid = true;
    return ok<ConnectStatus>({ status: 'succeed' });
  }
  return handleDonate(state, cfg, method, p, readBody, count);
};

// The donate widget: donateActive (settings active from the start), donateFails (HTTP status of POST /settings),
// owner (PUT /settings/:id is allowed; GET /payment/api/__stub/owner-session answers an owner session).
async function handleDonate(
  state: StubState,
  cfg: CheckoutSwitches,
  method: string,
  p: string,
  readBody: ReadBody,
  count: (k: string) => number,
): Promise<Reply | null> {
  if (p === '/payment/api/__stub/owner-session')
    return ok<Session>({
      user: { did: 'z1owner', fullName: 'Olivia Owner', email: 'olivia@example.com', role: 'owner' },
    });
  if (p === '/payment/api/settings' && method === 'POST') {
    count('donateSettings');
    if (cfg.donateFails) return fail(cfg.donateFails, 'Settings are not available right now');
    const body = await readJson<DonateBody>(readBody);
    if (body.type !== 'donate' || !body.mountLocation) return fail(400, 'type and mountLocation are required');
    state.donateBody = body;
    return ok<DonateSetting>({
      id: 'setting_1',
      type: 'donate',
      livemode: true,
      // TSetting's columns are snake case (the create body is camel case, as TSettingCreate has it).
      mount_location: body.mountLocation,
      component_did: body.componentDid ?? null,
      settings: body.settings ?? {},
      active: !!(state.donateActive ?? cfg.donateActive),
    });
  }
  if (p === '/payment/api/settings/setting_1' && method === 'PUT') {
    count('donateEnable');
    if (!cfg.owner) return fail(403, 'Forbidden: this endpoint is for the merchant (owner or admin) only');
    state.donateActive = true;
    return ok<DonateSetting>({
      id: 'setting_1',
      type: 'donate',
      livemode: true,
      mount_location: state.donateBody?.mountLocation ?? '/',
      component_did: state.donateBody?.componentDid ?? null,
      settings: {},
      active: true,
    });
  }
  if (p === '/payment/api/donations' && method === 'POST') {
    count('donations');
    return ok<{ id: string }>({ id: 'plink_test' });
  }
  if (p === '/payment/api/settings') return ok<PaymentSettings>({ paymentMethods: METHODS, baseCurrency: TBA });
  return null;
}
