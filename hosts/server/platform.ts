import type { Db, Queryable, Tx } from './db.ts';
import type { Clock } from './clock.ts';
import type { SandboxUser } from './service/data/users.ts';

/**
 * Seams between the sandbox's areas, so each area depends on these small contracts and not on
 * another area's internals.
 *
 * - events: the platform's event bus (`EventBus`, one per server, made by app.ts and passed in through
 *   SandboxContext). The payment area publishes (`checkout.session.completed`, `invoice.paid`, ...); the realtime
 *   relay forwards every event to subscribed Phoenix channels.
 * - clock: the sandbox clock (clock.ts), passed in the same way.
 * - wallet: a payer's wallet (balance, debit, credit of one currency), as the platform offers it to every
 *   component. The payment area provides it (payment/domain/wallet.ts); the store takes its stake through it.
 * - connect actions: wallet-connect (DID Connect) actions. The service area serves them with the platform's own
 *   library (@arcblock/did-connect-js: service/routes/connect-routes.ts) and owns the token storage and the sandbox wallet page;
 *   other areas register what an action means (what the wallet is asked to sign, what approving it does) and which
 *   component it belongs to (where it is mounted).
 * - relay: per-server pushes to the realtime relay's topics (a DID Connect token's `relay:{appPid}:{token}`).
 */

export type PlatformEvent = { type: string; object: Record<string, unknown> & { id?: string } };
type Listener = (event: PlatformEvent) => void;

/** The platform's event bus: publishers hand it events after their transaction committed; listeners get each one. */
export interface EventBus {
  publish(type: string, object: Record<string, unknown>): void;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: Listener): () => void;
}

/** A new event bus (one per sandbox server, made by the composition root, app.ts). */
export function createEventBus(): EventBus {
  const listeners = new Set<Listener>();
  return {
    publish(type, object) {
      for (const l of listeners) {
        try {
          l({ type, object });
        } catch (err) {
          console.error('[events] listener failed', err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A payer's wallet, in smallest units; every move is one statement inside the caller's transaction. */
export interface PlatformWallet {
  /** The balance of one currency ('0' when it holds none). */
  balance(q: Queryable, did: string, currencyId: string): Promise<string>;
  /** Takes `amount`; false (nothing taken) when the balance is short. */
  debit(q: Queryable, did: string, currencyId: string, amount: string): Promise<boolean>;
  /** Adds `amount` (or with `set` makes it the balance); returns the new balance. */
  credit(q: Queryable, did: string, currencyId: string, amount: string, opts?: { set?: boolean }): Promise<string>;
}
let walletProvider: PlatformWallet | null = null;
/** The area that owns the wallets provides them (once, when it is loaded). */
export function provideWallet(provider: PlatformWallet): void {
  walletProvider = provider;
}
function walletOrThrow(): PlatformWallet {
  if (!walletProvider) throw new Error('No wallet provider: the payment area is not loaded');
  return walletProvider;
}
/** The wallet as the platform offers it to every area (delegates to the provider). */
export const wallet: PlatformWallet = {
  balance: (...a) => walletOrThrow().balance(...a),
  debit: (...a) => walletOrThrow().debit(...a),
  credit: (...a) => walletOrThrow().credit(...a),
};

/** What a connect action runs with: the database, the server's clock and event bus, the signed-in user and the mode. */
export type ConnectContext = {
  db: Db;
  clock: Clock;
  events: EventBus;
  user: SandboxUser | null;
  livemode: boolean;
  /**
   * The language the page asked in (the request's `locale`; absent: English): describe() writes its summary in it
   * (texts.ts).
   */
  locale?: string | undefined;
};
export type ConnectSummary = {
  /** Short title shown by the wallet, e.g. "Pay for Sandbox Pro License". */
  title: string;
  /** Label/value rows the wallet shows before the payer approves. */
  lines: Array<{ label: string; value: string }>;
};
export interface ConnectAction {
  /**
   * The component whose DID Connect prefix serves the action: 'payment' (`{payment mount}api/did`, also `/api/did`,
   * the default) or 'store' (`{store mount}api/did`, also reachable under the payment prefixes where the store's
   * pages asked before).
   */
  component?: 'payment' | 'store';
  /**
   * Checks params and says what the wallet should show (the text the wallet signs), in `ctx.locale`'s language;
   * throws an HttpError(4xx) on bad params. `ctx.user` is the signed-in user of the page that asks for the token.
   */
  describe(params: Record<string, unknown>, ctx: ConnectContext): Promise<ConnectSummary>;
  /**
   * Performs the action inside the given transaction when the wallet's last answer is verified (at most once per
   * token: the token row is locked in that transaction). `ctx.userDid` is the answering wallet's DID, `ctx.user` its
   * sandbox user (null for a wallet the sandbox does not know). Returns a JSON result (the token's `result`).
   */
  approve(
    params: Record<string, unknown>,
    ctx: ConnectContext & { tx: Tx; userDid: string },
  ): Promise<Record<string, unknown>>;
}
const actions = new Map<string, ConnectAction>();

export function registerConnectAction(name: string, action: ConnectAction): void {
  actions.set(name, action);
}
export function getConnectAction(name: string): ConnectAction | undefined {
  return actions.get(name);
}
/** Every registered action by name (the service mounts each one when a server starts). */
export function connectActions(): Array<[string, ConnectAction]> {
  return [...actions];
}

/** A push to one realtime topic (event + payload), as the relay sends it to the sockets joined on it. */
export type TopicPush = { topic: string; event: string; payload: unknown };
/** Per-server topic pushes: the service's DID Connect tokens publish here, the realtime relay forwards. */
export interface TopicHub {
  push(topic: string, event: string, payload: unknown): void;
  subscribe(listener: (p: TopicPush) => void): () => void;
}
export function createTopicHub(): TopicHub {
  const listeners = new Set<(p: TopicPush) => void>();
  return {
    push(topic, event, payload) {
      for (const l of listeners) {
        try {
          l({ topic, event, payload });
        } catch (err) {
          console.error('[relay] listener failed', err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** An error with an HTTP status that the server's error handler renders in the platform's shape. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public code?: string,
  ) {
    super(message);
  }
}
