import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The raw 32-byte ed25519 public key of a 32-byte seed. */
export function publicKeyOfSeed(seed: Buffer): Buffer {
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const spki = createPublicKey(key).export({ format: 'der', type: 'spki' });
  return spki.subarray(spki.length - 32);
}

/** A new app key in the @ocap/wallet format: 0x + hex(seed || pk). */
export function generateAppSk(): string {
  const seed = randomBytes(32);
  return `0x${Buffer.concat([seed, publicKeyOfSeed(seed)]).toString('hex')}`;
}

function parseSk(sk: string): { sk: string; pk: string } {
  const hex = sk.replace(/^0x/i, '');
  if (!/^[0-9a-f]{128}$/i.test(hex) && !/^[0-9a-f]{64}$/i.test(hex)) {
    throw new Error('The app key must be 0x followed by 128 hex digits (seed || public key) or 64 (seed).');
  }
  const seed = Buffer.from(hex.slice(0, 64), 'hex');
  const pk = publicKeyOfSeed(seed);
  return { sk: `0x${seed.toString('hex')}${pk.toString('hex')}`, pk: `0x${pk.toString('hex')}` };
}

/**
 * The app key: from the option (SANDBOX_APP_SK), else from `<dataDir>/app-key` (created on first start),
 * else (memory database) a fresh one for this process.
 */
export function loadAppKey(dbLocation: string, explicit?: string): { sk: string; pk: string } {
  if (explicit) return parseSk(explicit);
  if (dbLocation === 'memory' || dbLocation === ':memory:') return parseSk(generateAppSk());
  mkdirSync(dbLocation, { recursive: true });
  const file = join(dbLocation, '..', 'app-key');
  if (existsSync(file)) return parseSk(readFileSync(file, 'utf8').trim());
  const sk = generateAppSk();
  writeFileSync(file, `${sk}\n`, { mode: 0o600 });
  return parseSk(sk);
}
