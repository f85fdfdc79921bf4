/**
 * The store as people use it, against the sandbox store (fresh in-memory DB, 48 seeded blocklets):
 * a visitor searches, filters by category and price, sorts and opens a detail page; a guest is sent to sign in
 * on the protected pages; an unknown path lands on the store home; a developer creates a blocklet, requests review and
 * creates and deletes an access token; an admin approves the review, blocks and unblocks a blocklet and edits a category.
 */
import type { Page } from '@playwright/test';
import { axe, expect, signIn, test, walletAnswers } from './support.ts';
import { DEMO_DIDS, type DemoWalletKey } from '../../hosts/server/service/data/demo-wallets.ts';
import { makeZip } from './store-zip.ts';
import { isolate } from '../../src/core/bidi.ts';

test('a visitor searches, filters by category and price, and opens a detail page', async ({ page }) => {
  await page.goto('/');
  const store = page.locator('blocklet-store');
  await expect(store.getByRole('heading', { name: 'Blocklet Store', level: 1 })).toBeVisible();
  await expect(store.getByText('48 blocklets')).toBeVisible();
  await expect(store.locator('[part=blocklet-card]')).toHaveCount(18);

  // The plain home shows the explore sections (topRated is always empty on the store, so it is left out).
  await expect(store.locator('[part=explore] section h2')).toHaveText(['Trending', 'Recently updated']);
  await expect(store.locator('[part=explore] section').first().locator('[part=explore-card]')).toHaveCount(4);
  // Above them, the banner from preferences.homeBanner (two seeded entries; the second has no link: its detail page).
  const banner = store.locator('[part=home-banner]');
  await expect(banner.getByRole('heading', { name: 'Featured', level: 2 })).toBeVisible();
  await expect(banner.locator('[part=banner-item] h3')).toHaveText(['Payment Kit', 'DID Spaces']);
  await expect(banner.getByRole('link', { name: 'DID Spaces' })).toHaveAttribute(
    'href',
    /\/blocklets\/z8i3vRnrp8Cm3gxFWmpDDvuUGgW3SPBHxMS$/,
  );
  await expect(banner.locator('[part=banner-item]').first()).toContainText('128.4K downloads');
  expect(
    await banner.evaluate(
      (b) =>
        !!(
          b.compareDocumentPosition(
            b.getRootNode() instanceof ShadowRoot
              ? (b.getRootNode() as ShadowRoot).querySelector('[part=explore]')!
              : b,
          ) & Node.DOCUMENT_POSITION_FOLLOWING
        ),
    ),
  ).toBe(true);

  // Search (debounced) keeps ?keyword= in the URL.
  await store.getByRole('searchbox', { name: 'Search blocklets' }).fill('did');
  await expect(page).toHaveURL(/\/search\?keyword=did$/);
  await expect(store.locator('[part=blocklet-card] h2').first()).toHaveText('DID Spaces');
  await expect(store.locator('[part=explore]')).toHaveCount(0);
  await expect(banner).toHaveCount(0);
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
  // The page's title; the readme below it (loaded lazily) starts with the same h1.
  await expect(store.getByRole('heading', { name: 'Subscription Insights', level: 1 }).first()).toBeVisible();
  await expect(store.locator('article header')).toContainText('by Dana Developer');
  await expect(store.locator('[part=version]')).toContainText('Published');
  await expect(store.locator('[part=readme] h1')).toHaveText('Subscription Insights');
  await expect(store.locator('[part=versions] li')).not.toHaveCount(0);
  await expect(store.getByRole('img', { name: `${isolate('Subscription Insights')} screenshot 1` })).toBeVisible();
  const launch = store.getByRole('link', { name: /Launch/ });
  await expect(launch).toHaveAttribute(
    'href',
    /blocklet_meta_url=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fstore%2Fapi%2Fblocklets%2Fz8i\w+%2F[\d.]+%2Fblocklet\.json/,
  );
  await expect(store.getByRole('heading', { name: 'More by Dana Developer' })).toBeVisible();

  // Back keeps the filters.
  await page.goBack();
  await expect(page).toHaveURL(/category=payments&price=payment&sortBy=nameDesc/);
  await expect(store.locator('[part=blocklet-card] h2')).toHaveText(['Subscription Insights', 'Event Tickets']);
  await page.screenshot({ path: test.info().outputPath('store-home.png') });
});

