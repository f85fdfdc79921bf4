/**
 * The one query-key factory of the per-element QueryClient (the client is per element, so keys carry no settings).
 * `queryKey('subscription', id, 'plans')`: the registry below types every key, so a screen cannot spell one its own
 * way. Keys are hierarchical (everything about one subscription starts with ['subscription', id]), so one prefix
 * refreshes it all; screens refresh through the helpers of query-invalidate.ts, never by listing keys.
 * At run time the factory is the identity: it costs the header's first paint nothing but its call.
 */
export type QueryKeys = {
  blocklet: [];
  header: ['unread' | 'org', did: string];
  /** The checkout being opened (session or payment link), its cross-sell, the signed-in payer's customer record. */
  checkout: ['open' | 'cross-sell' | 'customer', id: string];
  donation: ['settings', mountLocation: string] | ['link', target: string] | ['settings-page'];
  overdue: [customerRef: string];
  /** A pricing table by id, and the payment settings it offers currencies from. */
  pricingTable: [idOrSettings: string];
  invoices: [filter: string, page: number, pageSize: number];
  invoice: [id: string] | [id: string, 'refunds'] | ['vendors', checkoutSessionId: string];
  subscriptions: [customerId: string];
  subscription: [id: string] | [id: string, 'recover-info' | 'plans' | 'payment-options' | 'stake-invoices'];
  credits:
    | ['currencies', customerId: string]
    | ['grants', customerId: string, page: number, pageSize: number]
    | ['grant', id: string]
    | ['transactions', filter: string, page: number, pageSize: number]
    | ['auto-recharge' | 'pending-amount', customer: string, currencyId: string]
    | ['summary', customer: string]
    | ['payment-methods'];
  payments: [filter: string, page: number, pageSize: number];
  store:
    | ['home', filters: object]
    | ['categories' | 'explore' | 'base' | 'mine' | 'tokens']
    | ['profile' | 'versions', did: string]
    | ['blocklet' | 'info', did: string, version: string]
    | ['console', page: number, keyword: string, view: string];
};

export type Resource = keyof QueryKeys;
export type QueryKeyOf<R extends Resource> = readonly [R, ...QueryKeys[R]];

/** A query's key: the resource, then its parts as the registry says. */
export const queryKey = <R extends Resource>(...key: [R, ...QueryKeys[R]]): QueryKeyOf<R> => key;
