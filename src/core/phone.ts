/** Phone numbers as the checkout collects them: a country's dialling code and the national number (spec §9). */
import { DEFAULT_PHONE_COUNTRY } from './constants.ts';

/** Country → international dialling code (the countries the selector offers). */
export const DIAL_CODES: Readonly<Record<string, string>> = {
  us: '1',
  ca: '1',
  gb: '44',
  cn: '86',
  hk: '852',
  tw: '886',
  jp: '81',
  kr: '82',
  sg: '65',
  in: '91',
  au: '61',
  de: '49',
  fr: '33',
  nl: '31',
  br: '55',
};

/** Splits `+44 20 7946 0958` into its country (first match, longest code) and the rest. */
export function splitPhone(
  value: string,
  fallbackCountry = DEFAULT_PHONE_COUNTRY,
): { country: string; national: string } {
  const v = value.trim();
  if (!v.startsWith('+')) return { country: fallbackCountry, national: v };
  const digits = v.slice(1).replace(/\D/g, '');
  const match = Object.entries(DIAL_CODES)
    .filter(([, code]) => digits.startsWith(code))
    .sort((a, b) => b[1].length - a[1].length || (a[0] === fallbackCountry ? -1 : b[0] === fallbackCountry ? 1 : 0))[0];
  if (!match) return { country: fallbackCountry, national: v };
  const rest = v.slice(1).trimStart().slice(match[1].length).trim();
  return { country: match[0], national: rest };
}

export function joinPhone(country: string, national: string): string {
  const n = national.trim();
  return n ? `+${DIAL_CODES[country] ?? DIAL_CODES[DEFAULT_PHONE_COUNTRY]} ${n}` : '';
}
