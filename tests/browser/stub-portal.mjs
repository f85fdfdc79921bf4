// Stand-in for the payment endpoints <pay-portal> calls (see stub-platform.mjs). `state.portal` holds this
// module's switches (set through POST /__stub/state { portal: { … } }):
//   count: how many invoices the customer has (default 23)   fails: HTTP status for every portal call

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

/** Returns {status, type, body} for the paths this module owns, else null. */
export async function handlePortalStub(state, method, url, readBody, json) {
  const p = url.pathname;
  if (!p.startsWith('/payment/api/invoices') && !p.startsWith('/payment/api/subscriptions') && !p.startsWith('/payment/api/credit-grants')) return null;
  const cfg = state.portal ?? {};
  if (!state.signedIn) return json({ error: 'Please log in' }, 401);
  if (cfg.fails) return json({ error: 'Portal is down' }, cfg.fails);
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
