/**
 * DID Connect end to end (issue 24): the elements open wallet requests the way the platform's own client does, and a
 * wallet written from the protocol (tests/support/did-wallet.ts) or the sandbox wallet page answers them.
 *
 * - desktop: the dialog's QR code, read from a screenshot, is the deep link; the wallet opens it (the dialog says it
 *   was scanned), approves, and the checkout completes;
 * - a phone (390 px): "Open DID Wallet" comes first; the deep link goes to the sandbox wallet page (as a phone's
 *   wallet app would open it), which approves as Casey;
 * - a declined request says so; "Start again" makes a new request, which pays;
 * - sign in through the platform's login page with a wallet.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Locator, Page } from '@playwright/test';
import { answer, authUrlOf, fetchRequest, walletOf } from '../support/did-wallet.ts';
import { demoSecretKey } from '../../hosts/server/service/data/demo-wallets.ts';
import { deepLinkOf, expect, signIn, test, walletAnswers } from './support.ts';

/** Decodes the QR code of the dialog from a screenshot of it. */
async function qrOf(dialog: Locator): Promise<string | null> {
  const png = PNG.sync.read(await dialog.locator('svg[part~=connect-qr]').screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** Opens the wallet dialog of a trial subscription (straight to the wallet: nothing to pay today). */
async function openWalletDialog(page: Page): Promise<{ checkout: Locator; dialog: Locator }> {
  await signIn(page, /Casey Customer/, '/checkout/plink_sandbox_trial');
  const checkout = page.locator('pay-checkout');
  await checkout.getByRole('button', { name: 'Subscribe' }).click();
  const dialog = checkout.getByRole('dialog', { name: 'Pay with DID Wallet' });
  await expect(dialog.locator('svg[part~=connect-qr]')).toBeVisible();
  return { checkout, dialog };
}

test('desktop: the QR code read from a screenshot is the deep link; the wallet scans it, approves, and the checkout completes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { checkout, dialog } = await openWalletDialog(page);
  const link = await deepLinkOf(dialog);
  expect(await qrOf(dialog)).toBe(link);
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText('Waiting for DID Wallet');

  // The wallet reads the code: the app's signed request is fetched and verified; the dialog says it was scanned.
  const wallet = walletOf(demoSecretKey('casey'));
  let request = await fetchRequest(authUrlOf(link));
  expect(request.payload.requestedClaims[0]?.type).toBe('authPrincipal');
  await expect(dialog.getByRole('status')).toHaveText('Scanned — confirm in DID Wallet');
  // Then it approves every step.
  for (;;) {
    const r = await answer(request, wallet, 'approve');
    if ('outcome' in r) {
      expect(r.outcome.status, r.outcome.errorMessage).toBe('ok');
      break;
    }
    request = r.next;
  }
  await expect(checkout.getByRole('heading', { name: 'Your subscription is active' })).toBeVisible({ timeout: 15_000 });
});

test('a phone (390 px): Open DID Wallet first; the deep link opens the sandbox wallet, which approves, and the checkout completes', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  // A phone hands the universal link to its wallet app: here the sandbox's web wallet plays that app.
  await context.route('https://abtwallet.io/**', (route) =>
    route.fulfill({
      status: 302,
      headers: {
        location: `${baseURL}/.well-known/service/sandbox/wallet?url=${encodeURIComponent(route.request().url())}`,
      },
    }),
  );
  const page = await context.newPage();
  const { checkout, dialog } = await openWalletDialog(page);
  const open = dialog.getByRole('link', { name: /Open DID Wallet/ });
  const qr = dialog.locator('svg[part~=connect-qr]');
  const [linkBox, qrBox] = [await open.boundingBox(), await qr.boundingBox()];
  expect(linkBox!.y + linkBox!.height).toBeLessThanOrEqual(qrBox!.y);
  expect(await qrOf(dialog)).toBe(await deepLinkOf(dialog));

  const [walletPage] = await Promise.all([context.waitForEvent('page'), open.click()]);
  await walletPage.waitForLoadState();
  await expect(walletPage.getByRole('heading', { name: 'Sandbox wallet' })).toBeVisible();
  await walletPage.getByRole('radio', { name: /Casey Customer/ }).check();
  // Every step of the request (which DID answers, then the signature over what is paid).
  for (let i = 0; i < 4 && !(await checkout.getByText('Your subscription is active').isVisible()); i += 1) {
    const go = walletPage.getByRole('button', { name: /Continue|Approve|Sign/ }).first();
    if (!(await go.isVisible().catch(() => false))) break;
    await go.click();
    await walletPage.waitForLoadState();
  }
  await expect(checkout.getByRole('heading', { name: 'Your subscription is active' })).toBeVisible({ timeout: 15_000 });
  await context.close();
});

