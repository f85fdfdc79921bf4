import { randomBytes } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { WalletAuthenticator, WalletHandlers } from '@arcblock/did-connect-js';
import { isValid, toTypeInfo } from '@arcblock/did';
import { fromPublicKey, fromSecretKey } from '@ocap/wallet';
import type { SandboxContext } from '../../context.ts';
import { toBase58 } from '@ocap/util';
import { connectActions, HttpError, type ConnectAction, type ConnectSummary } from '../../platform.ts';
import { ConnectTokenStorage, lockToken, mergeToken, type TokenState } from '../domain/connect-tokens.ts';
import { getUser, type SandboxUser } from '../data/users.ts';
import { currentUser } from '../../session.ts';
import { textsIn, type Texts } from '../../texts.ts';

/**
 * DID Connect, served by the platform's own library (@arcblock/did-connect-js WalletHandlers + WalletAuthenticator,
 * the app wallet being the sandbox app key), on the token storage of the sandbox database
 * (domain/connect-tokens.ts). Per action, under its component's prefix (shared/reference/did-connect.md):
 *
 *   GET|POST {prefix}/{action}/token      flat params (query and body merged) → {token, status, url, appInfo, …}
 *   GET      {prefix}/{action}/status?_t_ → the token's state (400 unknown/expired, 403 forbidden)
 *   GET      {prefix}/{action}/timeout?_t_
 *   GET      {prefix}/{action}/auth?_t_   → the app-signed request (token → scanned)
 *   POST     {prefix}/{action}/auth?_t_   ← the wallet's signed answer
 *
 * Prefixes: the payment component's actions under `/payment/api/did` and `/api/did`; the store's under
 * `/store/api/did` and, where the store's pages called them before, the payment prefixes; `login` under
 * `/.well-known/service/api/did`.
 *
 * Every registered action (platform.ts registerConnectAction) asks two steps: an `authPrincipal` claim naming the
 * session's DID (the signed-in user of the page that asked, else its `sessionUserDid`), then a `signature` claim over
 * the action's readable summary (describe(): the sandbox has no chain, so the wallet signs the text of what it pays or
 * stakes). Its approve() runs in `onAuth` exactly once: in one transaction with the token row locked; a replayed or
 * doubled answer gets the recorded outcome and runs nothing, an answer from another DID than the session's is refused
 * (the token ends in `error`, nothing is paid).
 *
 * Sandbox-only deviation: an action's describe() checks its params when the token is asked for, and bad params answer
 * 4xx JSON `{error, code?}` (the library would answer 200 `{error}`), as every sandbox route does.
 */

export const SERVICE_DID_PREFIX = '/.well-known/service/api/did';
export const LOGIN_ACTION = 'login';

type Locals = { summary: ConnectSummary; sessionDid: string; livemode: boolean; locale: string };

/**
 * The service's own words in what the wallet shows and signs, one table per language (texts.ts): the language is the
 * request's `locale` (the elements send theirs), English without one.
 */
const TEXTS: Texts<{ request: string; sessionAccount: string; yourAccount: string; signIn: (app: string) => string }> =
  {
    en: {
      request: 'Sandbox request',
      sessionAccount: 'Continue with the account of this session',
      yourAccount: 'Please continue with your account',
      signIn: (app) => `Sign in to ${app}`,
    },
    zh: {
      request: '沙盒请求',
      sessionAccount: '请使用本次会话的账户继续',
      yourAccount: '请使用你的账户继续',
      signIn: (app) => `登录 ${app}`,
    },
  };

/** The text the wallet signs: the summary's title and `label: value` lines, and the request it belongs to. */
export function summaryText(summary: ConnectSummary, token: string, locale?: unknown): string {
  return [
    summary.title,
    ...summary.lines.map((l) => `${l.label}: ${l.value}`),
    `${textsIn(TEXTS, locale).request} ${token}`,
  ].join('\n');
}

/** Whether a line of a signed text is its last one, the request it belongs to (in any language). */
export function isRequestLine(line: string): boolean {
  return Object.values(TEXTS).some((t) => !!t && line.startsWith(`${t.request} `));
}

function flatParams(req: Request): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
  return { ...(body as Record<string, unknown>), ...(req.query as Record<string, unknown>) };
}

function livemodeOf(params: Record<string, unknown>): boolean {
  const v = params.livemode;
  return !(v === 'false' || v === '0' || v === false);
}

const tokenOf = (req: Request): string =>
  String((req as Request & { context?: { token?: string } }).context?.token ?? '');

type ClaimArgs = { context: { token: string }; extraParams?: Record<string, unknown> };

