/** Query keys for the per-instance QueryClient (the client is per element, so keys need not carry settings). */
export const queryKeys = {
  settings: () => ['settings'] as const,
  blocklet: () => ['blocklet'] as const,
  session: () => ['session'] as const,
  checkout: (id: string) => ['checkout', id] as const,
  crossSell: (id: string) => ['checkout', id, 'cross-sell'] as const,
  vendorStatus: (id: string) => ['checkout', id, 'vendors'] as const,
  benefits: (paymentLinkId: string) => ['payment-link', paymentLinkId, 'benefits'] as const,
  customer: () => ['customer', 'me'] as const,
  invoices: (params: object = {}) => ['invoices', params] as const,
  invoice: (id: string) => ['invoice', id] as const,
  subscription: (id: string) => ['subscription', id] as const,
  overdue: (kind: 'subscription' | 'customer', id: string) => ['overdue', kind, id] as const,
  creditGrants: (params: object = {}) => ['credit-grants', params] as const,
  creditTransactions: (params: object = {}) => ['credit-transactions', params] as const,
  payments: (params: object = {}) => ['payments', params] as const,
  store: {
    list: (params: object = {}) => ['store', 'list', params] as const,
    categories: () => ['store', 'categories'] as const,
    explore: () => ['store', 'explore'] as const,
  },
} as const;