test('a declined request says so in the dialog; Start again makes a new request, which pays', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { checkout, dialog } = await openWalletDialog(page);
  const first = await deepLinkOf(dialog);
  // The wallet declines the signature step (the app acknowledges; the request ends in the decline's error).
  await walletAnswers(dialog, 'casey', { declineAt: 1 });
  const failure = dialog.getByRole('alert');
  await expect(failure).toContainText('You declined the request in DID Wallet.');
  const again = dialog.getByRole('button', { name: 'Start again' });
  await expect(again).toBeFocused();
  await again.press('Enter');
  await expect(dialog.getByRole('status')).toContainText('Waiting for DID Wallet');
  const second = await deepLinkOf(dialog);
  expect(second).not.toBe(first);
  const approved = await walletAnswers(dialog, 'casey');
  expect(approved.status, approved.errorMessage).toBe('ok');
  await expect(checkout.getByRole('heading', { name: 'Your subscription is active' })).toBeVisible({ timeout: 15_000 });
});

test("another DID's wallet is refused: nothing is paid, the dialog says the request failed", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { checkout, dialog } = await openWalletDialog(page);
  const refused = await walletAnswers(dialog, 'chris').catch((e: unknown) => ({
    status: 'error',
    errorMessage: String(e),
  }));
  expect(refused.status).toBe('error');
  await expect(dialog.getByRole('alert')).toBeVisible({ timeout: 10_000 });
  await expect(checkout.getByRole('heading', { name: 'Your subscription is active' })).toHaveCount(0);
});

test('sign in through the login page with a wallet: Sign in leads there, the wallet answers, the portal shows the user', async ({
  page,
}) => {
  await page.goto('/customer');
  const portal = page.locator('pay-portal');
  const signInLink = page.locator('site-header').getByRole('link', { name: 'Sign in' });
  await expect(signInLink).toBeVisible();
  expect(new URL((await signInLink.getAttribute('href'))!, page.url()).pathname).toBe('/.well-known/service/login');
  await signInLink.click();
  await expect(page).toHaveURL(/\/\.well-known\/service\/login\?redirect=/);
  const open = page.getByRole('link', { name: 'Open DID Wallet' });
  const link = (await open.getAttribute('href'))!;
  expect(link).toMatch(/^https:\/\/abtwallet\.io\/i\/\?action=requestAuth&url=/);
  expect(decodeURIComponent(decodeURIComponent(link))).toContain('/.well-known/service/api/did/login/auth?_t_=');
  let request = await fetchRequest(authUrlOf(link));
  const wallet = walletOf(demoSecretKey('casey'));
  for (;;) {
    const r = await answer(request, wallet, 'approve');
    if ('outcome' in r) {
      expect(r.outcome.status, r.outcome.errorMessage).toBe('ok');
      break;
    }
    request = r.next;
  }
  await expect(page).toHaveURL(/\/customer/, { timeout: 15_000 });
  await expect(portal.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  const session = await (await page.request.get('/.well-known/service/api/did/session')).json();
  expect(session.user?.fullName).toBe('Casey Customer');
});
