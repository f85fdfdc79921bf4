/**
 * The store as people use it, against the sandbox store (fresh in-memory DB, 48 seeded blocklets):
 * a visitor searches, filters by category and price, sorts and opens a detail page; a guest is sent to sign in
 * on the protected pages; an unknown path lands on the store home; a developer creates a blocklet, requests review and
 * creates and deletes an access token; an admin approves the review, blocks and unblocks a blocklet and edits a category.
 */
import { expect, test, type Page } from '@playwright/test';

async function signIn(page: Page, who: RegExp, redirect: string): Promise<void> {
  await page.goto(`/.well-known/service/sandbox/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByRole('button', { name: who }).click();
  await expect(page).toHaveURL(new RegExp(`${redirect.replace(/[/.]/g, '\\$&')}$`));
}

test('a visitor searches, filters by category and price, and opens a detail page', async ({ page }) => {
  await page.goto('/');
  const store = page.locator('blocklet-store');
  await expect(store.getByRole('heading', { name: 'Blocklet Store', level: 1 })).toBeVisible();
  await expect(store.getByText('48 blocklets')).toBeVisible();
  await expect(store.locator('[part=blocklet-card]')).toHaveCount(18);

  // Search (debounced) keeps ?keyword= in the URL.
  await store.getByRole('searchbox', { name: 'Search blocklets' }).fill('did');
  await expect(page).toHaveURL(/\/search\?keyword=did$/);
  await expect(store.locator('[part=blocklet-card] h2').first()).toHaveText('DID Spaces');
  await store.getByRole('searchbox', { name: 'Search blocklets' }).fill('');
  await expect(page).toHaveURL(/\/$/);

  // Category and price.
  await store.getByRole('button', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/category=payments/);
  await expect(store.getByText('7 blocklets')).toBeVisible();
  await store.getByLabel('Price').selectOption('payment');
  await expect(page).toHaveURL(/category=payments&price=payment/);
  await expect(store.getByText('2 blocklets')).toBeVisible();
  await expect(store.locator('[part=blocklet-card] h2')).toHaveText(['Event Tickets', 'Subscription Insights']);
  await store.getByLabel('Sort by').selectOption('nameDesc');
  await expect(store.locator('[part=blocklet-card] h2')).toHaveText(['Subscription Insights', 'Event Tickets']);

  // Detail.
  await store.locator('[part=blocklet-card]', { hasText: 'Subscription Insights' }).click();
  await expect(page).toHaveURL(/\/blocklets\/z8i/);
  await expect(store.getByRole('heading', { name: 'Subscription Insights', level: 1 })).toBeVisible();
  await expect(store.locator('article header')).toContainText('by Dana Developer');
  await expect(store.locator('[part=version]')).toContainText('Published');
  await expect(store.locator('[part=readme] h1')).toHaveText('Subscription Insights');
  await expect(store.locator('[part=versions] li')).not.toHaveCount(0);
  await expect(store.getByRole('img', { name: 'Subscription Insights screenshot 1' })).toBeVisible();
  const launch = store.getByRole('link', { name: /Launch/ });
  await expect(launch).toHaveAttribute('href', /blocklet_meta_url=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fstore%2Fapi%2Fblocklets%2Fz8i\w+%2F[\d.]+%2Fblocklet\.json/);
  await expect(store.getByRole('heading', { name: 'More by Dana Developer' })).toBeVisible();

  // Back keeps the filters.
  await page.goBack();
  await expect(page).toHaveURL(/category=payments&price=payment&sortBy=nameDesc/);
  await expect(store.locator('[part=blocklet-card] h2')).toHaveText(['Subscription Insights', 'Event Tickets']);
  await page.screenshot({ path: test.info().outputPath('store-home.png') });
});

test('a guest is sent to sign in on the protected pages and comes back signed in', async ({ page }) => {
  for (const path of ['/developer/blocklets', '/developer/access-tokens', '/console/blocklets', '/console/categories']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/\.well-known\/service\/sandbox\/login/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
  }
  await page.getByRole('button', { name: /Casey Customer/ }).click();
  await expect(page).toHaveURL(/\/console\/categories$/);
  await expect(page.locator('blocklet-store').getByText('You do not have permission to see this page')).toBeVisible();
});

test('an unknown path lands on the store home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('blocklet-store').getByRole('heading', { name: 'Blocklet Store', level: 1 })).toBeVisible();
  await page.goto('/developer/nothing-here');
  await expect(page).toHaveURL(/\/$/);
});

test("/join exists in staking mode (the sandbox's preference): a guest is sent to sign in", async ({ page }) => {
  await page.goto('/join');
  await expect(page).toHaveURL(/\/\.well-known\/service\/sandbox\/login\?redirect=%2Fjoin$/);
});

test('a developer creates a blocklet, requests review, and creates and deletes an access token; an admin approves, blocks and edits a category', async ({ page }) => {
  await signIn(page, /Dana Developer/, '/developer/blocklets');
  const store = page.locator('blocklet-store');
  await expect(store.getByRole('heading', { name: 'My Blocklets', level: 1 })).toBeVisible();
  await expect(store.getByRole('row', { name: /Subscription Insights|subscription-insights/ })).toBeVisible();

  // Create: the name rules, then a valid name.
  await store.getByRole('button', { name: 'Create blocklet' }).click();
  const dialog = store.getByRole('dialog', { name: 'Create blocklet' });
  const name = dialog.getByLabel('Name');
  await name.fill('ab');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog.getByText('At least 3 characters')).toBeVisible();
  await name.fill('e2e app');
  await expect(dialog.getByText("Only letters, digits, '-' and '_'")).toBeVisible();
  await name.fill('e2e-app');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(dialog).toBeHidden();
  const row = store.getByRole('row', { name: /e2e-app/ });
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: 'Request review of e2e-app' }).click();
  await expect(row).toContainText('Pending');
  await expect(row.getByRole('button', { name: 'Cancel review of e2e-app' })).toBeVisible();

  // Access tokens.
  await page.goto('/developer/access-tokens');
  await expect(store.getByRole('heading', { name: 'Access Tokens', level: 1 })).toBeVisible();
  await store.getByRole('button', { name: 'Create access token' }).click();
  const tokenDialog = store.getByRole('dialog', { name: 'Create access token' });
  await tokenDialog.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(tokenDialog.getByText('Required', { exact: true })).toBeVisible();
  await tokenDialog.getByLabel('Name').fill('CI');
  await tokenDialog.getByRole('button', { name: 'Create', exact: true }).click();
  const created = store.getByRole('dialog', { name: 'Access token created' });
  await expect(created.locator('[part=token-secret]')).toHaveText(/^sk_[0-9a-f]{48}$/);
  await expect(created.locator('[part=token-cli]')).toHaveText(/^blocklet config set accessToken sk_[0-9a-f]{48} --profile http:\/\/127\.0\.0\.1:\d+$/);
  await created.getByRole('button', { name: 'Close' }).first().click();
  await expect(store.getByRole('row', { name: /CI/ })).toBeVisible();
  await store.getByRole('button', { name: 'Delete CI' }).click();
  await store.getByRole('dialog', { name: 'Delete access token' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(store.getByText('You have no access tokens yet.')).toBeVisible();

  // Admin: approve the review (with a category), block and unblock, edit a category.
  await signIn(page, /Adam Admin/, '/console/blocklets');
  await expect(store.getByRole('heading', { name: 'All Blocklets', level: 1 })).toBeVisible();
  const review = store.getByRole('row', { name: /e2e-app/ });
  await review.getByRole('button', { name: 'Approve e2e-app' }).click();
  const approve = store.getByRole('dialog', { name: 'Approve e2e-app' });
  await approve.getByLabel('Category').selectOption('devtools');
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approve).toBeHidden();
  await expect(review).toContainText('v1.0.0');
  await expect(review).toContainText('Developer Tools');

  const tip = store.getByRole('row', { name: /Tip Jar/ });
  await tip.getByRole('button', { name: 'Block Tip Jar' }).click();
  const block = store.getByRole('dialog', { name: 'Block Tip Jar' });
  await block.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(block.getByText('Required', { exact: true })).toBeVisible();
  await block.getByLabel('Reason').fill('Spam links');
  await block.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(tip).toContainText('Blocked');
  await expect(tip).toContainText('Spam links');
  await tip.getByRole('button', { name: 'Unblock Tip Jar' }).click();
  await expect(tip).toContainText('Normal');

  await page.goto('/console/categories');
  await store.getByRole('button', { name: 'Edit AI' }).click();
  const edit = store.getByRole('dialog', { name: 'Edit' });
  await edit.getByLabel('Name (简体中文)').fill('AI 工具');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(store.getByRole('row', { name: /AI 工具/ })).toBeVisible();

  // The approved blocklet is now in the store.
  await page.goto('/search?keyword=e2e');
  await expect(store.locator('[part=blocklet-card] h2')).toHaveText(['e2e-app']);
});

/** Approves the wallet request opened from `dialog`'s 'Open DID Wallet' link; waits for the approval before closing the tab. */
async function approveInWallet(page: Page, dialog: ReturnType<Page['locator']>, title: string | RegExp): Promise<void> {
  const [wallet] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('link', { name: /Open DID Wallet/ }).click()]);
  await expect(wallet.getByText(title).first()).toBeVisible();
  await wallet.getByRole('button', { name: /Approve/ }).click();
  await expect(wallet.getByText(/approved/i).first()).toBeVisible();
  await wallet.close();
}

test('/connect-cli and /gen-key-pair: the wallet approves, the opener gets the result on its own origin, the page shows no secret', async ({ page }) => {
  await signIn(page, /Dana Developer/, '/');
  // An opener window that listens for the store's message.
  await page.evaluate(() => {
    const w = window as unknown as { __msgs: Array<{ data: unknown; origin: string }> };
    w.__msgs = [];
    window.addEventListener('message', (e) => w.__msgs.push({ data: e.data, origin: e.origin }));
  });
  const origin = new URL(page.url()).origin;
  const [cli] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate((o) => void window.open(`/connect-cli?source=E2E%20CLI&opener=${encodeURIComponent(o)}`), origin),
  ]);
  const store = cli.locator('blocklet-store');
  await expect(store.getByRole('heading', { name: 'Connect Blocklet CLI', level: 1 })).toBeVisible();
  await store.getByRole('button', { name: 'Connect with DID Wallet' }).click();
  const dialog = store.getByRole('dialog', { name: 'Connect with DID Wallet' });
  await approveInWallet(cli, dialog, 'Connect E2E CLI to the store');
  await expect(store.getByText('E2E CLI is connected')).toBeVisible({ timeout: 15_000 });
  await expect(store.locator('[part=developer-did] dd')).toHaveText('z1SandboxDeveloperDanaQ1w2E3r4T5y6U7i8');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __msgs: Array<{ data: { type?: string } }> }).__msgs.filter((m) => m.data?.type === 'connect-store-message').length))
    .toBe(1);
  const [msg] = await page.evaluate(() => (window as unknown as { __msgs: Array<{ data: Record<string, unknown>; origin: string }> }).__msgs.filter((m) => m.data?.type === 'connect-store-message'));
  expect(msg!.origin).toBe(origin);
  expect(msg!.data).toMatchObject({ action: 'connect-cli', success: true, result: { accessKeySecret: expect.stringMatching(/^sk_/), source: 'E2E CLI' } });
  await expect(store).not.toContainText(String((msg!.data.result as Record<string, unknown>).accessKeySecret));
  // The CLI's token is listed with the developer's access tokens.
  await cli.goto('/developer/access-tokens');
  await expect(store.getByRole('row', { name: /E2E CLI/ })).toBeVisible();

  // gen-key-pair: the public key and DID on the page, the secret only in the message.
  await cli.goto(`/gen-key-pair?opener=${encodeURIComponent(origin)}`);
  await store.getByRole('button', { name: 'Generate with DID Wallet' }).click();
  await approveInWallet(cli, store.getByRole('dialog', { name: 'Connect with DID Wallet' }), 'Generate a key pair');
  await expect(store.getByText('Key pair generated')).toBeVisible({ timeout: 15_000 });
  await expect(store.locator('[part=public-key] dd')).toHaveText(/^0x[0-9a-f]{64}$/);
  await expect(store).not.toContainText(/0x[0-9a-f]{128}/);
  // Navigated away, this page's opener is still the listener (window.opener survives same-tab navigation).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __msgs: Array<{ data: { action?: string } }> }).__msgs.filter((m) => m.data?.action === 'gen-key-pair').length))
    .toBe(1);
  await cli.close();
});

test('/join: a customer stakes in the wallet, gets the developer passport and then uses the developer pages', async ({ page }) => {
  await signIn(page, /Chris Buyer/, '/developer/blocklets');
  const store = page.locator('blocklet-store');
  await expect(store.getByText('A developer passport is required')).toBeVisible();
  await store.getByRole('link', { name: 'Join as a developer' }).click();
  await expect(page).toHaveURL(/\/join$/);
  await expect(store.getByRole('heading', { name: 'Join as a developer', level: 1 })).toBeVisible();
  const join = store.getByRole('button', { name: 'Stake and join' });
  await expect(join).toBeDisabled();
  await store.getByLabel('I agree to the developer terms').check();
  await join.click();
  await approveInWallet(page, store.getByRole('dialog', { name: 'Stake with DID Wallet' }), 'Stake and join as a developer');
  await expect(store.getByText('You are now a developer')).toBeVisible({ timeout: 15_000 });
  await store.getByRole('link', { name: 'My Blocklets' }).click();
  await expect(page).toHaveURL(/\/developer\/blocklets$/);
  await expect(store.getByRole('heading', { name: 'My Blocklets', level: 1 })).toBeVisible();
  await expect(store.getByRole('button', { name: 'Create blocklet' })).toBeVisible();
  await expect(store.getByRole('alert')).toHaveCount(0);
  // Back on /join, the page says so instead of asking again.
  await page.goto('/join');
  await expect(store.getByText('You already have a developer passport')).toBeVisible();
});