test('a guest is sent to sign in on the protected pages and comes back signed in', async ({ page }) => {
  for (const path of [
    '/developer/blocklets',
    '/developer/access-tokens',
    '/console/blocklets',
    '/console/categories',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/\.well-known\/service\/login\?/);
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
  await expect(page).toHaveURL(/\/\.well-known\/service\/login\?redirect=%2Fjoin$/);
});

test('a developer creates a blocklet, requests (cancels, re-requests) review, and creates and deletes an access token; an admin approves, sets the category, blocks and unblocks, creates and edits a category', async ({
  page,
}) => {
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
  await row.getByRole('button', { name: `Request review of ${isolate('e2e-app')}` }).click();
  await expect(row).toContainText('Pending');
  // Cancel the request (the version goes back to Cancelled and can be requested again), then request it again.
  await row.getByRole('button', { name: `Cancel review of ${isolate('e2e-app')}` }).click();
  await expect(row).toContainText('Cancelled');
  await row.getByRole('button', { name: `Request review of ${isolate('e2e-app')}` }).click();
  await expect(row).toContainText('Pending');
  await expect(row.getByRole('button', { name: `Cancel review of ${isolate('e2e-app')}` })).toBeVisible();

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
  await expect(created.locator('[part=token-cli]')).toHaveText(
    /^blocklet config set accessToken sk_[0-9a-f]{48} --profile http:\/\/127\.0\.0\.1:\d+$/,
  );
  await created.getByRole('button', { name: 'Close' }).first().click();
  await expect(store.getByRole('row', { name: /CI/ })).toBeVisible();
  await store.getByRole('button', { name: `Delete ${isolate('CI')}` }).click();
  await store
    .getByRole('dialog', { name: 'Delete access token' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(store.getByText('You have no access tokens yet.')).toBeVisible();

  // Admin: approve the review (with a category), block and unblock, edit a category.
  await signIn(page, /Adam Admin/, '/console/blocklets');
  await expect(store.getByRole('heading', { name: 'All Blocklets', level: 1 })).toBeVisible();
  const review = store.getByRole('row', { name: /e2e-app/ });
  await review.getByRole('button', { name: `Approve ${isolate('e2e-app')}` }).click();
  const approve = store.getByRole('dialog', { name: 'Approve e2e-app' });
  await approve.getByLabel('Category').selectOption('devtools');
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approve).toBeHidden();
  await expect(review).toContainText('v1.0.0');
  await expect(review.getByLabel('Category of e2e-app')).toHaveValue('devtools');
  // Set the category from the row (outside a review): the notice says so and it sticks.
  await review.getByLabel('Category of e2e-app').selectOption('ai');
  await expect(store.locator('[part=notice]')).toContainText('Category of e2e-app set to AI.');
  await expect(review.getByLabel('Category of e2e-app')).toHaveValue('ai');

  const tip = store.getByRole('row', { name: /Tip Jar/ });
  await tip.getByRole('button', { name: `Block ${isolate('Tip Jar')}` }).click();
  const block = store.getByRole('dialog', { name: 'Block Tip Jar' });
  await block.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(block.getByText('Required', { exact: true })).toBeVisible();
  await block.getByLabel('Reason').fill('Spam links');
  await block.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(tip).toContainText('Blocked');
  await expect(tip).toContainText('Spam links');
  await tip.getByRole('button', { name: `Unblock ${isolate('Tip Jar')}` }).click();
  await expect(tip).toContainText('Normal');

  await page.goto('/console/categories');
  // Create a category: a name per app language; English and Chinese required, the others (Arabic here) optional.
  await store.getByRole('button', { name: 'Create category' }).click();
  const create = store.getByRole('dialog', { name: 'Create category' });
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create.getByText('Required', { exact: true })).toHaveCount(2);
  await create.getByLabel('Name (English)').fill('E2E Games');
  await create.getByLabel('Name (简体中文)').fill('E2E 游戏');
  await create.getByLabel('Name (العربية)').fill('ألعاب E2E');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  await expect(store.getByRole('row', { name: /E2E Games/ })).toContainText('E2E 游戏');
  await expect(store.getByRole('row', { name: /E2E Games/ })).toContainText('ألعاب E2E');
  await store.getByRole('button', { name: `Edit ${isolate('AI')}` }).click();
  const edit = store.getByRole('dialog', { name: 'Edit' });
  await edit.getByLabel('Name (简体中文)').fill('AI 工具');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(store.getByRole('row', { name: /AI 工具/ })).toBeVisible();

  // The approved blocklet is now in the store.
  await page.goto('/search?keyword=e2e');
  await expect(store.locator('[part=blocklet-card] h2')).toHaveText(['e2e-app']);
  // In the category the admin set, and the new category is a chip on the home.
  await page.goto('/category/ai?keyword=e2e');
  await expect(store.locator('[part=blocklet-card] h2')).toHaveText(['e2e-app']);
  await expect(store.getByRole('button', { name: 'AI', exact: true, pressed: true })).toBeVisible();
  await expect(
    store.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'E2E Games' }),
  ).toBeVisible();
});

