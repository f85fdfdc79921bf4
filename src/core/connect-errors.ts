/**
 * Wallet-connect refusals, in one place (checkout, overdue payment, re-stake, store connect, sign-in). Its own module
 * so that the header, which connects no wallet, does not carry it in its first paint.
 */
import { errorCode } from './errors.ts';

/** The platform client's status polling interval and page timeout (did-connect-react CHECK_STATUS_INTERVAL, DEFAULT_TIMEOUT). */
export const CONNECT_CHECK_INTERVAL_MS = 2000;
export const CONNECT_TIMEOUT_MS = 300_000;

/** The error a wallet's decline leaves on the token ("You have declined the authentication request"). */
export const DECLINED_MESSAGE = /declined/i;

/** How a wallet request ended without success: each has its own text in the connect dialog. */
export type ConnectFailure = 'declined' | 'forbidden' | 'busy' | 'expired' | 'failed';

const FAILURES: Record<string, ConnectFailure> = {
  CONNECT_DECLINED: 'declined',
  CONNECT_FORBIDDEN: 'forbidden',
  CONNECT_BUSY: 'busy',
  CONNECT_EXPIRED: 'expired',
  CONNECT_ERROR: 'failed',
};

/** The refusal an error of the connect client stands for; undefined for any other error (its own text applies). */
export function connectFailure(err: unknown): ConnectFailure | undefined {
  const code = errorCode(err);
  return code ? FAILURES[code] : undefined;
}

/** The connect dialog's locale key for a refusal (the `connect` namespace, src/ui/ConnectDialog). */
export function connectFailureKey(failure: ConnectFailure): string {
  return `connect.${failure}`;
}
