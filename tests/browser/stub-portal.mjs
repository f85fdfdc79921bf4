// Stand-in for the payment endpoints <pay-portal> calls (see stub-platform.mjs). `state.portal` holds this
// module's switches (set through POST /__stub/state { portal: { … } }):
//   count: how many invoices the customer has (default 23)   fails: HTTP status for every portal call
//   subscriptions: false → the customer has none   recoverFails: true → PUT …/recover answers 400
// Subscriptions: sub_active (paid, 10 TBA/month + a metered item), sub_trial (trialing), sub_stake (scheduled to
// cancel, stake revoked: resume needs a new stake), sub_ending (scheduled to cancel). Cancel/recover change them
// for the rest of the test (state.portal.subs).

const TBA = { id: 'pc_tba', symbol: 'TBA', decimal: 18, name: 'ArcBlock Token' };
const METHOD = { id: 'pm_arc', type: 'arcblock', name: 'ArcBlock', settings: { arcblock: { explorer_host: 'https://explorer.example' } }, payment_currencies: [TBA] };
const REASONS = ['manual', 'subscription_create', 'subscription_cycle', 'stake', 'return_stake', 'auto_recharge'];
const STATUSES = ['paid', 'open', 'uncollectible', 'void', 'draft'];
const E18 = 10n ** 18n;

function invoice(i) {
  const status = i === 0 ? 'paid' : STATUSES[i % STATUSES.length];
  const total = String(BigInt(10 + i) * E18 + 5n * 10n ** 17n);
  return {
    id: `in_${String(i).padStart(4, '0')}`, number: `SBX-${String(i + 1).padStart(4, '0')}`, status, total,
    amount_paid: status === 'paid' ? total : '0', amount_remaining: status === 'paid' || status === 'void' ? '0' : total,
    billing_reason: REASONS[i % REASONS.length], description: `Sandbox Pro License × 1`, currency_id: 'pc_tba', customer_id: 'cus_1',
    created_at: new Date(Date.UTC(2026, 10, 20 - (i % 20), 9, 30)).toISOString(), paymentCurrency: TBA, paymentMethod: METHOD,
    paymentIntent: { id: `pi_${i}`, status: 'succeeded' },
    metadata: { payment_details: { arcblock: { tx_hash: `0xabc${i}def`, payer: 'z1casey' } } },
    lines: [{ id: `ii_${i}`, description: 'Sandbox Pro License × 1', quantity: 1, amount: total, price: { id: 'price_pro', product: { name: 'Sandbox Pro License' } } }],
  };
}

const DAY = 86400;
const NOW = Math.floor(Date.UTC(2026, 10, 20, 9, 30) / 1000);
const price = (id, name, tokens, usage = 'licensed') => ({
  id, type: 'recurring', currency_id: 'pc_tba', unit_amount: String(BigInt(tokens * 100) * E18 / 100n),
  recurring: { interval: 'month', interval_count: 1, usage_type: usage }, product: { id: `prod_${id}`, name },
});
function subscriptions() {
  const base = {
    currency_id: 'pc_tba', customer_id: 'cus_1', paymentCurrency: TBA, paymentMethod: METHOD, default_payment_method_id: 'pm_arc',
    current_period_start: NOW - 5 * DAY, current_period_end: NOW + 25 * DAY, start_date: NOW - 35 * DAY, cancel_at: null, cancel_at_period_end: false,
    canceled_at: null, trial_start: null, trial_end: null, created_at: new Date((NOW - 35 * DAY) * 1000).toISOString(),
  };
  return [
    { ...base, id: 'sub_active', status: 'active', description: 'Sandbox Team',
      items: [{ id: 'si_1', quantity: 2, price: price('price_team', 'Sandbox Team', 5) }, { id: 'si_2', quantity: 1, price: price('price_api', 'API calls', 0.01, 'metered') }] },
    { ...base, id: 'sub_trial', status: 'trialing', description: 'Sandbox Studio', trial_start: NOW - DAY, trial_end: NOW + 6 * DAY, current_period_end: NOW + 6 * DAY,
      items: [{ id: 'si_3', quantity: 1, price: price('price_studio', 'Sandbox Studio', 3) }] },
    { ...base, id: 'sub_stake', status: 'active', description: 'Sandbox Node Hosting', cancel_at: NOW + 25 * DAY, cancel_at_period_end: true, canceled_at: NOW - DAY,
      payment_details: { staking: { amount: '1', revoked_at: NOW - DAY } }, items: [{ id: 'si_4', quantity: 1, price: price('price_node', 'Sandbox Node Hosting', 20) }] },
    { ...base, id: 'sub_ending', status: 'active', description: 'Sandbox Support', cancel_at: NOW + 25 * DAY, cancel_at_period_end: true, canceled_at: NOW - DAY,
      items: [{ id: 'si_5', quantity: 1, price: price('price_support', 'Sandbox Support', 1) }] },
  ];
}