/** Answers the open wallet dialog's request as `who`'s DID Wallet, which is asked to sign `title`; approved. */
async function approveInWallet(
  _page: Page,
  dialog: ReturnType<Page['locator']>,
  title: string | RegExp,
  who: DemoWalletKey = 'dana',
): Promise<void> {
  const answer = await walletAnswers(dialog, who);
  expect(answer.status, answer.errorMessage).toBe('ok');
  expect(answer.asked).toMatch(title);
}

test('/connect-cli and /gen-key-pair: the wallet approves, the opener gets the result on its own origin, the page shows no secret', async ({
  page,
}) => {
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
  await expect(store.locator('[part=developer-did] dd')).toHaveText(DEMO_DIDS.dana);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as unknown as { __msgs: Array<{ data: { type?: string } }> }).__msgs.filter(
            (m) => m.data?.type === 'connect-store-message',
          ).length,
      ),
    )
    .toBe(1);
  const [msg] = await page.evaluate(() =>
    (window as unknown as { __msgs: Array<{ data: Record<string, unknown>; origin: string }> }).__msgs.filter(
      (m) => m.data?.type === 'connect-store-message',
    ),
  );
  expect(msg!.origin).toBe(origin);
  expect(msg!.data).toMatchObject({
    action: 'connect-cli',
    success: true,
    result: { accessKeySecret: expect.stringMatching(/^sk_/), source: 'E2E CLI' },
  });
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
    .poll(() =>
      page.evaluate(
        () =>
          (window as unknown as { __msgs: Array<{ data: { action?: string } }> }).__msgs.filter(
            (m) => m.data?.action === 'gen-key-pair',
          ).length,
      ),
    )
    .toBe(1);
  await cli.close();
});

