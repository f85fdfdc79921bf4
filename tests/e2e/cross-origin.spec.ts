/**
 * A merchant's page on another origin (issue 12): it loads <pay-checkout> from the platform's versioned CDN URL with
 * the integrity hash of integrity.json and crossorigin, points base-url at the platform and signs the payer in with
 * auth-token (no cookie crosses origins). The platform is the sandbox at 127.0.0.1, the merchant page is served by a
 * small server of this test at localhost (a real server: Chromium's local network access checks refuse loopback
 * requests from a page it did not get from a loopback address): two origins, allowed by the sandbox's default CORS
 * list. The payer completes a fast payment; the token is sent to the platform only.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

const VERSION = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }
).version;

/** The merchant's web server: one page, on localhost. */
let merchant: Server;
let merchantPage = '';
test.beforeAll(async () => {
  merchant = createServer((req, res) => {
    if (req.url !== '/shop') {
      res.writeHead(204).end(); // favicon.ico
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(merchantPage);
  });
  await new Promise<void>((r) => merchant.listen(0, 'localhost', r));
});
test.afterAll(async () => {
  await new Promise((r) => merchant.close(r));
});

test('a page on another origin loads the checkout from the CDN URL with integrity and pays with an auth token', async ({
  page,
  baseURL,
}, info) => {
  const platform = new URL(baseURL!).origin;
  const merchantOrigin = `http://localhost:${(merchant.address() as AddressInfo).port}`;
  expect(new URL(platform).hostname).toBe('127.0.0.1');

  // The merchant's backend got a session token for the payer (here: the sandbox sign-in on the platform).
  await signIn(page, /Casey Customer/, '/');
  const token = (await page.context().cookies(platform)).find((c) => c.name === 'login_token')?.value;
  expect(token).toBeTruthy();
  // Leave the platform's page first: its header keeps polling (notifications, role), and once the cookie is gone a
  // late poll of that page would answer 401 while this test already listens for the merchant page's problems.
  await page.goto('about:blank');
  await page.context().clearCookies(); // only the token signs the payer in from now on

  const manifest = (await (await page.request.get(`${platform}/elements/${VERSION}/integrity.json`)).json()) as {
    files: Record<string, string>;
  };
  const entry = `${platform}/elements/${VERSION}/pay-checkout.js`;
  merchantPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A merchant on another origin</title>
<script type="module" src="${entry}" integrity="${manifest.files['pay-checkout.js']}" crossorigin="anonymous"></script>
</head><body><h1>Merchant shop</h1>
<pay-checkout checkout-id="plink_sandbox_onetime" base-url="${platform}/payment/" auth-token="${token}" locale="en"></pay-checkout>
</body></html>`;

  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });

  await page.goto(`${merchantOrigin}/shop`);
  const checkout = page.locator('pay-checkout');
  await expect(checkout.getByText('Sandbox Pro License')).toBeVisible();
  // The profile came with the token: the payer is signed in.
  await expect(checkout.getByLabel('Name')).toHaveValue('Casey Customer');
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await checkout.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(checkout.getByRole('heading', { name: 'Thanks for your payment' })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: info.outputPath('cross-origin-completed.png'), fullPage: true });

  // Every element module came from the versioned URL of the platform.
  expect(requests.some((u) => u.startsWith(`${platform}/elements/${VERSION}/chunks/`))).toBe(true);
  // The token went to the platform, and only there.
  const withToken = requests.filter((u) => new URL(u).searchParams.get('authToken') === token);
  expect(withToken.length).toBeGreaterThan(0);
  for (const u of withToken) expect(new URL(u).origin).toBe(platform);
  for (const u of requests) expect(u.startsWith(merchantOrigin) ? u : '').not.toContain(token!);
  expect(problems).toEqual([]);
});
