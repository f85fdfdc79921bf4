/**
 * What to refetch after a change, per resource, so that screens never list keys by hand. Keys are prefixes (see
 * query-keys.ts): ['invoices'] covers every page and filter, ['subscription', id] the subscription and all that hangs
 * off it. Kept apart from the key factory so the header's first paint does not carry them.
 */
import type { QueryClient } from '@tanstack/query-core';
import type { QueryKeys, Resource } from './query-keys.ts';

type Prefix = { [R in Resource]: readonly [R, ...Partial<QueryKeys[R]>] }[Resource];

const refresh = (client: QueryClient, ...keys: Prefix[]): Promise<void> =>
  Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);

export const invalidate = {
  /** Every invoice list and invoice (a payment, a stake). */
  invoices: (client: QueryClient) => refresh(client, ['invoices'], ['invoice']),
  /** One subscription changed (cancel, resume, plan, payment method): it, what hangs off it, and the lists. */
  subscription: (client: QueryClient, id: string) => refresh(client, ['subscription', id], ['subscriptions']),
  /** Every subscription and list (a past-due renewal was paid). */
  subscriptions: (client: QueryClient) => refresh(client, ['subscription'], ['subscriptions']),
  /** The checkouts being opened (start again from the link). */
  checkouts: (client: QueryClient) => refresh(client, ['checkout', 'open']),
  /** Every store query (a console change shows in lists, details and categories). */
  store: (client: QueryClient) => refresh(client, ['store']),
  /** The developer's own blocklets. */
  storeMine: (client: QueryClient) => refresh(client, ['store', 'mine']),
  /** The developer's access tokens. */
  storeTokens: (client: QueryClient) => refresh(client, ['store', 'tokens']),
};
