/**
 * Wallet-connect actions of the store (platform-header-store.md B.1: /connect-cli, /gen-key-pair, /connect-studio, /join),
 * registered with the platform's connect sessions (service/domain/connect-tokens.ts), so the element opens them with
 * POST /api/did/:action/token and the sandbox wallet page approves them:
 *
 *   connect-cli     {source?}      approve: needs a developer passport ("You have no legal developerNFT", 403);
 *                                  creates an access token for the CLI → {developerDid, accessKeyId, accessKeySecret}
 *   gen-key-pair    {monikers?}    approve: an ed25519 key pair for the approving user → {did, publicKey, secretKey, monikers}
 *                                  (/connect-studio uses this action with the studio's monikers)
 *   stake-and-join  {}             approve: takes the stake (100 TBA) from the payer's sandbox wallet (wallet_balances),
 *                                  records it and adds the developer passport → {passport, stake}
 *                                  (409 ALREADY_DEVELOPER when the user has one; 400 INSUFFICIENT_BALANCE when the
 *                                  wallet holds less than the stake: nothing is taken or added)
 *
 * approve() runs inside the connect route's transaction (ctx.tx) and must not query ctx.db. The result (which holds
 * the secret for connect-cli and gen-key-pair) is only readable with the session's unguessable token, as on the platform.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { registerMigrations } from '../../db.ts';
import { HttpError, registerConnectAction, wallet } from '../../platform.ts';
import { textsIn, type Texts } from '../../texts.ts';
import { newAccessToken } from './access-tokens.ts';
import { isDeveloper, TOKEN_REMARK_MAX } from './rules.ts';
import { base58 } from '../data/seed.ts';

/** What /join stakes: taken from the payer's sandbox wallet in TBA (18 decimals; `units` is the smallest unit). */
export const STAKE = { amount: '100', symbol: 'TBA' };
export const STAKE_CURRENCY_ID = 'pc_sandbox_tba';
export const STAKE_UNITS = (100n * 10n ** 18n).toString();
export const MONIKERS_MAX = 5;
const SOURCE_DEFAULT = 'Blocklet CLI';

registerMigrations('store-connect', [
  {
    id: '001-developer-stakes',
    up: `CREATE TABLE store_developer_stakes (
      user_did TEXT PRIMARY KEY,
      amount TEXT NOT NULL,
      symbol TEXT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );`,
  },
]);

function source(params: Record<string, unknown>): string {
  const s = params.source;
  if (s === undefined || s === null || s === '') return SOURCE_DEFAULT;
  if (typeof s !== 'string' || !s.trim() || s.trim().length > TOKEN_REMARK_MAX)
    throw new HttpError(400, `source must be a string of at most ${TOKEN_REMARK_MAX} characters`);
  return s.trim();
}

function monikers(params: Record<string, unknown>): string[] {
  const m = params.monikers;
  if (m === undefined || m === null) return [];
  if (
    !Array.isArray(m) ||
    m.length > MONIKERS_MAX ||
    !m.every((x) => typeof x === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(x))
  ) {
    throw new HttpError(400, `monikers must be a list of at most ${MONIKERS_MAX} names (letters, digits, '-' and '_')`);
  }
  return m as string[];
}

/** An ed25519 key pair: hex public/secret keys (secret = seed || pk, as the platform's wallets hold it) and its did. */
export function newKeyPair(): { did: string; publicKey: string; secretKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const pk = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32);
  const did = `z${base58(createHash('sha256').update(pk).digest()).slice(0, 34)}`;
  return { did, publicKey: `0x${pk.toString('hex')}`, secretKey: `0x${Buffer.concat([seed, pk]).toString('hex')}` };
}

