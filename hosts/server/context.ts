import type { Db } from './db.ts';
import type { Clock } from './clock.ts';
import type { EventBus, TopicHub } from './platform.ts';

/** What every sandbox area gets from the server composition. */
export type SandboxContext = {
  db: Db;
  /** The sandbox clock every time-dependent rule reads (renewals, trials, expiry). */
  clock: Clock;
  /** The platform's event bus: the payment area publishes, the realtime relay forwards. */
  events: EventBus;
  /** Pushes to the realtime relay's topics (a DID Connect token's changes); the relay forwards them. */
  relay: TopicHub;
  /**
   * This server's own origin on the address it listens on (`http://127.0.0.1:{port}` when it listens on every
   * interface; '' before it listens): the sandbox's web wallet
   * and login page speak HTTP to the app's DID Connect endpoints through it.
   */
  localOrigin(): string;
  /** The app's ed25519 key pair; @blocklet/payment-js signs with the secret key (BLOCKLET_APP_SK). */
  appKey: { sk: string; pk: string };
  /** The app's identity as published in __blocklet__.js. */
  app: { did: string; pid: string; name: string };
  /** Mount points of the components the sandbox stands in for (each ends with '/'). */
  mounts: { payment: string; store: string };
};

export const PAYMENT_KIT_DID = 'z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk';
export const STORE_DID = 'z8iZpnScvmXdSVCSX8iYzJ9dVj8Uj4D1qH8Ud';
