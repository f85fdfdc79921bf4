/** Business constants (spec §9). */
export const PAYMENT_POLL_MS = 2_000;
export const PAYMENT_POLL_TIMEOUT_MS = 3 * 60_000;
export const VENDOR_POLL_MS = 5_000;
export const VENDOR_ERROR_GRACE_MS = 6_000;
export const REFRESH_DEBOUNCE_MS = 1_000;
export const REFRESH_MAX_WAIT_MS = 5_000;
export const STRIPE_PANEL_DELAY_MS = 200;
export const DONATION_RANDOM_ANIMATION_MS = 800;
export const TABLE_SEARCH_DEBOUNCE_MS = 300;
export const USER_MENU_MAX_LINKS = 5;
export const DEFAULT_PHONE_COUNTRY = 'us';
export const DEFAULT_COUNTRY = 'us';
export const SUMMARY_COLLAPSE_AT = 3;

/** localStorage keys (spec §9). */
export const STORAGE_KEYS = {
  livemode: 'livemode',
  currencyPreference: 'payment-currency-preference',
  donationPreset: 'payment-donation-preset',
  donationCustomAmount: 'payment-donation-custom-amount',
  quantityPreference: (userDid: string, priceId: string) => `quantity_preference_${userDid}_${priceId}`,
} as const;
