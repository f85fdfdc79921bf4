/**
 * The journeys of a payer, a customer, an organization member and a store user through the reference host, driven
 * in Firefox or WebKit as a person would (tests/engines/browser.ts), at 1280 and 390 px. Every screen on the way is
 * checked for what a person would see wrong (in-page.js `defects`: a word broken across lines, something wider than
 * the window, a dialog whose body is cut off) and kept as a screenshot (test-results/engines/<engine>/…).
 * Chromium runs the detailed flows (tests/e2e, Playwright); these prove the same product in the other two engines.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Journey, type EngineName, type Query } from './browser.ts';
import { signedFetch } from '../server/payment-helpers.ts';
import { answer, authUrlOf, connect, fetchRequest, walletOf } from '../support/did-wallet.ts';
import { demoSecretKey, type DemoWalletKey } from '../../hosts/server/service/data/demo-wallets.ts';
import { DEMO_USERS } from '../../hosts/server/service/data/users.ts';
import ar from '../../locales/ar.json';
import de from '../../locales/de.json';
import ja from '../../locales/ja.json';

const WIDTHS = [1280, 390] as const;
const SHOTS = 'test-results/engines';

declare module 'vitest' {
  interface ProvidedContext {
    sandboxes: Record<EngineName, { origin: string; appSk: string }>;
  }
}

const user = (first: DemoWalletKey) => DEMO_USERS.find((u) => u.fullName.toLowerCase().startsWith(first))!;

export function journeys(engine: EngineName): void {
  const { origin, appSk } = inject('sandboxes')[engine];
  const merchant = async (method: string, path: string, body?: unknown) => {
    const r = await signedFetch(origin, appSk, method, path, { body });
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body as Record<string, never>;
  };
  let j: Journey;

  beforeAll(async () => {
    j = await Journey.start(engine, origin, SHOTS);
  }, 120_000);
  afterAll(async () => {
    await j?.close();
  });

  /** Signs in through the platform's login page as a person would: the demo user's button. */
  async function signIn(who: DemoWalletKey, redirect: string) {
    await j.goto(`/.well-known/service/login?redirect=${encodeURIComponent(redirect)}`);
    await j.click({ role: 'button', name: new RegExp(user(who).fullName) });
    await j.waitForPath(redirect.split('?')[0]!);
  }

  /**
   * What a person would see wrong on this screen: none; and a screenshot of it. On the main screens (`axe`), also
   * what axe finds against WCAG 2.2 AA: none, in this engine as in Chromium.
   */
  async function looks(name: string, host?: string, { axe = false } = {}) {
    await j.shot(name);
    const defects = await j.defects(host);
    if (axe) defects.push(...(await j.axe()).map((v) => `axe ${v}`));
    if (defects.length) throw new Error(`${engine} at ${j.width} px, ${name}:\n  ${defects.slice(0, 12).join('\n  ')}`);
  }

  /**
   * The header as a signed-in user reads it: their organization loaded and the bell shown. Its first paint (the brand
   * and the session, the navigation still being fitted) can come a moment before, longer in WebKit.
   */
  const headerLoaded = () => j.see({ host: 'site-header', css: '[part~=notifications]' });

  /** The deep link of the open wallet dialog, and its QR code as a wallet's camera reads it from the screen. */
  async function scanWalletDialog(host: string, dialog: Query) {
    const link = await j.see({ within: dialog, role: 'link', name: /Open DID Wallet/ });
    const href = link.attrs.href!;
    expect(href).toMatch(/^https:\/\/abtwallet\.io\/i\/\?action=requestAuth&url=/);
    if (j.width >= 600) {
      const qr = await j.see({ within: dialog, css: 'svg[part~=connect-qr]' });
      expect(qr).toBeTruthy();
      type Box = { x: number; y: number; w: number; h: number };
      const qrBox = () =>
        j.run<Box>(
          `const root = document.querySelector(arguments[0]).shadowRoot;
           const svg = [...root.querySelectorAll('dialog[open] svg')].find((s) => (s.getAttribute('part') || '').includes('connect-qr'));
           const r = svg.getBoundingClientRect();
           return { x: r.left, y: r.top, w: r.width, h: r.height };`,
          host,
        );
      // Where the code is once the dialog stops moving: the dialog is centred, so a line that appears in it (the
      // wallet's status) moves the code. Two reads 100 ms apart that agree, then the shot, then a read after it.
      const same = (a: Box, b: Box) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
      let box = await qrBox();
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const again = await qrBox();
        if (same(again, box)) break;
        box = again;
      }
      expect(box.w, 'QR code drawn at a scannable size').toBeGreaterThan(150);
      const file = await j.shot('wallet-qr');
      const after = await qrBox();
      const png = PNG.sync.read(readFileSync(file));
      // The code with a quiet margin around both places it was measured at (the same place, unless it moved).
      const left = Math.max(0, Math.floor(Math.min(box.x, after.x)) - 16);
      const top = Math.max(0, Math.floor(Math.min(box.y, after.y)) - 16);
      const right = Math.min(png.width, Math.ceil(Math.max(box.x + box.w, after.x + after.w)) + 16);
      const bottom = Math.min(png.height, Math.ceil(Math.max(box.y + box.h, after.y + after.h)) + 16);
      const crop = new PNG({ width: right - left, height: bottom - top });
      PNG.bitblt(png, crop, left, top, crop.width, crop.height, 0, 0);
      const read = jsQR(new Uint8ClampedArray(crop.data), crop.width, crop.height)?.data;
      // Kept for a look when the code was not read (the next wallet dialog's shot would replace it).
      if (read !== href) copyFileSync(file, file.replace('wallet-qr', 'wallet-qr-unread'));
      expect(
        read,
        `the QR code read from the screen (measured at ${JSON.stringify(box)}, then ${JSON.stringify(after)})`,
      ).toBe(href);
    }
    return href;
  }

  /**
   * The demo user's DID Wallet approves the request (tests/support/did-wallet.ts, the protocol as a phone speaks it).
   * With the dialog: it reads the request first, and the dialog says it was scanned before the wallet answers.
   */
  async function approve(href: string, who: DemoWalletKey = 'casey', scanned?: { host: string; dialog: Query }) {
    const wallet = walletOf(demoSecretKey(who));
    if (!scanned) {
      const outcome = await connect(href, wallet);
      expect(outcome.status, outcome.errorMessage).toBe('ok');
      return;
    }
    let request = await fetchRequest(authUrlOf(href));
    await j.text({ within: scanned.dialog, role: 'status' }, 'Scanned — confirm in DID Wallet');
    await looks('wallet-scanned', scanned.host);
    for (;;) {
      const r = await answer(request, wallet, 'approve');
      if ('outcome' in r) {
        expect(r.outcome.status, r.outcome.errorMessage).toBe('ok');
        return;
      }
      request = r.next;
    }
  }

  for (const width of WIDTHS) {
    describe(`${engine} at ${width} px`, () => {
      describe('checkout', () => {
        const co = 'pay-checkout';
        /** The order summary, unfolded on a phone (it folds into a bar with the total below 900 px). */
        async function summary() {
          await j.see({ host: co, text: 'Order summary' });
          if (width < 900) await j.click({ host: co, role: 'button', name: /Show details/ });
        }

        it('one-time purchase: fast pay offered, then the DID Wallet (QR code, scanned), completed', async () => {
          await j.begin(width);
          await signIn('casey', '/checkout/plink_sandbox_onetime');
          await summary();
          await j.see({ host: co, text: 'Sandbox Pro License' });
          await j.text({ host: co, css: '[part~=total]' }, '10 TBA');
          await looks('checkout-onetime', co, { axe: true });
          await j.click({ host: co, role: 'button', name: 'Pay' });
          const fast: Query = { host: co, role: 'dialog', name: 'Confirm payment' };
          await j.text(fast, /10 TBA/);
          await looks('checkout-fast-pay', co);
          await j.click({ within: fast, role: 'button', name: 'Use DID Wallet instead' });
          const dialog: Query = { host: co, role: 'dialog', name: 'Pay with DID Wallet' };
          await j.text({ within: dialog, role: 'status' }, /Waiting for DID Wallet/);
          await looks('checkout-wallet', co, { axe: true });
          const href = await scanWalletDialog(co, dialog);
          await approve(href, 'casey', { host: co, dialog });
          await j.see({ host: co, role: 'heading', name: 'Thanks for your payment' }, 20_000);
          await looks('checkout-completed', co);
          await j.click({ host: co, role: 'link', name: 'View invoice' });
          await j.waitForPath(/\/customer\/invoice\/in_/);
          await j.see({ host: 'pay-portal', css: '[part~=invoice-total]' });
          await looks('invoice', 'pay-portal');
        });

        it('promotion code, quantity and the card panel', async () => {
          await j.begin(width);
          await signIn('olivia', '/checkout/plink_sandbox_onetime');
          const total: Query = { host: co, css: '[part~=total]' };
          await summary();
          await j.click({ host: co, role: 'button', name: 'Increase quantity' });
          await j.text(total, '20 TBA');
          await j.click({ host: co, role: 'button', name: 'Add promotion code' });
          const promo: Query = { host: co, role: 'dialog', name: 'Promotion code' };
          await j.fill({ within: promo, role: 'textbox', name: 'Code' }, 'NOPE');
          await j.press('Enter');
          await j.see({ within: promo, text: 'This promotion code is invalid' });
          await looks('checkout-promotion-invalid', co);
          await j.fill({ within: promo, role: 'textbox', name: 'Code' }, 'SANDBOX10');
          await j.click({ within: promo, role: 'button', name: 'Apply' });
          await j.gone(promo);
          await j.text(total, '18 TBA');
          await looks('checkout-promotion-applied', co);
          // The card (the Stripe test-mode stand-in, mounted in the light DOM and shown through a slot).
          await j.click({ host: co, role: 'radio', name: /USD Card/ });
          await j.click({ host: co, role: 'button', name: 'Pay' });
          const panel: Query = { host: co, role: 'dialog', name: 'Pay by card' };
          await j.see(panel);
          await j.see({ css: 'pay-checkout > [slot=stripe-payment]' });
          await looks('checkout-card', co);
          await j.click({ within: panel, role: 'button', name: 'Cancel' });
          await j.gone(panel);
        });

        it('subscription with a free trial, through the wallet', async () => {
          await j.begin(width);
          await signIn('casey', '/checkout/plink_sandbox_trial');
          await summary();
          await j.see({ host: co, text: '7 days free trial' });
          await looks('checkout-trial', co);
          await j.click({ host: co, role: 'button', name: 'Subscribe' });
          const dialog: Query = { host: co, role: 'dialog', name: 'Pay with DID Wallet' };
          const href = await scanWalletDialog(co, dialog);
          await approve(href);
          await j.see({ host: co, role: 'heading', name: 'Your subscription is active' }, 20_000);
          await looks('checkout-subscribed', co);
        });

        it('upsell and cross-sell', async () => {
          await j.begin(width);
          await signIn('casey', '/checkout/plink_sandbox_upsell');
          await summary();
          const upsell: Query = { host: co, role: 'switch', name: /^Switch to 30 TBA per year/ };
          await j.click(upsell);
          await j.text({ host: co, css: '[part~=total]' }, '30 TBA');
          await looks('checkout-upsell', co);
          await j.goto('/checkout/plink_sandbox_crosssell');
          await summary();
          await j.see({ host: co, text: 'Required with this purchase' });
          await j.click({ host: co, role: 'button', name: /^Add .*Sandbox Priority Support/ });
          await j.poll(
            async () => (await j.count({ host: co, css: '[part~=line-item]' })) === 2,
            10_000,
            () => '2 items',
          );
          await looks('checkout-cross-sell', co);
        });

        it('donation with a custom amount', async () => {
          await j.begin(width);
          await signIn('casey', '/checkout/plink_sandbox_donation');
          expect((await j.see({ host: co, role: 'radio', name: '5 TBA' })).checked).toBe(true);
          await looks('checkout-donation', co);
          await j.click({ host: co, role: 'radio', name: 'Custom' });
          await j.fill({ host: co, role: 'textbox', name: 'Your amount (TBA)' }, '250');
          await j.see({ host: co, text: 'Please enter an amount between 0.1 and 100.' });
          await looks('checkout-donation-custom', co);
        });

        it('phone and billing address collected, and the standalone page', async () => {
          await j.begin(width);
          await signIn('dana', '/checkout/plink_sandbox_report');
          await j.click({ host: co, role: 'radio', name: /CRD/ });
          await j.text({ host: co, css: '[part~=total]' }, '25 CRD');
          await j.fill({ host: co, role: 'textbox', name: /^Phone/ }, '12');
          await j.fill({ host: co, role: 'textbox', name: /^Address/ }, '1 Main Street');
          await j.see({ host: co, text: 'Please enter a valid phone number' });
          await j.fill({ host: co, role: 'textbox', name: /^Phone/ }, '650 253 0000');
          await j.fill({ host: co, role: 'textbox', name: /^City/ }, 'Mountain View');
          await j.fill({ host: co, role: 'textbox', name: /^State or province/ }, 'CA');
          await j.fill({ host: co, role: 'textbox', name: /^Postal code/ }, '94043');
          await looks('checkout-phone', co);
          await j.click({ host: co, role: 'button', name: 'Pay' });
          const short: Query = { host: co, role: 'dialog', name: 'Not enough credit' };
          await j.see(short);
          await looks('checkout-not-enough-credit', co);
          await j.press('Escape');
          await j.gone(short);
          await j.goto('/plain/checkout/plink_sandbox_onetime');
          await summary();
          await j.see({ host: co, text: 'Sandbox Pro License' });
          await looks('checkout-plain', co);
        });
      });

      describe('portal', () => {
        const po = 'pay-portal';

        it('invoices, a subscription cancelled with feedback and resumed, a plan change', async () => {
          await j.begin(width);
          await signIn('casey', '/customer');
          const sub = await merchant('POST', '/api/subscriptions', {
            customer_id: user('casey').did,
            items: [{ price_id: 'price_sandbox_studio_monthly', quantity: 1 }],
          });
          await j.goto('/customer');
          await j.see({ host: po, role: 'tab', name: 'Subscriptions' });
          // The summary with its figures (the plan just created), as the customer reads it.
          await j.see({ host: po, css: '[part~=overview-plans] a' });
          await looks('portal-overview', po, { axe: true });
          await j.goto(`/customer/subscription/${sub.id}`);
          await j.see({ host: po, css: '[part~=renewal-amount]' });
          await looks('portal-subscription', po);
          await j.click({ host: po, role: 'button', name: 'Cancel subscription' });
          const cancel: Query = { host: po, role: 'dialog', name: 'Cancel subscription?' };
          await j.click({ within: cancel, role: 'radio', name: "It's too expensive" });
          await looks('portal-cancel', po, { axe: true });
          await j.click({ within: cancel, role: 'button', name: 'Cancel subscription' });
          await j.gone(cancel);
          await j.click({ host: po, role: 'button', name: 'Resume subscription' });
          await j.poll(
            async () => (await j.count({ host: po, role: 'button', name: 'Cancel subscription' })) > 0,
            15_000,
            () => 'resumed',
          );
          await j.click({ host: po, role: 'button', name: 'Change plan' });
          const plan: Query = { host: po, role: 'dialog', name: 'Change plan' };
          await j.click({ within: plan, role: 'radio', name: /30 TBA per year/ });
          await j.see({ within: plan, css: '[part~=change-summary]' });
          await looks('portal-change-plan', po);
          await j.click({ within: plan, role: 'button', name: 'Confirm plan change' });
          await j.gone(plan);
          await j.click({ host: po, role: 'button', name: 'Change payment method' });
          const method: Query = { host: po, role: 'dialog', name: 'Change payment method' };
          // Its choices loaded (the dialog is blank for the first 500 ms of loading, then shows a skeleton).
          await j.see({ within: method, role: 'radio' });
          await looks('portal-change-payment', po);
          await j.press('Escape');
          await j.gone(method);
        });

        it('past-due invoices paid per currency', async () => {
          await j.begin(width);
          await signIn('chris', '/customer');
          // One currency per width: the engine's sandbox keeps Chris's wallet from the other width's journey, whose
          // funds would pay a renewal in that currency by themselves.
          const [currency, price, amount] =
            width >= 600
              ? ['pc_sandbox_tba', 'price_sandbox_node_monthly', '1000']
              : ['pc_sandbox_base_usdc', 'price_sandbox_team_monthly', '100'];
          const sub = await merchant('POST', '/api/subscriptions', {
            customer_id: user('chris').did,
            items: [{ price_id: price, quantity: 10 }],
            currency_id: currency,
          });
          const clock = await merchant('GET', '/api/sandbox/clock');
          const seconds = Number(sub.current_period_end) - Number(clock.now) + 60;
          if (seconds > 0) await merchant('POST', '/api/sandbox/clock/advance', { seconds });
          await j.goto('/customer/invoice/past-due');
          const row: Query = { host: po, css: `[part~=past-due-currency][data-currency="${currency}"]` };
          await j.see(row);
          // The unpaid invoices listed under the amounts, not the list while it loads.
          await j.see({ host: po, role: 'link', name: /^SBX-/ });
          await looks('portal-past-due', po);
          await merchant('POST', '/api/sandbox/wallet/fund', { did: user('chris').did, currency_id: currency, amount });
          await j.click({ within: row, role: 'button', name: /^Pay / });
          const dialog: Query = { host: po, role: 'dialog', name: 'Pay with DID Wallet' };
          const href = await scanWalletDialog(po, dialog);
          await approve(href, 'chris');
          await j.see({ within: row, css: '[part~=past-due-paid]' }, 20_000);
          await looks('portal-past-due-paid', po);
        });

        it('credits and auto top-up', async () => {
          await j.begin(width);
          await signIn('casey', '/customer');
          await merchant('POST', '/api/credit-grants', {
            customer_id: user('casey').did,
            currency_id: 'pc_sandbox_credit',
            amount: '5',
            name: 'Journey credits',
          });
          await j.goto('/customer');
          await j.click({ host: po, role: 'tab', name: 'Credits' });
          await j.see({ host: po, css: '[part~=auto-top-up]' });
          await j.see({ host: po, text: 'Journey credits' });
          await looks('portal-credits', po);
          await j.click({ host: po, role: 'switch', name: 'Enable auto top-up' });
          await looks('portal-auto-top-up', po);
        });
      });

      describe('header', () => {
        const hd = 'site-header';

        it('organizations (and the create dialog), notifications, language, theme, session', async () => {
          await j.begin(width);
          await signIn('olivia', '/');
          await j.see({ host: hd, css: '[part~=user]' });
          // The header loaded for her (the bell; the navigation at a desktop width), not its first paint.
          await headerLoaded();
          if (width >= 600) await j.see({ host: hd, role: 'link', name: 'Store' });
          await looks('header-owner', hd, { axe: true });
          if (width < 600) {
            await j.click({ host: hd, role: 'button', name: 'Open menu' });
            await looks('header-mobile-menu', hd);
            await j.press('Escape');
          } else {
            await j.click({ host: hd, role: 'button', name: 'Products' });
            await j.see({ host: hd, role: 'link', name: /Payment Kit/ });
            await looks('header-products', hd);
            await j.press('Escape');
          }
          await j.click({ host: hd, css: '[part~=org-switch]' });
          const orgs: Query = { host: hd, role: 'dialog', name: 'Organizations' };
          await j.see({ within: orgs, css: '[part~=org-list] button' });
          await looks('header-orgs', hd, { axe: true });
          await j.click({ host: hd, role: 'button', name: /Create new/ });
          const create: Query = { host: hd, role: 'dialog', name: 'Create organization' };
          await j.see(create);
          await looks('header-org-create', hd);
          await j.press('Escape');
          await j.gone(create);
          await j.click({ host: hd, css: '[part~=user]' });
          await looks('header-session-menu', hd);
          await j.press('Escape');
          if (width >= 600) {
            await j.click({ host: hd, role: 'button', name: 'Language: English' });
            await j.see({ host: hd, role: 'menuitemradio', name: '简体中文' });
            await looks('header-language', hd);
            await j.press('Escape');
            await j.click({ host: hd, role: 'button', name: 'Switch to dark theme' });
            await j.see({ host: hd, role: 'button', name: 'Switch to light theme' });
            await looks('header-dark', hd);
          }
        });

        it('a notification arrives while the page is open', async () => {
          await j.begin(width);
          await signIn('casey', '/');
          await headerLoaded();
          // The header joins the realtime channel after its first paint (the page cannot see its socket): a moment
          // for it, then a notification for Casey arrives while she looks.
          await new Promise((r) => setTimeout(r, 3000));
          // The engine's sandbox keeps Casey's notifications from earlier journeys: one more than before.
          const badge: Query = { host: hd, css: '[part~=notifications-badge]' };
          const before = (await j.count(badge)) ? Number((await j.see(badge)).text) : 0;
          // Sent from the signed-in page (the sandbox's notify endpoint takes the session), as the e2e flow does.
          const status = await j.run<number>(
            `return fetch('/.well-known/service/sandbox/notify', {
               method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(arguments[0]),
             }).then((r) => r.status);`,
            {
              receiver: user('casey').did,
              severity: 'warning',
              title: 'Payment due soon',
              description: 'Your subscription renews tomorrow.',
            },
          );
          expect(status).toBe(201);
          await j.see(
            { host: hd, css: '[part~=toast]', text: /Payment due soon.*Your subscription renews tomorrow\./ },
            20_000,
          );
          await j.text(badge, String(before + 1));
          await looks('header-notification', hd);
        });
      });

      describe('store', () => {
        const st = 'blocklet-store';

        it('home, search and a blocklet', async () => {
          await j.begin(width);
          await j.goto('/');
          await j.see({ host: st, role: 'heading', name: 'Blocklet Store' });
          await looks('store-home', st, { axe: true });
          await j.fill({ host: st, role: 'searchbox', name: 'Search blocklets' }, 'insights');
          await j.see({ host: st, role: 'heading', name: 'Subscription Insights' });
          await looks('store-search', st);
          await j.click({ host: st, role: 'link', name: /Subscription Insights/ });
          await j.see({ host: st, role: 'link', name: /Launch/ });
          await looks('store-detail', st, { axe: true });
        });

        it("the developer's blocklets and dialogs, the console", async () => {
          await j.begin(width);
          await signIn('dana', '/developer/blocklets');
          await j.see({ host: st, role: 'heading', name: 'My Blocklets' });
          // Her blocklets listed, not the screen while they load.
          await j.see({ host: st, css: 'table tbody tr' });
          await looks('store-developer', st, { axe: true });
          await j.click({ host: st, role: 'button', name: 'Create blocklet' });
          const dialog: Query = { host: st, role: 'dialog', name: 'Create blocklet' };
          await j.see(dialog);
          await looks('store-create-blocklet', st);
          await j.press('Escape');
          await j.gone(dialog);
          await j.goto('/developer/access-tokens');
          await j.click({ host: st, role: 'button', name: 'Create access token' });
          await j.see({ host: st, role: 'dialog', name: 'Create access token' });
          await looks('store-access-token', st);
          await j.begin(width);
          await signIn('olivia', '/console/blocklets');
          await j.see({ host: st, role: 'heading', name: /Blocklets/ });
          await j.see({ host: st, css: 'table tbody tr' });
          await looks('store-console', st);
        });
      });

      describe('languages', () => {
        const co = 'pay-checkout';
        /** The direction and language of an element's shadow root (its language box, src/ui/element-root.tsx). */
        const rootOf = (host: string) =>
          j.run<{ dir: string; lang: string } | null>(
            `const box = document.querySelector(arguments[0])?.shadowRoot?.querySelector('[data-pay-root]');
             return box ? { dir: box.dir, lang: box.lang } : null;`,
            host,
          );

        it('Arabic, right to left: checkout, pricing table, portal, store and the header', async () => {
          await j.begin(width);
          await signIn('casey', '/pricing');
          await j.goto('/checkout/plink_sandbox_onetime?locale=ar');
          // Signed in: "Pay" (ادفع), in Arabic.
          await j.text({ host: co, css: 'button[part~=submit]' }, /^[\u0600-\u06ff ]+$/);
          await headerLoaded();
          expect(await rootOf(co)).toEqual({ dir: 'rtl', lang: 'ar' });
          await looks('ar-checkout', co, { axe: true });
          await j.goto('/pricing?locale=ar');
          await j.see({ host: 'pay-pricing-table', role: 'radio', name: ar.pricingTable.interval.month });
          await headerLoaded();
          await looks('ar-pricing', 'pay-pricing-table');
          await j.goto('/customer?locale=ar');
          await j.see({ host: 'pay-portal', role: 'tab', name: ar.portal.invoiceHistory });
          // The summary with its figures, not its loading cards.
          await j.see({ host: 'pay-portal', css: '[part~=overview-plans]' });
          await headerLoaded();
          await looks('ar-portal', 'pay-portal');
          await j.goto('/?locale=ar');
          await j.see({ host: 'blocklet-store', role: 'searchbox', name: ar.store.searchLabel });
          await headerLoaded();
          expect(await rootOf('site-header')).toEqual({ dir: 'rtl', lang: 'ar' });
          await looks('ar-store', 'blocklet-store');
        });

        it('German (long words) and Japanese: checkout and pricing table', async () => {
          await j.begin(width);
          for (const [code, texts] of [
            ['de', de],
            ['ja', ja],
          ] as const) {
            await j.goto(`/checkout/plink_sandbox_onetime?locale=${code}`);
            await j.see({ host: co, role: 'button', name: texts.checkout.connectAndPay });
            expect(await rootOf(co)).toEqual({ dir: 'ltr', lang: code });
            await looks(`${code}-checkout`, co);
            await j.goto(`/pricing?locale=${code}`);
            await j.see({ host: 'pay-pricing-table', role: 'radio', name: texts.pricingTable.interval.month });
            await looks(`${code}-pricing`, 'pay-pricing-table');
          }
        });
      });

      describe('pricing table and embed', () => {
        const pt = 'pay-pricing-table';

        it('interval, currency and the inline checkout', async () => {
          await j.begin(width);
          await signIn('casey', '/pricing');
          await j.click({ host: pt, role: 'radio', name: 'Yearly' });
          await looks('pricing-yearly', pt, { axe: true });
          await j.click({ host: pt, role: 'combobox', name: 'Currency' });
          await j.press('ArrowDown');
          await j.press('Enter');
          await j.click({ host: pt, role: 'radio', name: 'Monthly' });
          await looks('pricing-monthly', pt);
          await j.click({ within: { host: pt, css: '[part~=plan]' }, role: 'button', name: /Subscribe|Try for free/ });
          await j.see({ host: pt, role: 'button', name: 'Back to plans' });
          await j.see({ host: pt, css: 'pay-checkout' });
          await looks('pricing-inline-checkout', pt);
        });

        it('the checkout in an embed-mode iframe on a merchant page', async () => {
          await j.begin(width);
          await j.goto('/embed-demo');
          await j.poll(
            () =>
              j.run<boolean>(
                `const f = document.querySelector('iframe'); return !!f && f.getBoundingClientRect().height > 200;`,
              ),
            20_000,
            () => 'the iframe sized by its page',
          );
          await j.shot('embed-demo');
        });
      });
    });
  }
}
