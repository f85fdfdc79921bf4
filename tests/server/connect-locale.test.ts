/**
 * What the wallet shows and signs is in the payer's language: the elements send `locale` with every DID Connect
 * token request (src/api/resources/connect.ts), and the same action's summary, claims and signed text are then in
 * Chinese for zh and in English otherwise (no locale, en, a language without a table). The signed zh text is the one
 * the approval verifies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, authUrlOf, fetchRequest, signatureText, type AuthRequest } from '../support/did-wallet.ts';
import { openConnect, walletOfDid } from './connect-helpers.ts';
import { asUser, CASEY, closeSandbox, openSandbox, type Sandbox } from './payment-helpers.ts';

let sb: Sandbox;
let casey: string;
beforeAll(async () => ({ sb, casey } = await openSandbox()));
afterAll(() => closeSandbox(sb));

/** Opens `action` as Casey's page would, answers the first step as her wallet: the principal's and the signed text. */
async function signedText(action: string, params: Record<string, unknown>, prefix?: string) {
  const opened = await openConnect(sb, casey, action, params, prefix);
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const wallet = walletOfDid(CASEY.did);
  const first = await fetchRequest(authUrlOf(opened.body.url));
  const principal = String(first.payload.requestedClaims[0]!.description);
  const second = await answer(first, wallet);
  if (!('next' in second)) throw new Error('expected the signature step');
  const claim = second.next.payload.requestedClaims[0]!;
  return {
    token: opened.body.token as string,
    principal,
    claim,
    text: signatureText(claim),
    next: second.next,
    wallet,
  };
}

/** A fresh open session of the one-time demo link (10 TBA). */
async function session(): Promise<string> {
  const r = await asUser(sb, casey, 'POST', '/api/checkout-sessions/start/plink_sandbox_onetime');
  expect(r.status).toBe(200);
  return r.body.checkoutSession.id;
}

describe('the payment action signs the payer’s language', () => {
  it('zh: the summary, the claims and the signed text are Chinese, and the approval verifies that text', async () => {
    const checkoutSessionId = await session();
    const zh = await signedText('payment', { checkoutSessionId, locale: 'zh' });
    expect(zh.principal).toBe('请使用本次会话的账户继续');
    expect(zh.claim.description).toBe('支付 Sandbox Pro License');
    expect(zh.text).toBe(
      [
        '支付 Sandbox Pro License',
        'Sandbox Pro License × 1: 10 TBA',
        '本次应付合计: 10 TBA',
        `沙盒请求 ${zh.token}`,
      ].join('\n'),
    );
    const done = await answer(zh.next as AuthRequest, zh.wallet);
    if (!('outcome' in done)) throw new Error('expected an outcome');
    expect(done.outcome).toMatchObject({ status: 'ok', response: { status: 'succeed' } });
  });

  it('en, no locale, or a language without a table: the same action signs the English text', async () => {
    for (const locale of ['en', undefined, 'fr']) {
      const checkoutSessionId = await session();
      const en = await signedText('payment', { checkoutSessionId, ...(locale ? { locale } : {}) });
      expect(en.principal).toBe('Continue with the account of this session');
      expect(en.text).toBe(
        [
          'Pay for Sandbox Pro License',
          'Sandbox Pro License × 1: 10 TBA',
          'Total due now: 10 TBA',
          `Sandbox request ${en.token}`,
        ].join('\n'),
      );
    }
  });

  it('zh-CN and tw are Chinese too', async () => {
    for (const locale of ['zh-CN', 'tw']) {
      const { text } = await signedText('payment', { checkoutSessionId: await session(), locale });
      expect(text.split('\n')[0]).toBe('支付 Sandbox Pro License');
    }
  });
});

describe('the store’s actions and the login sign the payer’s language', () => {
  it('gen-key-pair: zh, else en', async () => {
    const zh = await signedText('gen-key-pair', { monikers: ['app'], locale: 'zh' }, '/store/api/did');
    expect(zh.text.split('\n').slice(0, 3)).toEqual(['生成密钥对', '密钥类型: ed25519', '名称: app']);
    const en = await signedText('gen-key-pair', { monikers: ['app'] }, '/store/api/did');
    expect(en.text.split('\n').slice(0, 3)).toEqual(['Generate a key pair', 'Key type: ed25519', 'Monikers: app']);
  });

  it('login: the wallet is asked to sign in, in the page’s language', async () => {
    const ask = async (locale?: string) => {
      const q = new URLSearchParams(locale ? { locale } : {});
      const r = await fetch(`${sb.url}/.well-known/service/api/did/login/token?${q}`);
      const { url } = (await r.json()) as { url: string };
      return String((await fetchRequest(authUrlOf(url))).payload.requestedClaims[0]!.description);
    };
    expect(await ask('zh')).toMatch(/^登录 /);
    expect(await ask('en')).toMatch(/^Sign in to /);
    expect(await ask()).toMatch(/^Sign in to /);
  });
});