type AuthArgs = {
  req: Request;
  userDid: string;
  userPk: string;
  claims?: Array<Record<string, unknown>>;
  updateSession: (updates: Record<string, unknown>, secure?: boolean) => Promise<unknown>;
};

/** The app wallet and its request signer. */
function createAuthenticator(ctx: SandboxContext) {
  return new WalletAuthenticator({
    wallet: fromSecretKey(ctx.appKey.sk) as never,
    appInfo: ({ baseUrl }: { baseUrl: string }) => ({
      name: ctx.app.name,
      description: 'The sandbox of the Blocklet platform: demo data only, no real money moves.',
      icon: `${baseUrl}/.well-known/service/blocklet/logo`,
      link: baseUrl,
    }),
    chainInfo: { type: 'arcblock', id: 'none', host: 'none' },
  });
}

/**
 * Settles a token once: in one transaction with its row locked. A token already settled answers what was recorded
 * (nothing runs again); a token that ended otherwise (declined, busy, failed) refuses. `run` records the outcome.
 */
async function settleOnce(
  ctx: SandboxContext,
  token: string,
  run: (tx: Parameters<Parameters<SandboxContext['db']['transaction']>[0]>[0], state: TokenState) => Promise<unknown>,
): Promise<unknown> {
  let failure: Error | undefined;
  const out = await ctx.db.transaction(async (tx) => {
    const state = await lockToken(tx, token);
    if (!state) throw new Error('Session not found or expired');
    if (state.settled === 'succeed') return state.answer ?? {};
    if (state.settled === 'error' || state.ended || !['created', 'scanned'].includes(String(state.status))) {
      throw new Error(String(state.error || 'This request has already ended'));
    }
    await tx.query('SAVEPOINT connect_settle');
    try {
      const answer = await run(tx, state);
      await tx.query('RELEASE SAVEPOINT connect_settle');
      return answer;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err; // a bug: everything rolls back
      await tx.query('ROLLBACK TO SAVEPOINT connect_settle');
      // The action's own code (DEVELOPER_REQUIRED, INSUFFICIENT_BALANCE, …) stays readable beside the library's error.
      await mergeToken(tx, token, { settled: 'error', errorCode: err.code ?? null });
      failure = err;
      return undefined;
    }
  });
  if (failure) throw new Error(failure.message);
  return out;
}

function checkPrincipal(state: TokenState | null, userDid: string): void {
  const sessionDid = typeof state?.sessionDid === 'string' ? state.sessionDid : '';
  if (sessionDid && userDid !== sessionDid) {
    throw new HttpError(403, `This request is for the account ${sessionDid}: answer it with that DID`);
  }
}

/** Whether the wallet signed exactly this request's summary text with the key of the DID that answered. */
async function signedSummary(state: TokenState, args: AuthArgs): Promise<boolean> {
  const summary = state.summary as ConnectSummary | undefined;
  if (!summary) throw new Error('This request has nothing to sign');
  const claim = (args.claims ?? []).find((c) => c.type === 'signature');
  const expected = toBase58(Buffer.from(summaryText(summary, state.token, state.locale), 'utf8'));
  if (!claim || claim.origin !== expected || typeof claim.sig !== 'string' || !claim.sig) return false;
  const signer = fromPublicKey(args.userPk, toTypeInfo(args.userDid));
  return signer.verify(expected, claim.sig, claim.method !== 'none');
}