async function handleSubscriptions(state, method, p, readBody, json) {
  const cfg = state.portal;
  cfg.subs ??= cfg.subscriptions === false ? [] : subscriptions();
  if (p === '/payment/api/subscriptions') return json({ count: cfg.subs.length, list: cfg.subs });
  const m = p.match(/^\/payment\/api\/subscriptions\/([^/]+)(?:\/([a-z-]+))?$/);
  if (!m) return null;
  const sub = cfg.subs.find((s) => s.id === m[1]);
  if (!sub) return json({ error: `No such subscription: ${m[1]}` }, 404);
  const needStake = Boolean(sub.payment_details?.staking?.revoked_at);
  if (!m[2] && method === 'GET') return json(sub);
  if (m[2] === 'recover-info') return json({ needStake });
  if (m[2] === 'cancel' && method === 'PUT') {
    const body = JSON.parse((await readBody()) || '{}');
    cfg.lastCancel = body;
    if (sub.status === 'trialing') Object.assign(sub, { status: 'canceled', canceled_at: NOW, ended_at: NOW, cancel_at: NOW });
    else Object.assign(sub, { cancel_at: sub.current_period_end, cancel_at_period_end: true, canceled_at: NOW });
    return json(sub);
  }
  if (m[2] === 'recover' && method === 'PUT') {
    if (cfg.recoverFails) return json({ error: 'Wallet unreachable' }, 400);
    if (needStake) return json({ subscription: sub, needStake: true });
    Object.assign(sub, { cancel_at: null, cancel_at_period_end: false, canceled_at: null });
    return json({ subscription: sub, needStake: false });
  }
  return null;
}

/** Returns {status, type, body} for the paths this module owns, else null. */
export async function handlePortalStub(state, method, url, readBody, json) {
  const p = url.pathname;
  if (!p.startsWith('/payment/api/invoices') && !p.startsWith('/payment/api/subscriptions') && !p.startsWith('/payment/api/credit-grants')) return null;
  const cfg = (state.portal ??= {});
  if (!state.signedIn) return json({ error: 'Please log in' }, 401);
  if (cfg.fails) return json({ error: 'Portal is down' }, cfg.fails);
  if (p.startsWith('/payment/api/subscriptions')) {
    const r = await handleSubscriptions(state, method, p, readBody, json);
    if (r) return r;
  }
  const all = Array.from({ length: cfg.count ?? 23 }, (_, i) => invoice(i));
  if (p === '/payment/api/invoices') {
    const status = url.searchParams.get('status');
    const list = status ? all.filter((i) => status.split(',').includes(i.status)) : all;
    const page = Number(url.searchParams.get('page') || 1);
    const size = Number(url.searchParams.get('pageSize') || 10);
    return json({ count: list.length, list: list.slice((page - 1) * size, page * size) });
  }
  const one = p.match(/^\/payment\/api\/invoices\/([^/]+)$/);
  if (one) {
    if (one[1] === 'in_other') return json({ error: 'This invoice belongs to another customer' }, 403);
    const inv = all.find((i) => i.id === one[1]);
    return inv ? json(inv) : json({ error: 'Invoice not found' }, 404);
  }
  return null;
}
