import { Router, type Request } from 'express';
import type { SandboxContext } from '../context.ts';
import { HttpError } from '../platform.ts';
import { requestOrigin } from './blocklet.ts';
import {
  approveConnect,
  connectStatus,
  createConnectSession,
  declineConnect,
  publicStatus,
} from './domain/connect-sessions.ts';
import { currentUser } from './users.ts';

/**
 * Wallet connect (the sandbox's DID Connect): the wire protocol of connect sessions, mounted at `/payment/api/did`
 * and `/api/did`.
 *
 *   POST /:action/token {extraParams}   → {token, url, expiresAt}   (url = the sandbox wallet page)
 *   GET  /:action/status?_t_=           → {status, error?, result?}
 *   POST /:action/approve?_t_=          (signed-in user) runs the action's approve() in one transaction
 *   POST /:action/decline?_t_=          → declined
 *
 * The routes read the action, the token and the mode, ask for a session where one is needed, and call the domain
 * (domain/connect-sessions.ts: the statuses, the expiry, approve and decline).
 */
function livemodeOf(req: Request): boolean {
  const v = req.query.livemode;
  return !(v === 'false' || v === '0');
}

function tokenOf(req: Request): string {
  const t =
    req.query._t_ ??
    req.query.token ??
    (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)._t_ : undefined);
  if (typeof t !== 'string' || !t)
    throw new HttpError(400, 'Missing connect session token (_t_)', 'CONNECT_TOKEN_REQUIRED');
  return t;
}

export function createConnectRoutes(ctx: SandboxContext): Router {
  const r = Router();

  r.post('/:action/token', async (req, res) => {
    const action = String(req.params.action);
    const body = (req.body ?? {}) as { extraParams?: unknown };
    const user = await currentUser(ctx.db, req);
    const out = await createConnectSession(ctx, {
      action,
      extraParams: body.extraParams,
      user,
      livemode: livemodeOf(req),
      origin: requestOrigin(req),
    });
    res.json(out);
  });

  r.get('/:action/status', async (req, res) => {
    const status = await connectStatus(ctx.db, ctx.clock, tokenOf(req), String(req.params.action));
    res.setHeader('Cache-Control', 'no-store');
    res.json(status);
  });

  r.post('/:action/approve', async (req, res) => {
    const token = tokenOf(req);
    const user = await currentUser(ctx.db, req);
    if (!user) throw new HttpError(401, 'Sign in to approve this request', 'LOGIN_REQUIRED');
    const row = await approveConnect(ctx, token, user, String(req.params.action));
    res.json(publicStatus(row));
  });

  r.post('/:action/decline', async (req, res) => {
    const token = tokenOf(req);
    const user = await currentUser(ctx.db, req);
    const row = await declineConnect(ctx, token, user, String(req.params.action));
    res.json(publicStatus(row));
  });

  return r;
}