test('/join: a customer stakes in the wallet, gets the developer passport and then uses the developer pages', async ({
  page,
  request,
}) => {
  await signIn(page, /Chris Buyer/, '/developer/blocklets');
  const store = page.locator('blocklet-store');
  await expect(store.getByText('A developer passport is required')).toBeVisible();
  await store.getByRole('link', { name: 'Join as a developer' }).click();
  await expect(page).toHaveURL(/\/join$/);
  await expect(store.getByRole('heading', { name: 'Join as a developer', level: 1 })).toBeVisible();
  const join = store.getByRole('button', { name: 'Stake and join' });
  await expect(join).toBeDisabled();
  await store.getByLabel('I agree to the developer terms').check();
  // Chris's wallet holds 1 TBA (set here: other specs fund him): the wallet refuses the 100 TBA stake and the page says why.
  const did = (await (await page.request.get('/.well-known/service/api/did/session')).json()).user.did as string;
  const owner = (await (await request.post('/.well-known/service/sandbox/login', { data: { role: 'owner' } })).json())
    .token as string;
  const setOne = await request.post('/payment/api/sandbox/wallet/fund', {
    data: { did, currency_id: 'pc_sandbox_tba', amount: '1', set: true },
    headers: { authorization: `Bearer ${owner}` },
  });
  expect(setOne.status()).toBe(200);
  await join.click();
  // The wallet approves; the app refuses the stake (the request ends in error, nothing is taken).
  const refused = await walletAnswers(store.getByRole('dialog', { name: 'Stake with DID Wallet' }), 'chris');
  expect(refused.status).toBe('error');
  expect(refused.errorMessage).toMatch(/Insufficient TBA balance/);
  await store.getByRole('dialog', { name: 'Stake with DID Wallet' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(
    store.getByText('Your wallet holds less than the 100 TBA stake. Add funds to your wallet and try again.'),
  ).toBeVisible({ timeout: 15_000 });
  // Funded (by the owner, as the sandbox allows), the stake is taken from the wallet.
  const fund = await request.post('/payment/api/sandbox/wallet/fund', {
    data: { did, currency_id: 'pc_sandbox_tba', amount: '150' },
    headers: { authorization: `Bearer ${owner}` },
  });
  expect(fund.status()).toBe(200);
  const funded = BigInt((await fund.json()).balance);
  await join.click();
  await approveInWallet(
    page,
    store.getByRole('dialog', { name: 'Stake with DID Wallet' }),
    'Stake and join as a developer',
    'chris',
  );
  await expect(store.getByText('You are now a developer')).toBeVisible({ timeout: 15_000 });
  // 100 TBA went from the wallet: funding 0 more shows the balance.
  const now = await request.post('/payment/api/sandbox/wallet/fund', {
    data: { did, currency_id: 'pc_sandbox_tba', amount: '0' },
    headers: { authorization: `Bearer ${owner}` },
  });
  if (now.status() === 200) expect(BigInt((await now.json()).balance)).toBe(funded - 100n * 10n ** 18n);
  await store.getByRole('link', { name: 'My Blocklets' }).click();
  await expect(page).toHaveURL(/\/developer\/blocklets$/);
  await expect(store.getByRole('heading', { name: 'My Blocklets', level: 1 })).toBeVisible();
  await expect(store.getByRole('button', { name: 'Create blocklet' })).toBeVisible();
  await expect(store.getByRole('alert')).toHaveCount(0);
  // Back on /join, the page says so instead of asking again.
  await page.goto('/join');
  await expect(store.getByText('You already have a developer passport')).toBeVisible();
});

test('a developer edits remark and visibility and uploads a zip release; a bad zip is refused', async ({ page }) => {
  await signIn(page, /Dana Developer/, '/developer/blocklets');
  const store = page.locator('blocklet-store');
  await store.getByRole('button', { name: 'Create blocklet' }).click();
  const create = store.getByRole('dialog', { name: 'Create blocklet' });
  await create.getByLabel('Name').fill('e2e-upload');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create).toBeHidden();
  const row = store.getByRole('row', { name: /e2e-upload/ });
  await expect(row).toContainText('Public');

  // Edit: remark and visibility, keyboard only; focus comes back to Edit.
  const edit = row.getByRole('button', { name: `Edit ${isolate('e2e-upload')}` });
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = store.getByRole('dialog', { name: 'Edit e2e-upload' });
  await dialog.getByLabel('Remark').fill('for the e2e run');
  await dialog.getByLabel('Visibility').selectOption('Private');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('for the e2e run');
  await expect(row).toContainText('Private');
  await expect(edit).toBeFocused();

  // Upload: a zip without a meta is refused with the server's message; a good one becomes a new draft.
  await store.getByRole('button', { name: 'Upload release' }).click();
  const up = store.getByRole('dialog', { name: 'Upload release' });
  await up
    .getByLabel('Release file (.zip)')
    .setInputFiles({ name: 'bad.zip', mimeType: 'application/zip', buffer: makeZip({ 'README.md': '# no meta' }) });
  await up.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(up.getByRole('alert')).toContainText('The release has no blocklet.yml or blocklet.json');
  const meta = JSON.stringify({
    name: 'e2e-upload',
    version: '1.1.0',
    title: 'E2E Upload',
    description: 'Uploaded from the e2e run.',
  });
  await up.getByLabel('Release file (.zip)').setInputFiles({
    name: 'e2e-upload-1.1.0.zip',
    mimeType: 'application/zip',
    buffer: makeZip({ 'e2e-upload/blocklet.json': meta, 'e2e-upload/index.js': 'module.exports = {};' }),
  });
  await up.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(up).toBeHidden();
  await expect(store.locator('[part=notice]')).toContainText('Version 1.1.0 of e2e-upload was uploaded as a draft.');
  await expect(row).toContainText('v1.1.0');
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: `Request review of ${isolate('e2e-upload')}` }).click();
  await expect(row).toContainText('Pending');
});

