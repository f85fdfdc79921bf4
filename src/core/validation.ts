/**
 * Form validation rules (spec §5). Validators return an i18n key (or null when valid), never display text.
 * Keys: validation.required, validation.email, validation.phone, validation.invalid, validation.maxLength, ...
 */

export type ValidationKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.phone'
  | 'validation.invalid'
  | 'validation.postalCode'
  | 'validation.maxLength'
  | 'validation.minLength'
  | 'validation.nameChars'
  | 'validation.amountPrecision'
  | 'validation.amountRange'
  | 'validation.amountInvalid'
  | 'threshold.number'
  | 'threshold.positive'
  | 'validation.exceedInventory'
  | 'validation.exceedPurchaseLimit'
  | 'validation.orgNameRequired';

/** A failed rule: the i18n key plus interpolation params. */
export type ValidationError = { key: ValidationKey; params?: Record<string, string | number> };

export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;
export const DOMAIN_LABEL_MAX = 63;

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** null or 'validation.required'. */
export function validateRequired(value: unknown): ValidationKey | null {
  return isBlank(value) ? 'validation.required' : null;
}

const LOCAL_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL_RE = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** Syntactic email check: total ≤ 254, local part ≤ 64, domain labels ≤ 63, at least one dot, alpha TLD. */
export function isEmail(value: string): boolean {
  const v = value.trim();
  if (v.length > EMAIL_MAX) return false;
  const at = v.lastIndexOf('@');
  if (at <= 0 || at === v.length - 1) return false;
  const local = v.slice(0, at);
  const domain = v.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX || !LOCAL_RE.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  for (const label of labels) if (label.length > DOMAIN_LABEL_MAX || !LABEL_RE.test(label)) return false;
  const tld = labels[labels.length - 1] ?? '';
  return /^[A-Za-z]{2,}$/.test(tld) || /^xn--[A-Za-z0-9-]+$/.test(tld);
}

/** Required and valid: null, 'validation.required' or 'validation.email'. */
export function validateEmail(value: unknown): ValidationKey | null {
  if (isBlank(value)) return 'validation.required';
  return typeof value === 'string' && isEmail(value) ? null : 'validation.email';
}

/** Customer name: required. */
export function validateName(value: unknown): ValidationKey | null {
  return validateRequired(value);
}

/** Fallback phone check used when the phone library fails to load: `+` and 6–15 digits (spaces/dashes allowed). */
export function isPhoneFallback(value: string): boolean {
  const v = value.replace(/[\s\-().]/g, '');
  return /^\+?\d{6,15}$/.test(v);
}

type PhoneLib = { isValidPhoneNumber: (text: string, country?: never) => boolean };
let phoneLib: Promise<PhoneLib | null> | null = null;

/** Loads libphonenumber-js lazily (it is not in the first-paint bundle); null when it fails to load. */
export function loadPhoneLib(): Promise<PhoneLib | null> {
  phoneLib ??= import('libphonenumber-js/min').then(
    (m) => ({ isValidPhoneNumber: (t: string) => m.isValidPhoneNumber(t) }) as PhoneLib,
    () => null,
  );
  return phoneLib;
}

/**
 * Phone (when collection is enabled): `required` → 'validation.required' if empty; valid by the phone library when
 * given (else the fallback regex). Empty is valid when not required.
 */
export function validatePhone(
  value: unknown,
  opts: { required?: boolean; lib?: PhoneLib | null } = {},
): ValidationKey | null {
  if (isBlank(value)) return opts.required ? 'validation.required' : null;
  const v = String(value).trim();
  // A bare dial prefix (e.g. "+1") counts as empty.
  if (/^\+\d{0,4}$/.test(v)) return opts.required ? 'validation.required' : null;
  let ok: boolean;
  try {
    ok = opts.lib ? opts.lib.isValidPhoneNumber(v) : isPhoneFallback(v);
  } catch {
    ok = isPhoneFallback(v);
  }
  return ok ? null : 'validation.phone';
}

/** A per-field custom rule from session metadata.page_info.field_validation. */
export type FieldPattern = { pattern?: string; pattern_message?: Record<string, string> | string };

/**
 * Custom pattern check: null when valid (or empty, or no/invalid pattern); otherwise the per-locale message when given,
 * else the key 'validation.invalid'.
 */
