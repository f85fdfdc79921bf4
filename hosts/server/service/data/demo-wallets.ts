import { createHash } from 'node:crypto';
import { fromSecretKey, type WalletObject } from '@ocap/wallet';

/**
 * The demo users' wallets: real key pairs, so a demo user's DID is the address of its public key (as a DID Wallet
 * user's is) and a wallet answer signed with its key verifies like a phone's.
 *
 * The rule (documented in docs/sandbox.md, stable across machines and restarts):
 *   seed = sha256("blocklet-pay-sandbox:" + key)       key = the user's first name in lower case ("casey", …)
 *   wallet = @ocap/wallet fromSecretKey("0x" + hex(seed))   (the default wallet type: ed25519, sha3, account role)
 *   did = wallet.address                                  (base58, "z" prefix)
 *
 * These keys are public on purpose (like a card processor's test cards): `GET /.well-known/service/sandbox/wallets`
 * lists them. They never hold anything real: the sandbox has no chain.
 */
export const DEMO_KEY_PREFIX = 'blocklet-pay-sandbox:';

export type DemoWalletKey = 'casey' | 'chris' | 'dana' | 'adam' | 'olivia';

export function demoSecretKey(key: string): string {
  return `0x${createHash('sha256').update(`${DEMO_KEY_PREFIX}${key}`).digest('hex')}`;
}

export function demoWallet(key: string): WalletObject {
  return fromSecretKey(demoSecretKey(key));
}

/** The demo users' DIDs, by key: the one place tests and seeds take them from. */
export const DEMO_DIDS: Record<DemoWalletKey, string> = {
  casey: demoWallet('casey').address,
  chris: demoWallet('chris').address,
  dana: demoWallet('dana').address,
  adam: demoWallet('adam').address,
  olivia: demoWallet('olivia').address,
};

/** The DIDs the demo users had before they had keys (made-up strings); migrated to DEMO_DIDS (users.ts). */
export const LEGACY_DEMO_DIDS: Record<DemoWalletKey, string> = {
  casey: 'z1SandboxCustomerCaseyA1b2C3d4E5f6G7h8',
  chris: 'z1SandboxCustomerChrisH8g7F6e5D4c3B2a1',
  dana: 'z1SandboxDeveloperDanaQ1w2E3r4T5y6U7i8',
  adam: 'z1SandboxAdminAdamZ9x8C7v6B5n4M3a2S1d0',
  olivia: 'z1SandboxOwnerOliviaP0o9I8u7Y6t5R4e3W2',
};
