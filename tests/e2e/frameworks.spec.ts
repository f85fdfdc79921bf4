/**
 * The framework hosts (hosts/frameworks: Vue, React, Svelte, Angular), built by `npm run hosts:build` and served by
 * the sandbox at /frameworks/{app}/: each embeds <site-header> and <pay-checkout> from the package the framework's
 * way. A payer signs in, pays, the framework shows that it received pay-complete, and the framework's language
 * switch changes the elements' text.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

const HOSTS = [
  { app: 'vue', name: 'Vue' },
  { app: 'react', name: 'React' },
  { app: 'svelte', name: 'Svelte' },
  { app: 'angular', name: 'Angular' },
];

for (const { app, name } of HOSTS) {
  test(`${name}: the header and the checkout render, a payer pays, ${name} gets pay-complete, the language switches`, async ({
    page,
  }) => {
    const built = resolve(import.meta.dirname, '../../hosts/frameworks', app, 'dist/index.html');
    expect(existsSync(built), `${app} is not built: run npm run hosts:build`).toBe(true);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const warnings: string[] = [];
    page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));

    await signIn(page, /Casey Customer/, `/frameworks/${app}/`);
    await expect(page.getByRole('heading', { name: `${name} example`, level: 1 })).toBeVisible();
    const header = page.locator('site-header');
    const checkout = page.locator('pay-checkout');
    await expect(header.getByRole('button', { name: /Casey Customer/ })).toBeVisible();

    // The object bound through the dashed name (extra-params) reached the element as an object: the link's session
    // started in USDC (currencyId), not TBA.
    const total = checkout.locator('[part~=total]');
    await expect(total).toHaveText('9.99 USDC');

    // The framework's language switch changes the elements' text, and back.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh');
    await expect(page.getByRole('heading', { name: `${name} 示例`, level: 1 })).toBeVisible();
    await expect(checkout.getByRole('button', { name: '支付', exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: '语言' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('en');
    await expect(checkout.getByRole('button', { name: 'Pay', exact: true })).toBeVisible();

    // The theme switch reaches the elements too.
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    await expect(checkout).toHaveAttribute('theme', 'dark');

    // Pay as a person would: in TBA rather than USDC, through the fast pay confirmation, to the completed screen.
    await checkout.getByRole('radio', { name: /TBA/ }).check();
    await expect(total).toHaveText('10 TBA');
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(checkout.getByRole('dialog', { name: 'Confirm payment' })).toContainText('Pay 10 TBA');
    await checkout.getByRole('button', { name: 'Confirm and pay' }).click();
    await expect(checkout.getByRole('heading', { name: 'Thanks for your payment' })).toBeVisible({ timeout: 15_000 });
    // The framework received the event (its own markup, outside the element).
    await expect(page.getByRole('status').filter({ hasText: `${name} received pay-complete: in_` })).toBeVisible();

    expect(errors).toEqual([]);
    expect(warnings.filter((w) => w.includes('[object Object]'))).toEqual([]);
  });
}
