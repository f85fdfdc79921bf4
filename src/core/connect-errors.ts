/**
 * Wallet-connect refusals → a screen's text, in one place (checkout, overdue payment, store connect). Its own module so
 * that the header, which connects no wallet, does not carry it in its first paint.
 */
import { errorCode } from './errors.ts';

/** The locale keys a screen shows for a wallet that declined, or a wallet request that expired. */
export type ConnectErrorKeys = { declined: string; expired: string };

/**
 * The one mapping of a wallet-connect refusal (the api's CONNECT_DECLINED / CONNECT_EXPIRED) to the screen's locale
 * key for it; undefined for any other error (its own text applies).
 */
export function connectErrorKey(err: unknown, keys: ConnectErrorKeys): string | undefined {
  const code = errorCode(err);
  if (code === 'CONNECT_DECLINED') return keys.declined;
  if (code === 'CONNECT_EXPIRED') return keys.expired;
  return undefined;
}