export function createConnectRoutes(ctx: SandboxContext): { router: Router; storage: ConnectTokenStorage } {
  const storage = new ConnectTokenStorage(ctx.db, ctx.clock, ctx.relay, ctx.app.pid);
  const authenticator = createAuthenticator(ctx);
  const router = Router();
  const handlersByPrefix = new Map<string, WalletHandlers>();
  const handlers = (prefix: string) => {
    let h = handlersByPrefix.get(prefix);
    if (!h) {
      h = new WalletHandlers({ tokenStorage: storage as never, authenticator, options: { prefix } });
      handlersByPrefix.set(prefix, h);
    }
    return h;
  };

  const paymentPrefix = `/${ctx.mounts.payment.replace(/^\/|\/$/g, '')}/api/did`;
  const storePrefix = `/${ctx.mounts.store.replace(/^\/|\/$/g, '')}/api/did`;
  const prefixesOf = (a: ConnectAction) =>
    a.component === 'store' ? [storePrefix, paymentPrefix, '/api/did'] : [paymentPrefix, '/api/did'];

  for (const [name, action] of connectActions()) {
    for (const prefix of prefixesOf(action)) mountAction(prefix, name, action);
  }
  mountLogin();

  /** An action of a component: describe() when the token is asked for, then the two claims, then approve(). */
  function mountAction(prefix: string, name: string, action: ConnectAction): void {
    router.all(`${prefix}/${name}/token`, async (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'POST') return next();
      const params = flatParams(req);
      const user = await currentUser(ctx.db, req);
      const livemode = livemodeOf(params);
      const locale = typeof params.locale === 'string' ? params.locale : '';
      const summary = await action.describe(params, {
        db: ctx.db,
        clock: ctx.clock,
        events: ctx.events,
        user,
        livemode,
        locale,
      });
      const asked = typeof params.sessionUserDid === 'string' ? params.sessionUserDid.replace(/^did:abt:/, '') : '';
      const sessionDid = user?.did ?? (asked && isValid(asked) ? asked : '');
      res.locals.connect = { summary, sessionDid, livemode, locale } satisfies Locals;
      next();
    });
    handlers(prefix).attach({
      app: router as never,
      action: name,
      claims: [
        {
          authPrincipal: async ({ context, extraParams }: ClaimArgs) => {
            const state = await storage.read(context.token);
            const target = typeof state?.sessionDid === 'string' ? state.sessionDid : '';
            const text = textsIn(TEXTS, state?.locale ?? extraParams?.locale);
            return { description: target ? text.sessionAccount : text.yourAccount, target };
          },
        },
        {
          signature: async ({ context }: ClaimArgs) => {
            const state = await storage.read(context.token);
            const summary = state?.summary as ConnectSummary | undefined;
            if (!state || !summary) throw new Error('Session not found or expired');
            return {
              type: 'mime:text/plain',
              description: summary.title,
              data: summaryText(summary, state.token, state.locale),
            };
          },
        },
      ],
      onStart: async ({ req, updateSession }: { req: Request; updateSession: AuthArgs['updateSession'] }) => {
        const locals = (req.res?.locals.connect ?? null) as Locals | null;
        if (!locals) throw new Error('The request was not checked');
        await updateSession({
          connectAction: name,
          summary: locals.summary,
          sessionDid: locals.sessionDid,
          livemode: locals.livemode,
          locale: locals.locale,
        });
      },
      onConnect: async ({ req, userDid }: AuthArgs) => {
        checkPrincipal(await storage.read(tokenOf(req)), userDid);
      },
      onAuth: async (args: AuthArgs) => {
        const token = tokenOf(args.req);
        return settleOnce(ctx, token, async (tx, state) => {
          checkPrincipal(state, args.userDid);
          if (!(await signedSummary(state, args))) {
            throw new HttpError(400, 'The wallet did not sign the summary of this request');
          }
          const user = await getUser(tx, args.userDid);
          const params = (state.extraParams ?? {}) as Record<string, unknown>;
          const result = await action.approve(params, {
            db: ctx.db,
            clock: ctx.clock,
            events: ctx.events,
            tx,
            user,
            userDid: args.userDid,
            livemode: state.livemode !== false,
            locale: typeof state.locale === 'string' ? state.locale : '',
          });
          const answer = { response: { action: name, status: 'succeed' } };
          await mergeToken(tx, token, { settled: 'succeed', result: result ?? {}, answer });
          return answer;
        });
      },
      onDecline: () => undefined,
      onComplete: () => undefined,
      onError: () => undefined,
    });
  }

  /** `login` of the service: one authPrincipal step; a demo user's answer gets a session (`sessionToken`). */
  function mountLogin(): void {
    handlers(SERVICE_DID_PREFIX).attach({
      app: router as never,
      action: LOGIN_ACTION,
      claims: [
        {
          authPrincipal: async ({ extraParams }: ClaimArgs) => ({
            description: textsIn(TEXTS, extraParams?.locale).signIn(ctx.app.name),
            target: '',
          }),
        },
      ],
      onAuth: async (args: AuthArgs) => {
        const token = tokenOf(args.req);
        let created: string | undefined;
        const answer = await settleOnce(ctx, token, async (tx) => {
          const user: SandboxUser | null = await getUser(tx, args.userDid);
          if (!user) throw new HttpError(403, `No sandbox user has the DID ${args.userDid}`);
          created = randomBytes(24).toString('base64url');
          await tx.query('INSERT INTO sessions (token, user_did) VALUES ($1, $2)', [created, user.did]);
          const out = { response: { action: LOGIN_ACTION, status: 'succeed', did: user.did } };
          await mergeToken(tx, token, { settled: 'succeed', answer: out });
          return out;
        });
        // The session reaches the page through the token's state (encrypted with `_ek_` when the page sent one).
        if (created) await args.updateSession({ sessionToken: created }, true);
        return answer;
      },
      onDecline: () => undefined,
      onComplete: () => undefined,
      onError: () => undefined,
    });
  }

  return { router, storage };
}
