import { QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { invalidate } from '../../src/api/query-invalidate.ts';
import { queryKey } from '../../src/api/query-keys.ts';

/** A client holding fresh data under each key; returns the keys an action left invalidated. */
function seeded(keys: ReadonlyArray<readonly unknown[]>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of keys) client.setQueryData(key, { ok: true });
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => JSON.stringify(q.queryKey))
      .sort();
  return { client, stale };
}
const s = (key: readonly unknown[]) => JSON.stringify(key);

describe('queryKey: the one factory', () => {
  it('gives the same key for the same query wherever it is written (one cache entry)', () => {
    const client = new QueryClient();
    client.setQueryData(queryKey('subscription', 'sub_1'), { id: 'sub_1' });
    expect(client.getQueryData(queryKey('subscription', 'sub_1'))).toEqual({ id: 'sub_1' });
    expect(client.getQueryData(queryKey('subscription', 'sub_2'))).toBeUndefined();
  });
});

describe('invalidate: one helper per resource', () => {
  const sub1 = queryKey('subscription', 'sub_1');
  const sub1Plans = queryKey('subscription', 'sub_1', 'plans');
  const sub1Info = queryKey('subscription', 'sub_1', 'recover-info');
  const sub1Options = queryKey('subscription', 'sub_1', 'payment-options');
  const sub2 = queryKey('subscription', 'sub_2');
  const subList = queryKey('subscriptions', 'cus_1');
  const invoicesPage = queryKey('invoices', '{}', 1, 20);
  const invoice = queryKey('invoice', 'in_1');
  const all = [sub1, sub1Plans, sub1Info, sub1Options, sub2, subList, invoicesPage, invoice];

  it('a changed subscription refreshes it, everything hanging off it and the lists — not other subscriptions', async () => {
    const { client, stale } = seeded(all);
    await invalidate.subscription(client, 'sub_1');
    expect(stale()).toEqual([sub1, sub1Info, sub1Options, sub1Plans, subList].map(s).sort());
  });

  it('a paid past-due renewal refreshes every subscription and list, and invoices refresh separately', async () => {
    const { client, stale } = seeded(all);
    await invalidate.subscriptions(client);
    expect(stale()).toEqual([sub1, sub1Info, sub1Options, sub1Plans, sub2, subList].map(s).sort());
    await invalidate.invoices(client);
    expect(stale()).toEqual(all.map(s).sort());
  });

  it('invoices cover every page and filter and each invoice, and nothing else', async () => {
    const { client, stale } = seeded([...all, queryKey('invoices', '{"status":"paid"}', 2, 20)]);
    await invalidate.invoices(client);
    expect(stale()).toEqual([invoicesPage, queryKey('invoices', '{"status":"paid"}', 2, 20), invoice].map(s).sort());
  });

  it('store helpers: the developer lists alone, or every store query', async () => {
    const mine = queryKey('store', 'mine');
    const tokens = queryKey('store', 'tokens');
    const cats = queryKey('store', 'categories');
    const { client, stale } = seeded([mine, tokens, cats, invoice]);
    await invalidate.storeMine(client);
    expect(stale()).toEqual([s(mine)]);
    await invalidate.storeTokens(client);
    expect(stale()).toEqual([mine, tokens].map(s).sort());
    await invalidate.store(client);
    expect(stale()).toEqual([mine, tokens, cats].map(s).sort());
  });

  it('checkouts: the sessions being opened, not their cross-sell', async () => {
    const open = queryKey('checkout', 'open', 'plink_1');
    const cross = queryKey('checkout', 'cross-sell', 'cs_1');
    const { client, stale } = seeded([open, cross]);
    await invalidate.checkouts(client);
    expect(stale()).toEqual([s(open)]);
  });
});