test('a rejected version stays listed as history when the developer uploads the next release', async ({ page }) => {
  await signIn(page, /Dana Developer/, '/developer/blocklets');
  const store = page.locator('blocklet-store');
  await store.getByRole('button', { name: 'Create blocklet' }).click();
  const create = store.getByRole('dialog', { name: 'Create blocklet' });
  await create.getByLabel('Name').fill('e2e-history');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create).toBeHidden();
  const row = store.getByRole('row', { name: /e2e-history/ });
  await row.getByRole('button', { name: `Request review of ${isolate('e2e-history')}` }).click();
  await expect(row).toContainText('Pending');

  await signIn(page, /Adam Admin/, '/console/blocklets');
  await store.getByRole('searchbox', { name: 'Search all blocklets' }).fill('e2e-history');
  await expect(store.locator('tbody tr')).toHaveCount(1);
  await store
    .getByRole('row', { name: /e2e-history/ })
    .getByRole('button', { name: `Reject ${isolate('e2e-history')}` })
    .click();
  await expect(store.getByRole('row', { name: /e2e-history/ })).toContainText('Rejected');

  await signIn(page, /Dana Developer/, '/developer/blocklets');
  await store.getByRole('button', { name: 'Upload release' }).click();
  const up = store.getByRole('dialog', { name: 'Upload release' });
  const meta = JSON.stringify({ name: 'e2e-history', version: '1.1.0', title: 'e2e-history' });
  await up.getByLabel('Release file (.zip)').setInputFiles({
    name: 'e2e-history-1.1.0.zip',
    mimeType: 'application/zip',
    buffer: makeZip({ 'blocklet.json': meta }),
  });
  await up.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(up).toBeHidden();
  await expect(row).toContainText('v1.1.0');
  await expect(row).toContainText('Draft');
  await expect(row.getByRole('list', { name: 'Earlier versions' })).toHaveText(/v1\.0\.0\s*Rejected/);
  await expect(row.getByRole('button', { name: `Request review of ${isolate('e2e-history')}` })).toBeVisible();
});