/** What the wallet shows and signs for the store's actions, one table per language (texts.ts). */
const TEXTS: Texts<{
  connectCli: (source: string) => string;
  grants: string;
  grantsValue: string;
  genKeyPair: string;
  keyType: string;
  monikers: string;
  stakeAndJoin: string;
  stake: string;
  youGet: string;
  youGetValue: string;
}> = {
  en: {
    connectCli: (source) => `Connect ${source} to the store`,
    grants: 'Grants',
    grantsValue: 'An access token to publish blocklets',
    genKeyPair: 'Generate a key pair',
    keyType: 'Key type',
    monikers: 'Monikers',
    stakeAndJoin: 'Stake and join as a developer',
    stake: 'Stake',
    youGet: 'You get',
    youGetValue: 'A developer passport',
  },
  zh: {
    connectCli: (source) => `将 ${source} 连接到商店`,
    grants: '授予',
    grantsValue: '用于发布 Blocklet 的访问令牌',
    genKeyPair: '生成密钥对',
    keyType: '密钥类型',
    monikers: '名称',
    stakeAndJoin: '质押并加入开发者',
    stake: '质押',
    youGet: '你将获得',
    youGetValue: '开发者通行证',
  },
};

export function registerStoreConnectActions(): void {
  registerConnectAction('connect-cli', {
    component: 'store',
    async describe(params, ctx) {
      const src = source(params);
      const text = textsIn(TEXTS, ctx.locale);
      return { title: text.connectCli(src), lines: [{ label: text.grants, value: text.grantsValue }] };
    },
    async approve(params, ctx) {
      const src = source(params);
      if (!ctx.user || !isDeveloper(ctx.user))
        throw new HttpError(403, 'You have no legal developerNFT', 'DEVELOPER_REQUIRED');
      const { token, secret } = await newAccessToken(ctx.tx, ctx.userDid, src);
      return { developerDid: ctx.userDid, accessKeyId: token.id, accessKeySecret: secret, source: src };
    },
  });

  registerConnectAction('gen-key-pair', {
    component: 'store',
    async describe(params, ctx) {
      const m = monikers(params);
      const text = textsIn(TEXTS, ctx.locale);
      return {
        title: text.genKeyPair,
        lines: [
          { label: text.keyType, value: 'ed25519' },
          ...(m.length ? [{ label: text.monikers, value: m.join(', ') }] : []),
        ],
      };
    },
    async approve(params, ctx) {
      const m = monikers(params);
      return { ...newKeyPair(), monikers: m, ownerDid: ctx.userDid };
    },
  });

  registerConnectAction('stake-and-join', {
    component: 'store',
    async describe(_params, ctx) {
      const text = textsIn(TEXTS, ctx.locale);
      return {
        title: text.stakeAndJoin,
        lines: [
          { label: text.stake, value: `${STAKE.amount} ${STAKE.symbol}` },
          { label: text.youGet, value: text.youGetValue },
        ],
      };
    },
    async approve(_params, ctx) {
      if (ctx.user && isDeveloper(ctx.user))
        throw new HttpError(409, 'You already have a developer passport', 'ALREADY_DEVELOPER');
      const passport = { role: 'developer', name: 'developer', title: 'Developer' };
      const { rows } = await ctx.tx.query<{ did: string }>(
        `UPDATE users SET data = jsonb_set(data, '{passports}', COALESCE(data->'passports', '[]'::jsonb) || $2::jsonb) WHERE did = $1 RETURNING did`,
        [ctx.userDid, JSON.stringify([passport])],
      );
      if (!rows[0]) throw new HttpError(404, 'User not found', 'USER_NOT_FOUND');
      // Take the stake from the wallet in one conditional statement; short → refuse (the transaction rolls back).
      if (!(await wallet.debit(ctx.tx, ctx.userDid, STAKE_CURRENCY_ID, STAKE_UNITS))) {
        throw new HttpError(
          400,
          `Insufficient ${STAKE.symbol} balance in the sandbox wallet: the stake is ${STAKE.amount} ${STAKE.symbol}`,
          'INSUFFICIENT_BALANCE',
        );
      }
      await ctx.tx.query(
        'INSERT INTO store_developer_stakes (user_did, amount, symbol, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_did) DO NOTHING',
        [ctx.userDid, STAKE.amount, STAKE.symbol, ctx.tx.clock.iso()],
      );
      return { passport, stake: STAKE };
    },
  });
}
