import { createPublicKey, createHash, verify, type KeyObject } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import stringify from 'json-stable-stringify';
import qs from 'qs';
import type { SandboxContext } from '../../context.ts';
import { HttpError } from '../../platform.ts';
import { type SandboxUser } from '../../service/data/users.ts';
import { currentUser } from '../../session.ts';

/**
 * Who is calling the payment API.
 *
 * - A merchant server: @blocklet/payment-js signs every request with the app key (`x-component-sig`,
 *   payment-js-client.md section 4). A request that carries the header is verified; a bad, expired, future
 *   (iat more than 60 s ahead) or long-lived (exp − iat over 300 s) signature is a 401, never a fallback to anonymous.
 * - A person: the platform session (cookie, `authToken` query or bearer), via service/data/users.ts.
 *   Owners and admins count as the merchant (the dashboard), everyone else only sees their own data.
 */
export type Caller = { merchant: boolean; signed: boolean; user: SandboxUser | null };

/** A signature may be valid for at most this long (exp − iat); the official client signs for exactly 300 s. */
export const SIG_MAX_LIFETIME_SECONDS = 300;
/** How far in the future a signature's iat may be (clock skew between the merchant server and the platform). */
export const SIG_CLOCK_SKEW_SECONDS = 60;

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function appPublicKey(pkHex: string): KeyObject {
  const raw = Buffer.from(pkHex.replace(/^0x/i, ''), 'hex');
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
}

/** The payload the client signed, rebuilt from the raw request (path as sent, qs-parsed raw query, `{}` without a body). */
export function signedPayload(req: Request, iat: number, exp: number): Record<string, unknown> {
  const raw = req.originalUrl;
  const q = raw.indexOf('?');
  return {
    iat,
    exp,
    body: req.body ?? {},
    query: qs.parse(q < 0 ? '' : raw.slice(q + 1)),
    method: req.method.toLowerCase(),
    url: q < 0 ? raw : raw.slice(0, q),
  };
}

/** Verifies `x-component-sig`: ed25519 over SHA3-256(json-stable-stringify(payload)), as @ocap/wallet signs it. */
export function verifySignature(req: Request, key: KeyObject): void {
  const sigHeader = req.get('x-component-sig') ?? '';
  const iat = Number(req.get('x-component-sig-iat'));
  const exp = Number(req.get('x-component-sig-exp'));
  if (!Number.isInteger(iat) || !Number.isInteger(exp))
    throw new HttpError(401, 'Invalid signature: missing or malformed x-component-sig-iat/exp');
  // Wall-clock time, not the sandbox clock: the client signs with the real time.
  const now = Math.floor(Date.now() / 1000);
  if (exp < now) throw new HttpError(401, 'Invalid signature: expired sig');
  // Bounded validity (docs/security.md "Replay window"): not issued in the future beyond the allowed clock skew, and
  // valid for at most SIG_MAX_LIFETIME_SECONDS (@blocklet/payment-js signs exp = iat + 300).
  if (iat > now + SIG_CLOCK_SKEW_SECONDS)
    throw new HttpError(401, 'Invalid signature: issued in the future (check the server clock)', 'SIG_FROM_FUTURE');
  if (exp <= iat || exp - iat > SIG_MAX_LIFETIME_SECONDS) {
    throw new HttpError(
      401,
      `Invalid signature: a signature may be valid for at most ${SIG_MAX_LIFETIME_SECONDS} seconds`,
      'SIG_TOO_LONG',
    );
  }
  const sig = Buffer.from(sigHeader.replace(/^0x/i, ''), 'hex');
  if (sig.length !== 64) throw new HttpError(401, 'Invalid signature: x-component-sig must be 64 bytes of hex');
  const hash = createHash('sha3-256')
    .update(stringify(signedPayload(req, iat, exp)) ?? '')
    .digest();
  // The hash is signed as raw bytes; the hex-string form is accepted too.
  const ok = verify(null, hash, key, sig) || verify(null, Buffer.from(`0x${hash.toString('hex')}`), key, sig);
  if (!ok) throw new HttpError(401, 'Invalid signature: x-component-sig does not match the request');
}

/** Router-level: verifies signed requests and records the caller on res.locals. */
export function identify(ctx: SandboxContext): RequestHandler {
  const key = appPublicKey(ctx.appKey.pk);
  return async (req: Request, res: Response, next: NextFunction) => {
    const signed = req.get('x-component-sig') !== undefined;
    if (signed) verifySignature(req, key);
    const user = signed ? null : await currentUser(ctx.db, req);
    const merchant = signed || user?.role === 'admin' || user?.role === 'owner';
    res.locals.caller = { merchant, signed, user } satisfies Caller;
    next();
  };
}

export function callerOf(res: Response): Caller {
  return res.locals.caller as Caller;
}

/** Merchant endpoints: a signed request or an owner/admin session. */
export const requireMerchant: RequestHandler = (_req, res, next) => {
  const { merchant, user } = callerOf(res);
  if (merchant) return next();
  if (!user)
    throw new HttpError(
      401,
      'Authentication required: sign the request with the app key (x-component-sig) or sign in as an owner or admin',
    );
  throw new HttpError(403, 'Forbidden: this endpoint is for the merchant (owner or admin) only');
};

/** A signed-in person, or a 401 with a clear message. */
export function requireUser(res: Response, message = 'Please log in to continue'): SandboxUser {
  const { user } = callerOf(res);
  if (!user) throw new HttpError(401, message);
  return user;
}

/** The caller as a checkout session sees them (sessions.ts: assertSessionActor, seesPayer). */
export function actorOf(res: Response): { merchant: boolean; userDid: string | null } {
  const { merchant, user } = callerOf(res);
  return { merchant, userDid: user?.did ?? null };
}