test('an admin pages and searches the console list and sets the review type', async ({ page }) => {
  await signIn(page, /Adam Admin/, '/console/blocklets');
  const store = page.locator('blocklet-store');
  await expect(store.getByRole('heading', { name: 'All Blocklets', level: 1 })).toBeVisible();
  await expect(store.locator('tbody tr')).toHaveCount(20);
  const pager = store.getByRole('navigation', { name: 'Pages' });
  await expect(pager).toContainText('Page 1 of');
  const firstRow = await store.locator('tbody tr').first().getAttribute('data-did');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2 of');
  await expect(store.locator(`tbody tr[data-did="${firstRow}"]`)).toHaveCount(0);

  await store.getByRole('searchbox', { name: 'Search all blocklets' }).fill('Tip Jar');
  await expect(store.locator('tbody tr')).toHaveCount(1);
  await expect(pager).toBeHidden();
  const tip = store.getByRole('row', { name: /Tip Jar/ });
  const type = tip.getByLabel('Review type of Tip Jar');
  await expect(type).toHaveValue('EACH');
  await type.selectOption('FIRST');
  await expect(store.locator('[part=notice]')).toContainText('Review type of Tip Jar set to First version only.');
  await page.reload();
  await store.getByRole('searchbox', { name: 'Search all blocklets' }).fill('Tip Jar');
  await expect(store.getByRole('row', { name: /Tip Jar/ }).getByLabel('Review type of Tip Jar')).toHaveValue('FIRST');
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`zh, ${scheme}`, () => {
    test.use({ colorScheme: scheme, bypassCSP: true });
    // The host page switches every element to Chinese on the header's language event.
    const zh = async (page: Page) => {
      await page.waitForLoadState();
      await expect(async () => {
        await page.evaluate(() =>
          document.dispatchEvent(new CustomEvent('header-locale-change', { detail: { locale: 'zh' } })),
        );
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');
      }).toPass();
    };
    // Each check waits for the settled URL and the screen's content first: a guest's /profile (or any protected page)
    // sends the browser to the sign-in page, a full navigation that would destroy the page while axe is injected.
    test('every store screen and the new dialogs have no axe violations', async ({ page }) => {
      // A sweep of every screen: about 30 s alone, over a minute beside the engine journeys on 2 cores.
      test.setTimeout(180_000);
      const store = page.locator('blocklet-store');
      await page.goto('/');
      await zh(page);
      await expect(store.getByRole('heading', { name: 'Blocklet 商店', level: 1 })).toBeVisible();
      await expect(store.locator('[part=explore] section')).toHaveCount(2);
      expect(await axe(page)).toEqual([]);
      await store.locator('[part=blocklet-card]').first().click();
      await expect(store.locator('[part=readme]')).toBeVisible();
      expect(await axe(page)).toEqual([]);
      // A guest's own /profile is protected (it sends them to sign in, a full navigation): the public profile of
      // someone else (?did=) is what a guest sees.
      await page.goto(`/profile?did=${DEMO_DIDS.dana}`);
      await zh(page);
      await expect(page).toHaveURL(/\/profile\?did=/);
      await expect(store.locator('[part=blocklet-card]').first()).toBeVisible();
      expect(await axe(page)).toEqual([]);

      await signIn(page, /Dana Developer/, '/developer/blocklets');
      await zh(page);
      await expect(store.getByRole('button', { name: '上传版本' })).toBeVisible();
      await expect(store.locator('tbody tr').first()).toBeVisible();
      expect(await axe(page)).toEqual([]);
      for (const open of ['上传版本', '创建 Blocklet']) {
        await store.getByRole('button', { name: open }).click();
        await expect(store.getByRole('dialog')).toBeVisible();
        expect(await axe(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(store.getByRole('dialog')).toBeHidden();
        await expect(store.getByRole('button', { name: open })).toBeFocused();
      }
      await store.locator('tbody tr').first().getByRole('button', { name: /^编辑/ }).click();
      await expect(store.getByRole('dialog')).toBeVisible();
      expect(await axe(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.goto('/developer/access-tokens');
      await zh(page);
      await expect(store.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await axe(page)).toEqual([]);
      // Signed in, /profile is the developer's own.
      await page.goto('/profile');
      await zh(page);
      await expect(page).toHaveURL(/\/profile$/);
      await expect(store.getByRole('heading', { name: 'Dana Developer', level: 1 })).toBeVisible();
      await expect(store.locator('[part=blocklet-card]').first()).toBeVisible();
      expect(await axe(page)).toEqual([]);
      // The wallet-connect pages and /join (Dana already holds a passport).
      for (const [path, h1] of [
        ['/connect-cli', '连接 Blocklet CLI'],
        ['/gen-key-pair', null],
        ['/connect-studio', '连接 Blocklet Studio'],
        ['/join', '加入开发者'],
      ] as const) {
        await page.goto(path);
        await zh(page);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(
          h1 ? store.getByRole('heading', { name: h1, level: 1 }) : store.getByRole('heading', { level: 1 }),
        ).toBeVisible();
        if (path === '/join') await expect(store.getByText('你已拥有开发者通行证')).toBeVisible();
        expect(await axe(page)).toEqual([]);
      }

      await signIn(page, /Adam Admin/, '/console/blocklets');
      await zh(page);
      await expect(store.getByRole('heading', { name: '所有 Blocklet', level: 1 })).toBeVisible();
      await expect(store.locator('tbody tr')).toHaveCount(20);
      expect(await axe(page)).toEqual([]);
      // The block dialog; focus comes back to the row's Block button.
      const blockBtn = store
        .locator('tbody tr')
        .getByRole('button', { name: /^封禁 / })
        .first();
      await blockBtn.click();
      await expect(store.getByRole('dialog')).toBeVisible();
      expect(await axe(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(store.getByRole('dialog')).toBeHidden();
      await expect(blockBtn).toBeFocused();
      await page.goto('/console/categories');
      await zh(page);
      await expect(page).toHaveURL(/\/console\/categories$/);
      await expect(store.locator('tbody tr').first()).toBeVisible();
      expect(await axe(page)).toEqual([]);
      for (const open of [
        store.getByRole('button', { name: '创建分类' }),
        store.locator('tbody tr').first().getByRole('button', { name: /^编辑/ }),
      ]) {
        await open.click();
        await expect(store.getByRole('dialog')).toBeVisible();
        expect(await axe(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(store.getByRole('dialog')).toBeHidden();
        await expect(open).toBeFocused();
      }
    });
  });
}

test('publish then list: the list, search and detail show the new version at once; a lower one is refused; semver order; the pending filter', async ({
  page,
}) => {
  const store = page.locator('blocklet-store');
  const release = async (version: string, title: string, changeLog = '') => {
    await store.getByRole('button', { name: 'Upload release' }).click();
    const up = store.getByRole('dialog', { name: 'Upload release' });
    const meta = JSON.stringify({
      name: 'e2e-semver',
      version,
      title,
      description: `${title} does things.`,
      changeLog,
    });
    await up.getByLabel('Release file (.zip)').setInputFiles({
      name: `e2e-semver-${version}.zip`,
      mimeType: 'application/zip',
      buffer: makeZip({ 'blocklet.json': meta }),
    });
    await up.getByRole('button', { name: 'Upload', exact: true }).click();
    return up;
  };
  const approve = async (version: string) => {
    await signIn(page, /Adam Admin/, '/console/blocklets');
    // The console's "pending review" filter: the admin's queue holds the new version.
    await store.getByLabel('Show').selectOption('pending');
    const row = store.getByRole('row', { name: /e2e-semver|Semver/ });
    await expect(row).toContainText(`v${version}`);
    await expect(store.locator('tbody tr').filter({ hasNotText: /Pending|In review/ })).toHaveCount(0);
    await row.getByRole('button', { name: /^Approve / }).click();
    const dialog = store.getByRole('dialog', { name: /^Approve / });
    await dialog.getByLabel('Category').selectOption('devtools');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dialog).toBeHidden();
  };

  await signIn(page, /Dana Developer/, '/developer/blocklets');
  await store.getByRole('button', { name: 'Create blocklet' }).click();
  const create = store.getByRole('dialog', { name: 'Create blocklet' });
  await create.getByLabel('Name').fill('e2e-semver');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create).toBeHidden();
  const mine = store.getByRole('row', { name: /e2e-semver/ });
  await expect(await release('9.9.315', 'Semver Nine', '## Changes\n\n- **Faster** start\n- Fewer bugs')).toBeHidden();
  await mine.getByRole('button', { name: `Request review of ${isolate('e2e-semver')}` }).click();
  await approve('9.9.315');

  // The list (search) shows what the detail shows: the new version and title.
  await page.goto('/search?keyword=e2e-semver');
  const card = store.locator('[part=blocklet-card]').filter({ hasText: 'Semver Nine' });
  await expect(card).toContainText('v9.9.315');
  await card.click();
  await expect(store.getByRole('heading', { name: 'Semver Nine', level: 1 })).toBeVisible();
  await expect(store.locator('[part=version]')).toContainText('9.9.315');
  // The change log is markdown, rendered (no raw "## Changes").
  const log = store.locator('[part=changelog]').first();
  await expect(log.getByRole('heading', { name: 'Changes' })).toBeVisible();
  await expect(log.locator('strong')).toHaveText('Faster');
  await expect(store.locator('[part=versions]')).not.toContainText('##');

  // A lower version is refused with a clear message; nothing changes.
  await signIn(page, /Dana Developer/, '/developer/blocklets');
  const low = await release('7.90.0', 'Semver Seven');
  await expect(low.getByRole('alert')).toContainText('7.90.0 is not higher than 9.9.315');
  await low.getByRole('button', { name: 'Cancel' }).click();

  // 9.10.0 after 9.9.315 (string order would put it below): the versions list is in semver order.
  await expect(await release('9.10.0', 'Semver Ten')).toBeHidden();
  await mine.getByRole('button', { name: `Request review of ${isolate('e2e-semver')}` }).click();
  await approve('9.10.0');
  await page.goto('/search?keyword=e2e-semver');
  await expect(store.locator('[part=blocklet-card]').filter({ hasText: 'Semver Ten' })).toContainText('v9.10.0');
  await store.locator('[part=blocklet-card]').filter({ hasText: 'Semver Ten' }).click();
  await expect(store.locator('[part=versions] > li a')).toHaveText(['v9.10.0', 'v9.9.315']);
});

test('a customer without a developer passport is shown the way to one, not buttons that fail', async ({ page }) => {
  await signIn(page, /Casey Customer/, '/developer/blocklets');
  const store = page.locator('blocklet-store');
  await expect(store.getByText('A developer passport is required')).toBeVisible();
  await expect(store.getByRole('link', { name: 'Join as a developer' })).toBeVisible();
  await expect(store.getByRole('button', { name: 'Create blocklet' })).toHaveCount(0);
  await expect(store.getByRole('button', { name: 'Upload release' })).toHaveCount(0);
  await page.goto('/developer/access-tokens');
  await expect(store.getByText('A developer passport is required')).toBeVisible();
  await expect(store.getByRole('button', { name: 'Create access token' })).toHaveCount(0);
});

test('the detail reads requirements as a person would, in English and Chinese', async ({ page }) => {
  const store = page.locator('blocklet-store');
  await page.goto('/blocklets/z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk');
  const details = store.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Blocklet Server1.16.0 or later');
  await expect(details).toContainText('Operating systemAny');
  await expect(details).not.toContainText('Requires');
  await expect(details).not.toContainText('*');
  await page.goto('/blocklets/z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk?locale=zh');
  const zhDetails = store.getByRole('region', { name: '详情' });
  await expect(zhDetails).toContainText('Blocklet Server1.16.0 或更高版本');
  await expect(zhDetails).toContainText('操作系统不限');
  await expect(zhDetails).toContainText('可作为组件添加到其他应用');
  await expect(zhDetails).not.toContainText(/需要 (os|cpu|server)|component, navigation/);
});
