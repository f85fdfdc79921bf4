/**
 * What every flow test does the same way: sign in through the sandbox's login page as a person would, run axe
 * (WCAG 2.2 AA rules) on the page and the elements' shadow roots, and call the merchant API signed with the run's
 * app key (the server under test was started with it).
 */
import { createRequire } from 'node:module';
import { test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { signedFetch, type SignOptions } from '../server/payment-helpers.ts';
import { AXE_WCAG_TAGS } from '../support/axe.ts';
import { connect, signatureText, walletOf, type AuthOutcome, type AuthRequest } from '../support/did-wallet.ts';
import { demoSecretKey, type DemoWalletKey } from '../../hosts/server/service/data/demo-wallets.ts';

export { expect } from '@playwright/test';

/**
 * Each worker has its own sandbox server (playwright.config.ts starts one per worker on E2E_PORT + n): its own
 * database and its own sandbox clock, so a spec that moves the clock or fills a list never meets another's data.
 */
export const sandboxOrigin = (info: Pick<TestInfo, 'parallelIndex'>): string =>
  `http://127.0.0.1:${Number(process.env.E2E_PORT || 4173) + info.parallelIndex}`;

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, info) => {
    await use(sandboxOrigin(info));
  },
});

/**
 * Picks the demo user whose button matches `who` on the login page (the platform's path, `/.well-known/service/login`,
 * where the sandbox offers its demo users beside the DID Connect login) and waits to be back on `redirect`.
 */
export async function signIn(page: Page, who: RegExp, redirect: string): Promise<void> {
  await page.goto(`/.well-known/service/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByRole('button', { name: who }).click();
  await page.waitForURL((url) => url.pathname === redirect.split('?')[0]);
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Before asserting that something is absent: waits until the page (its frames included) has made no request for
 * `quietMs` (lazy chunks, settings, the session: whatever would bring the thing) and has drawn a frame after that,
 * so the thing could have appeared by now.
 */
export async function settled(page: Page, quietMs = 500): Promise<void> {
  let inflight = 0;
  let last = Date.now();
  const start = () => {
    inflight++;
    last = Date.now();
  };
  const end = () => {
    inflight = Math.max(0, inflight - 1);
    last = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (inflight > 0 || Date.now() - last < quietMs)) await page.waitForTimeout(50);
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

/**
 * The axe violations of the page (`id: [targets]`), none expected. The host pages run under a strict CSP, so a
 * spec that calls this sets `test.use({ bypassCSP: true })`: axe is injected by the test only.
 */
export async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async (tags) => {
    const w = window as unknown as {
      axe: {
        run: (
          ctx: unknown,
          opts: unknown,
        ) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
      };
    };
    const r = await w.axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return r.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  }, AXE_WCAG_TAGS);
}

/** A merchant API call (`/payment/api…` path without the prefix) signed with the run's app key. */
export function merchant(method: string, path: string, body?: unknown, opts: Omit<SignOptions, 'body'> = {}) {
  return signedFetch(sandboxOrigin(test.info()), process.env.E2E_APP_SK!, method, path, { ...opts, body });
}

/**
 * A purchase through a payment link (default the one-time one), paid with TBA through the wallet (a payment with a
 * tx hash and its explorer link), optionally with a promotion code; the signed-in page's session buys. The invoice id.
 */
export async function buy(
  page: Page,
  who: { fullName: string },
  {
    email = 'buyer@example.com',
    plink = 'plink_sandbox_onetime',
    promo,
  }: { email?: string; plink?: string; promo?: string } = {},
): Promise<string> {
  const started = await page.request.post(`/payment/api/checkout-sessions/start/${plink}`);
  expect(started.status()).toBe(200);
  const id = (await started.json()).checkoutSession.id as string;
  if (promo) {
    const applied = await page.request.post(`/payment/api/checkout-sessions/${id}/apply-promotion`, {
      data: { promotion_code: promo, currency_id: 'pc_sandbox_tba' },
    });
    expect(applied.status()).toBe(200);
  }
  const form = {
    customer_name: who.fullName,
    customer_email: email,
    payment_method: 'pm_sandbox_arcblock',
    payment_currency: 'pc_sandbox_tba',
  };
  expect((await page.request.put(`/payment/api/checkout-sessions/${id}/submit`, { data: form })).status()).toBe(200);
  // DID Connect as the platform's client asks (flat params, the page's session), answered by the buyer's demo wallet
  // (its key: sha256 of the first name, docs/sandbox.md) through the protocol, as a phone would.
  const opened = await page.request.get(`/payment/api/did/payment/token?checkoutSessionId=${encodeURIComponent(id)}`);
  expect(opened.status()).toBe(200);
  const { token, url } = (await opened.json()) as { token: string; url: string };
  const key = who.fullName.split(' ')[0]!.toLowerCase() as DemoWalletKey;
  const outcome = await connect(url, walletOf(demoSecretKey(key)));
  expect(outcome, outcome.errorMessage).toMatchObject({ status: 'ok' });
  const state = await (await page.request.get(`/payment/api/did/payment/status?_t_=${token}`)).json();
  expect(state.status).toBe('succeed');
  return state.result.invoiceId as string;
}

/** The deep link of the open connect dialog (its "Open DID Wallet" link, what a phone gets from the QR code). */
export async function deepLinkOf(dialog: Locator): Promise<string> {
  const link = dialog.getByRole('link', { name: /Open DID Wallet|打开 DID Wallet/ });
  await expect(link).toHaveAttribute('href', /^https:\/\/abtwallet\.io\/i\/\?action=requestAuth&url=/);
  return (await link.getAttribute('href')) as string;
}

/** What the wallet was asked to sign in a request, as its owner would read it (every step's signature claims). */
export function askedText(steps: AuthRequest[]): string {
  return steps
    .flatMap((s) => s.payload.requestedClaims)
    .map((c) =>
      [c.description, c.type === 'signature' ? signatureText(c) || c.data : undefined]
        .filter((x) => typeof x === 'string' && x)
        .join('\n'),
    )
    .join('\n');
}

/**
 * Answers the open connect dialog's request as a demo user's DID Wallet would (tests/support/did-wallet.ts: it reads
 * the deep link, verifies the app's signed request and answers every step with JWTs signed by the user's key):
 * approves by default, or declines at a step. Returns the app's last answer and what the wallet was asked to sign.
 */
export async function walletAnswers(
  dialog: Locator,
  who: DemoWalletKey = 'casey',
  opts: { declineAt?: number } = {},
): Promise<AuthOutcome & { asked: string }> {
  const outcome = await connect(await deepLinkOf(dialog), walletOf(demoSecretKey(who)), opts);
  return { ...outcome, asked: askedText(outcome.steps) };
}