export function validatePattern(value: unknown, rule: FieldPattern | undefined, locale: string = 'en'): string | null {
  if (!rule?.pattern || isBlank(value)) return null;
  let re: RegExp;
  try {
    re = new RegExp(rule.pattern);
  } catch {
    return null;
  }
  if (re.test(String(value))) return null;
  const m = rule.pattern_message;
  if (typeof m === 'string' && m) return m;
  if (m && typeof m === 'object') return m[locale] ?? m.en ?? m.zh ?? 'validation.invalid';
  return 'validation.invalid';
}

/** Postal code formats for common countries; unknown countries pass the format check. Empty passes. */
const POSTAL: Record<string, RegExp> = {
  us: /^\d{5}(-\d{4})?$/,
  ca: /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/,
  gb: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
  cn: /^\d{6}$/,
  jp: /^\d{3}-?\d{4}$/,
  de: /^\d{5}$/,
  fr: /^\d{5}$/,
  au: /^\d{4}$/,
  in: /^\d{6}$/,
  sg: /^\d{6}$/,
  hk: /^.*$/,
  tw: /^\d{3}(\d{2,3})?$/,
  kr: /^\d{5}$/,
  nl: /^\d{4} ?[A-Za-z]{2}$/,
  br: /^\d{5}-?\d{3}$/,
  ru: /^\d{6}$/,
  it: /^\d{5}$/,
  es: /^\d{5}$/,
};

export function isPostalCode(value: string, country: string | undefined): boolean {
  const v = value.trim();
  if (!v) return true;
  const re = POSTAL[(country ?? 'us').toLowerCase()];
  return re ? re.test(v) : true;
}

export type BillingAddress = {
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
};

/**
 * Billing address errors by field. `mode` 'required' → line1, city, state, postal_code required; 'postal' (Stripe) →
 * only postal_code; 'none' → nothing. Postal code must match the country format.
 */
export function validateBillingAddress(
  address: BillingAddress | undefined,
  mode: 'required' | 'postal' | 'none',
): Partial<Record<keyof BillingAddress, ValidationKey>> {
  const out: Partial<Record<keyof BillingAddress, ValidationKey>> = {};
  if (mode === 'none') return out;
  const a = address ?? {};
  const fields: Array<keyof BillingAddress> =
    mode === 'required' ? ['line1', 'city', 'state', 'postal_code'] : ['postal_code'];
  for (const f of fields) if (isBlank(a[f])) out[f] = 'validation.required';
  if (!out.postal_code && a.postal_code && !isPostalCode(a.postal_code, a.country))
    out.postal_code = 'validation.postalCode';
  return out;
}

export const ORG_NAME_MAX = 25;
export const ORG_DESCRIPTION_MAX = 255;

/** Org name: trimmed, required ('Name cannot be empty' → key validation.orgNameRequired), max 25. */
export function validateOrgName(value: unknown): ValidationError | null {
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v) return { key: 'validation.orgNameRequired' };
  if (v.length > ORG_NAME_MAX) return { key: 'validation.maxLength', params: { max: ORG_NAME_MAX } };
  return null;
}

/** Org description: trimmed, max 255 (the message is given length 25, a known inconsistency of spec §5). */
export function validateOrgDescription(value: unknown): ValidationError | null {
  const v = typeof value === 'string' ? value.trim() : '';
  if (v.length > ORG_DESCRIPTION_MAX) return { key: 'validation.maxLength', params: { max: ORG_NAME_MAX } };
  return null;
}

/** Store names: required, length bounds, only letters, digits, '-' and '_'. */
export function validateStoreName(value: unknown, min = 1, max = 64): ValidationError | null {
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v) return { key: 'validation.required' };
  if (v.length < min) return { key: 'validation.minLength', params: { min } };
  if (v.length > max) return { key: 'validation.maxLength', params: { max } };
  if (!/^[A-Za-z0-9_-]+$/.test(v)) return { key: 'validation.nameChars' };
  return null;
}

/** Auto top-up threshold: a valid number ('Please enter a valid number') greater than 0 ('Threshold must be greater than 0'). */
export function validateThreshold(value: unknown): ValidationKey | null {
  const v = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  if (!/^\d*\.?\d+$|^\d+\.$/.test(v)) return 'threshold.number';
  if (!/[1-9]/.test(v)) return 'threshold.positive';
  return null;
}
