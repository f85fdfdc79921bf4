/**
 * <site-header> on the reference host against the sandbox, driven as a person would.
 */
import type { Page } from '@playwright/test';
import { axe, expect, settled, signIn, test } from './support.ts';
import { DEMO_DIDS } from '../../hosts/server/service/data/demo-wallets.ts';
import { isolate } from '../../src/core/bidi.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium-args.mjs';

// Temporary platform hostnames (*.ip.abtnet.io) resolve to the sandbox, for the temporary-domain notice.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.ip.abtnet.io 127.0.0.1'],
  },
});

test.describe('organization switcher', () => {
  test('is hidden when signed out', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('site-header');
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.locator('[part=org-switch]')).toHaveCount(0);
  });

  test('an owner searches, pages, switches and creates an organization', async ({ page }) => {
    await signIn(page, /Olivia Owner/, '/');
    const header = page.locator('site-header');
    const button = header.locator('[part=org-switch]');
    await expect(button).toContainText('Sandbox Team');

    // The list: 20 first, the rest when scrolled to the end.
    await button.click();
    const menu = header.getByRole('dialog', { name: 'Organizations' });
    const items = menu.locator('[part=org-list] button');
    await expect(items).toHaveCount(20);
    await expect(items.first()).toHaveAttribute('aria-current', 'true');
    await menu.locator('[part=org-list]').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(items).toHaveCount(25);
    await expect(menu.getByRole('link', { name: 'View all' })).toHaveAttribute(
      'href',
      /\/\.well-known\/service\/user\/orgs\?locale=en$/,
    );

    // Search, then switch: the page reloads in the new organization.
    await menu.getByRole('searchbox', { name: 'Search organizations' }).fill('org 03');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Partner Org 03');
    await Promise.all([page.waitForEvent('load'), items.first().click()]);
    await expect(header.locator('[part=org-switch]')).toContainText('Partner Org 03');

    // Create: validation first, then success goes to the organization list page.
    await header.locator('[part=org-switch]').click();
    await header.getByRole('button', { name: /Create new/ }).click();
    const dialog = header.getByRole('dialog', { name: 'Create organization' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Name cannot be empty')).toBeVisible();
    await dialog.getByLabel('Name').fill('  Olivia Ventures  ');
    await expect(dialog.getByText('Name cannot be empty')).toHaveCount(0);
    await dialog.getByLabel('Description').fill('Side projects');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/.well-known/service/user/orgs' && url.searchParams.get('locale') === 'en',
    );
    await expect(page.getByText('Olivia Ventures')).toBeVisible();
    await expect(page.getByText('26 organizations')).toBeVisible();
  });
});

test.describe('notifications', () => {
  test('a notification arrives over the websocket as a toast and moves the unread count', async ({ page }) => {
    const joined = new Promise<void>((resolve) => {
      page.on('websocket', (ws) => {
        if (!ws.url().includes('/.well-known/service/user/websocket')) return;
        let n = 0;
        ws.on('framereceived', (f) => {
          const text = String(f.payload);
          if (
            text.includes('phx_reply') &&
            (text.includes('notification.blockletCreate') || text.includes('blocklet.notification.read'))
          ) {
            n += 1;
            if (n === 2) resolve();
          }
        });
      });
    });
    await signIn(page, /Casey Customer/, '/');
    const header = page.locator('site-header');
    const bell = header.locator('[part=notifications]');
    await expect(bell).toHaveAttribute('aria-label', 'Notifications');
    await expect(bell).toHaveAttribute('href', /\/\.well-known\/service\/user\/notifications\?read=true/);
    await joined;

    const send = (body: Record<string, unknown>) =>
      page.request.post('/.well-known/service/sandbox/notify', { data: body });
    const casey = DEMO_DIDS.casey;
    expect(
      (
        await send({
          receiver: casey,
          severity: 'warning',
          title: 'Payment due soon',
          description: 'Your subscription renews tomorrow.',
        })
      ).status(),
    ).toBe(201);
    const toast = header.locator('[part~=toast]').filter({ hasText: 'Payment due soon' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Your subscription renews tomorrow.');
    await expect(header.locator('[part=notifications-badge]')).toHaveText('1');
    await expect(bell).toHaveAttribute('aria-label', 'Notifications, 1 unread');
    await expect(bell).toHaveAttribute('href', /read=false/);

    // A system notice for a customer neither counts nor toasts; another user's never reaches this page.
    await send({ receiver: casey, source: 'system', title: 'Maintenance tonight' });
    await send({ role: 'owner', title: 'Not for Casey' });
    // An activity with more than 3 actors, then reading them all.
    await send({
      receiver: casey,
      severity: 'info',
      title: 'New comments',
      activity: { type: 'comment', target: { name: 'Pro plan' } },
      actorInfo: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'].map((fullName, i) => ({ did: `z1a${i}`, fullName })),
    });
    await expect(
      header.locator('[part~=toast]').filter({
        hasText: `${['Ann', 'Bo', 'Cy'].map(isolate).join(', ')} and 2 others commented on ${isolate('Pro plan')}`,
      }),
    ).toBeVisible();
    await expect(header.locator('[part=notifications-badge]')).toHaveText('2');
    await expect(header.locator('[part~=toast]').filter({ hasText: 'Maintenance tonight' })).toHaveCount(0);
    await expect(header.locator('[part~=toast]').filter({ hasText: 'Not for Casey' })).toHaveCount(0);
    // The warning toast stays; the info one hides after 5 s.
    await expect(header.locator('[part~=toast]').filter({ hasText: 'New comments' })).toHaveCount(0, { timeout: 8000 });
    await expect(toast).toBeVisible();

    expect((await page.request.post('/.well-known/service/api/notifications/read', { data: {} })).status()).toBe(200);
    await expect(header.locator('[part=notifications-badge]')).toHaveCount(0);
    await expect(bell).toHaveAttribute('aria-label', 'Notifications');
  });
});

test.describe('temporary-domain notice', () => {
  const tempOrigin = (baseURL: string | undefined) =>
    `http://127-0-0-1.ip.abtnet.io:${new URL(baseURL ?? 'http://x:4173').port}`;

  test('a visitor can only skip it; Escape does not close it; the skip lasts 30 days', async ({ page, baseURL }) => {
    const origin = tempOrigin(baseURL);
    await page.goto(`${origin}/`);
    const header = page.locator('site-header');
    const dialog = header.getByRole('dialog', { name: 'You are using a temporary domain' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Configure Domain' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Remind Me Later' }).click();
    await expect(dialog).toHaveCount(0);
    const stored = await page.evaluate(() => localStorage.getItem('domain-warning-skip'));
    expect(Date.now() - Date.parse(stored ?? '')).toBeLessThan(60_000);
    await page.reload();
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByRole('dialog')).toHaveCount(0);
    // A skip older than 30 days no longer counts.
    await page.evaluate(() =>
      localStorage.setItem('domain-warning-skip', new Date(Date.now() - 31 * 86_400_000).toISOString()),
    );
    await page.reload();
    await expect(header.getByRole('dialog', { name: 'You are using a temporary domain' })).toBeVisible();
    // Not on the ordinary host name.
    await page.goto('/');
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByRole('dialog')).toHaveCount(0);
  });

  test('an owner sees the benefits and Configure Domain opens the domains page in a new tab', async ({
    page,
    baseURL,
  }) => {
    const origin = tempOrigin(baseURL);
    await page.goto(`${origin}/.well-known/service/login?redirect=/`);
    await page.getByRole('button', { name: /Olivia Owner/ }).click();
    const header = page.locator('site-header');
    const dialog = header.getByRole('dialog', { name: 'Enhance Your Website Security' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveText([
      'A secure HTTPS connection',
      'A stronger brand image',
      'A shorter address that is easy to remember',
      'A more professional look',
      'Setup in minutes',
    ]);
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: 'Configure Domain' }).click(),
    ]);
    expect(tab.url()).toBe(`${origin}/.well-known/service/admin/domains`);
    await expect(dialog).toHaveCount(0);
  });
});

test('cookie consent persists for 365 days once accepted', async ({ page, context }) => {
  const enable = () => page.locator('site-header').evaluate((el) => el.setAttribute('cookie-consent', ''));
  await page.goto('/');
  await enable();
  const notice = page.locator('site-header').getByRole('region', { name: 'Cookie consent' });
  await expect(notice).toContainText('This website uses cookies to enhance the user experience.');
  await notice.getByRole('button', { name: 'I Understand' }).click();
  await expect(notice).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === 'CookieConsent');
  expect(cookie).toMatchObject({ value: 'true', path: '/', sameSite: 'Lax', secure: false });
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);
  await page.reload();
  await enable();
  await settled(page);
  await expect(page.locator('site-header').getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});

test('the products menu sits at the configured position; an owner gets the apps grid with Manage', async ({ page }) => {
  // An owner's header carries the org switcher, bell and apps grid: the links fit beside them from about 1440 px
  // (narrower, the burger menu takes over).
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, /Olivia Owner/, '/');
  const header = page.locator('site-header');
  const nav = header.getByRole('navigation', { name: 'Main navigation' });
  const products = nav.getByRole('button', { name: 'Products' });
  await expect(nav.locator(':scope > ul > li').nth(2)).toContainText('Products'); // USE_ARCBLOCK_THEME '2'
  await products.click();
  const kit = header.getByRole('link', { name: /Payment Kit/ });
  await expect(
    header.locator('[part=products-panel] [part=products-icon][data-icon="tabler:credit-card"]'),
  ).toBeVisible();
  await expect(header.locator('[part=products-panel] [data-icon-fallback]')).toHaveCount(0);
  await expect(kit).toHaveAttribute('target', '_blank');
  const href = new URL((await kit.getAttribute('href')) ?? '');
  expect(href.pathname).toBe('/en/payment-kit');
  expect(href.searchParams.get('utm_medium')).toBe('header_nav');
  expect(href.searchParams.get('utm_source')).toBe('127.0.0.1');
  await page.keyboard.press('Escape');
  await expect(kit).toHaveCount(0);
  await expect(products).toBeFocused();

  await header.getByRole('button', { name: 'Apps' }).click();
  const grid = header.getByRole('group', { name: 'Apps' });
  // Icons from the sandbox's icon service replace the letter tiles.
  await expect(grid.locator('[part=apps-icon][data-icon]')).toHaveCount(3);
  await expect(grid.locator('[part=apps-icon][data-icon="tabler:receipt"]')).toBeVisible();
  await expect(grid.getByRole('link')).toHaveText(['My billing', 'My blocklets', 'Store console', 'Manage']);
  await expect(grid.getByRole('link', { name: 'Manage' })).toHaveAttribute(
    'href',
    /\/\.well-known\/service\/admin\/navigation$/,
  );
});

test('a sibling page with only the module script gets the whole header from the app description', async ({ page }) => {
  await page.goto('/plain/header');
  const header = page.locator('site-header');
  await expect(header.getByRole('link', { name: `${isolate('Sandbox Store')} home` })).toBeVisible();
  await expect(header.getByRole('navigation').getByRole('link', { name: 'Store' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // No framework and no window.blocklet on the page: the element fetched the description itself.
  expect(await page.evaluate(() => 'blocklet' in window)).toBe(false);
});

test('product icons: when the icon host fails, the products menu shows letter tiles and still works', async ({
  page,
}) => {
  await page.route('**/.well-known/service/sandbox/icons/**', (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/');
  const header = page.locator('site-header');
  await header.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Products' }).click();
  const panel = header.locator('[part=products-panel]');
  await expect(panel.getByRole('link', { name: /Payment Kit/ })).toBeVisible();
  await expect(panel.locator('[data-icon-fallback="tabler:credit-card"]')).toHaveText('P');
  await expect(panel.locator('[part=products-icon][data-icon]')).toHaveCount(0);
});

test('the theme toggle: a person switches to dark and back; the page and the header follow', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const header = page.locator('site-header');
  const bar = header.locator('[part=header]');
  const lightBg = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
  await header.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(header).toHaveAttribute('theme', 'dark');
  await expect(header.getByRole('button', { name: 'Switch to light theme' })).toBeFocused();
  await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(lightBg);
  const store = page.locator('blocklet-store');
  if (await store.count()) await expect(store).toHaveAttribute('theme', 'dark');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(lightBg);
});

test('the language switch: a person picks 简体中文; the page and the header follow', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('site-header');
  await header.getByRole('button', { name: 'Language: English' }).click();
  await header.getByRole('menuitemradio', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(header).toHaveAttribute('locale', 'zh');
  await expect(header.getByRole('button', { name: '语言: 简体中文' })).toBeVisible();
  await expect(header.getByRole('link', { name: '登录' })).toBeVisible();
  const nav = header.getByRole('navigation', { name: '主导航' });
  await expect(nav.getByRole('link', { name: '商店' })).toHaveAttribute('href', /locale=zh/);
  const store = page.locator('blocklet-store');
  if (await store.count()) await expect(store).toHaveAttribute('locale', 'zh');
});

test('embed mode: /embed/… hides the header entirely; the same page without it shows the header', async ({ page }) => {
  await page.goto('/embed/checkout/plink_sandbox_onetime');
  const header = page.locator('site-header');
  await expect(header).toHaveAttribute('embed-mode', '1');
  await expect(page.locator('pay-checkout')).toBeVisible();
  await settled(page);
  await expect(header.locator('[part=header]')).toHaveCount(0);
  expect((await header.boundingBox())?.height ?? 0).toBe(0);
  await page.goto('/checkout/plink_sandbox_onetime');
  await expect(page.locator('site-header [part=header]')).toBeVisible();
  await expect(page.locator('site-header')).not.toHaveAttribute('embed-mode', '1');
});

test('login guard: a signed-out visitor is sent to sign in and comes back to the same page', async ({ page }) => {
  await page.goto('/plain/header?from=guard');
  const header = page.locator('site-header');
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // Turned on for this page: the guard sends the visitor to the sign-in page with this page as the redirect.
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/.well-known/service/login'),
    header.evaluate((el) => el.setAttribute('login-required', '')),
  ]);
  expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/\/plain\/header\?from=guard$/);
  await page.getByRole('button', { name: /Casey/ }).first().click();
  await page.waitForURL((url) => url.pathname === '/plain/header' && url.searchParams.get('from') === 'guard');
  await expect(page.locator('site-header [part=user]')).toBeVisible();
});

/* ---------------------------------------------------------------------------------------------------------------
 * Done-when on a sibling product's page: /plain/header holds only `<script type="module">` and
 * `<site-header cookie-consent>` (no framework, no window.blocklet), driven as a person would.
 * ------------------------------------------------------------------------------------------------------------- */

const PLAIN = '/plain/header';
const acceptCookies = async (page: Page) => {
  const notice = page.locator('site-header').getByRole('region', { name: /Cookie consent|Cookie/ });
  await notice.getByRole('button').click();
  await expect(notice).toHaveCount(0);
};

test.describe('a sibling page with only the module script and <site-header>', () => {
  test.use({ bypassCSP: true, viewport: { width: 1600, height: 900 } });

  test('navigation by role and locale', async ({ page }) => {
    await page.goto(PLAIN);
    const header = page.locator('site-header');
    const nav = header.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Store' })).toHaveAttribute('href', /^\/\?locale=en$/);
    await expect(nav.getByRole('link', { name: 'Developers' })).toHaveCount(0);
    const docs = nav.getByRole('link', { name: /Docs/ });
    await expect(docs).toHaveAttribute('target', '_blank');
    const href = new URL((await docs.getAttribute('href')) ?? '');
    expect([
      href.origin + href.pathname,
      href.searchParams.get('locale'),
      href.searchParams.get('utm_medium'),
      href.searchParams.get('utm_content'),
    ]).toEqual(['https://www.arcblock.io/docs/en', 'en', 'header_nav', 'www.arcblock.io']);
    await nav.getByRole('button', { name: 'Billing' }).click();
    await expect(header.getByRole('menuitem', { name: /Invoices/ })).toHaveAttribute('href', /\/customer\?locale=en$/);
    await page.keyboard.press('Escape');

    // A developer gets the developer entry; in Chinese the titles and the links follow.
    await signIn(page, /Dana Developer/, PLAIN);
    await expect(nav.getByRole('link', { name: 'Developers' })).toHaveAttribute(
      'href',
      /^\/developer\/blocklets\?locale=en$/,
    );
    await header.getByRole('button', { name: 'Language: English' }).click();
    await header.getByRole('menuitemradio', { name: '简体中文' }).click();
    const zhNav = header.getByRole('navigation', { name: '主导航' });
    await expect(zhNav.getByRole('link', { name: '开发者' })).toHaveAttribute('href', /locale=zh$/);
    await expect(zhNav.getByRole('link', { name: /文档/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.arcblock\.io\/docs\/zh\?locale=zh&/,
    );
    // Signing out goes to '/'.
    await header.locator('[part~=user]').click();
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/'),
      header.getByRole('menuitem', { name: '退出登录' }).click(),
    ]);
  });

  test('the products menu in both variants', async ({ page }) => {
    await page.goto(PLAIN);
    const header = page.locator('site-header');
    const nav = header.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Products' }).click();
    const panel = header.locator('[part=products-panel]');
    await expect(panel.getByRole('heading')).toHaveText(['Applications', 'Components', 'Compute/Storage', 'Identity']);
    const kit = panel.getByRole('link', { name: /Payment Kit/ });
    await expect(kit).toHaveAttribute('target', '_blank');
    await expect(kit).toContainText('Payments and subscriptions for apps');
    expect(new URL((await kit.getAttribute('href')) ?? '').pathname).toBe('/en/payment-kit');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    // The app description asks for the AIGNE family at the first position: variant 2.
    await page.route(
      (url) => url.pathname === '/__blocklet__.js',
      async (route) => {
        const res = await route.fetch();
        await route.fulfill({ response: res, json: { ...(await res.json()), USE_AIGNE_THEME: '0' } });
      },
    );
    await page.reload();
    const products = nav.locator(':scope > ul > li').first().getByRole('button', { name: 'Products' });
    await products.click();
    await expect(panel.getByRole('heading')).toHaveText(['Applications', 'Framework & tools', 'Models adapters']);
    const code = panel.getByRole('link', { name: /CodeSmith/ });
    await expect(code).toHaveAttribute('target', '_blank');
    const href = new URL((await code.getAttribute('href')) ?? '');
    expect([
      href.origin,
      href.pathname,
      href.searchParams.get('utm_source'),
      href.searchParams.get('utm_medium'),
    ]).toEqual(['https://www.aigne.io', '/en/codesmith', '127.0.0.1', 'header_nav']);
    expect(await axe(page)).toEqual([]);
  });

  test('a notification arrives as a toast (400 px, 300 px small; title 1 line, description 3) and moves the count', async ({
    page,
  }) => {
    const joined = new Promise<void>((resolve) => {
      page.on('websocket', (ws) => {
        if (!ws.url().includes('/.well-known/service/user/websocket')) return;
        ws.on('framereceived', (f) => {
          if (String(f.payload).includes('phx_reply') && String(f.payload).includes('blocklet.notification.read'))
            resolve();
        });
      });
    });
    // Chris: a user of this test only.
    await signIn(page, /Chris Buyer/, PLAIN);
    const header = page.locator('site-header');
    await acceptCookies(page);
    const bell = header.locator('[part=notifications]');
    await expect(bell).toHaveAttribute('href', /read=true/);
    await joined;
    const title = `Renewal reminder ${'with a very long title '.repeat(6)}`;
    const description =
      'Your subscription renews tomorrow and this description is long enough to need more than three lines. '.repeat(8);
    const sent = await page.request.post('/.well-known/service/sandbox/notify', {
      data: { receiver: DEMO_DIDS.chris, severity: 'warning', title, description },
    });
    expect(sent.status()).toBe(201);
    const toast = header.locator('[part~=toast]').filter({ hasText: 'Renewal reminder' });
    await expect(toast).toBeVisible();
    await expect(header.locator('[part=notifications-badge]')).toHaveText('1');
    await expect(bell).toHaveAttribute('href', /read=false/);
    const measure = () =>
      toast.evaluate((el) => {
        const [titleEl, descEl] = [...(el.firstElementChild?.children ?? [])] as HTMLElement[];
        return {
          width: Math.round(el.getBoundingClientRect().width),
          titleClipped:
            titleEl!.scrollWidth > titleEl!.clientWidth && getComputedStyle(titleEl!).whiteSpace === 'nowrap',
          titleHeight: titleEl!.getBoundingClientRect().height,
          descClipped: descEl!.scrollHeight > descEl!.clientHeight,
          descClamp: getComputedStyle(descEl!).getPropertyValue('-webkit-line-clamp'),
          descHeight: descEl!.getBoundingClientRect().height,
        };
      });
    const wide = await measure();
    expect(wide.width).toBe(400);
    expect(wide.titleClipped).toBe(true);
    expect(wide.descClipped).toBe(true);
    expect(wide.descClamp).toBe('3');
    // Three lines of the description against one of the title.
    expect(wide.descHeight / wide.titleHeight).toBeGreaterThan(2.5);
    expect(wide.descHeight / wide.titleHeight).toBeLessThan(3.5);
    expect(await axe(page)).toEqual([]);
    await page.setViewportSize({ width: 500, height: 800 });
    await expect.poll(async () => (await measure()).width).toBe(300);
    // A warning stays until closed.
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect(toast).toHaveCount(0);
  });

  test('switching and creating an organization', async ({ page }) => {
    await signIn(page, /Dana Developer/, PLAIN);
    const header = page.locator('site-header');
    await acceptCookies(page);
    const button = header.locator('[part=org-switch]');
    await expect(button).toContainText('Sandbox Team');
    await button.click();
    await header.getByRole('button', { name: /Create new/ }).click();
    const dialog = header.getByRole('dialog', { name: 'Create organization' });
    const name = `Dana Labs ${Date.now() % 100000}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === '/.well-known/service/user/orgs');
    await expect(page.getByText(name)).toBeVisible();

    await page.goto(PLAIN);
    await header.locator('[part=org-switch]').click();
    const menu = header.getByRole('dialog', { name: 'Organizations' });
    const mine = menu.locator('[part=org-list] button').filter({ hasText: name });
    await expect(mine).toContainText('Owner');
    await Promise.all([page.waitForEvent('load'), mine.click()]);
    await expect(header.locator('[part=org-switch]')).toContainText(name);
  });

  test("the temporary-domain modal's skip, and its axe check in en and zh, light and dark", async ({
    page,
    baseURL,
  }) => {
    const origin = `http://127-0-0-1.ip.abtnet.io:${new URL(baseURL ?? 'http://x:4173').port}`;
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${origin}${PLAIN}`);
      await page.evaluate(() => localStorage.removeItem('domain-warning-skip'));
      await page.reload();
      const header = page.locator('site-header');
      const dialog = header.getByRole('dialog', { name: 'You are using a temporary domain' });
      await expect(dialog).toBeVisible();
      expect(await axe(page)).toEqual([]);
      await header.evaluate((el) => el.setAttribute('locale', 'zh'));
      await expect(header.getByRole('dialog')).toContainText('稍后提醒');
      expect(await axe(page)).toEqual([]);
      await header.evaluate((el) => el.setAttribute('locale', 'en'));
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Remind Me Later' }).click();
      await expect(dialog).toHaveCount(0);
      await page.reload();
      await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await settled(page);
      await expect(header.getByRole('dialog')).toHaveCount(0);
    }
  });

  test('cookie consent persists across a reload; inside a frame only when enabled', async ({ page }) => {
    await page.goto(PLAIN);
    const header = page.locator('site-header');
    const notice = header.getByRole('region', { name: 'Cookie consent' });
    await expect(notice).toBeVisible();
    const box = await notice.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(440);
    expect(Math.round(1600 - box!.x - box!.width)).toBe(16);

    // The same page in a frame: no notice, unless the frame's header enables it.
    await page.evaluate(() => {
      const f = document.createElement('iframe');
      f.src = '/plain/header?framed=1';
      f.title = 'framed';
      f.style.cssText = 'width:800px;height:400px';
      document.body.append(f);
    });
    const frame = page.frameLocator('iframe[title=framed]');
    await expect(frame.locator('site-header').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await settled(page);
    await expect(frame.locator('site-header').getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
    await frame.locator('body').evaluate((body) => {
      const h = document.createElement('site-header');
      h.setAttribute('cookie-consent', '');
      h.setAttribute('cookie-consent-in-iframe', '');
      body.append(h);
    });
    await expect(frame.locator('site-header').nth(1).getByRole('region', { name: 'Cookie consent' })).toBeVisible();

    await notice.getByRole('button', { name: 'I Understand' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await settled(page);
    await expect(notice).toHaveCount(0);
  });

  test('the theme and language switches, and embed mode', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(PLAIN);
    const header = page.locator('site-header');
    await acceptCookies(page);
    // No host page listens here: the header switches itself.
    const bar = header.locator('[part=header]');
    const lightBg = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    await header.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(header.getByRole('button', { name: 'Switch to light theme' })).toBeFocused();
    await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(lightBg);
    await header.getByRole('button', { name: 'Language: English' }).click();
    await header.getByRole('menuitemradio', { name: '简体中文' }).click();
    await expect(header.getByRole('button', { name: '语言: 简体中文' })).toBeVisible();
    await expect(header.getByRole('link', { name: '登录' })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await header.getByRole('button', { name: '切换到浅色主题' }).click();
    await expect(header.getByRole('button', { name: '切换到深色主题' })).toBeVisible();
    await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(lightBg);

    await header.evaluate((el) => el.setAttribute('embed-mode', '1'));
    await expect(header.locator('[part=header]')).toHaveCount(0);
    expect((await header.boundingBox())?.height ?? 0).toBe(0);
    await header.evaluate((el) => el.removeAttribute('embed-mode'));
    await expect(header.locator('[part=header]')).toBeVisible();
  });
});

test.describe('choices that stick (issue 14)', () => {
  test('the language: chosen once, it holds after a reload, a nav link, /?locale=zh and for a zh-CN browser', async ({
    page,
    browser,
  }) => {
    await page.goto('/');
    const header = page.locator('site-header');
    const store = page.locator('blocklet-store');
    await header.getByRole('button', { name: 'Language: English' }).click();
    await header.getByRole('menuitemradio', { name: '简体中文' }).click();
    await expect(store.getByRole('heading', { name: 'Blocklet 商店', level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    await expect(store.getByRole('heading', { name: 'Blocklet 商店', level: 1 })).toBeVisible();
    await expect(header.getByRole('button', { name: '语言: 简体中文' })).toBeVisible();
    // A nav link (it carries ?locale=zh) to another element: Chinese there too.
    await header.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: /账单/ }).click();
    await header.getByRole('menuitem', { name: /^发票/ }).click();
    await expect(page).toHaveURL(/\/customer\?locale=zh/);
    await expect(page.locator('pay-portal')).toHaveAttribute('locale', 'zh');
    await expect(header).toHaveAttribute('locale', 'zh');
    // Back to English from a page whose address says ?locale=zh: the address follows, so a reload stays English.
    await header.getByRole('button', { name: '语言: 简体中文' }).click();
    await header.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page).toHaveURL(/locale=en/);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    for (const [opts, url] of [
      [{ locale: 'en-US' }, '/?locale=zh'],
      [{ locale: 'zh-CN' }, '/'],
    ] as const) {
      const ctx = await browser.newContext(opts);
      const p = await ctx.newPage();
      await p.goto(url);
      await expect(p.locator('html')).toHaveAttribute('lang', 'zh');
      await expect(p.locator('site-header')).toHaveAttribute('locale', 'zh');
      await expect(p.locator('blocklet-store').getByRole('heading', { name: 'Blocklet 商店', level: 1 })).toBeVisible();
      await ctx.close();
    }
  });

  test('dark survives a reload, settled before the first paint (no light frame)', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('site-header');
    await header.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // Every frame from the very first one records the page's theme and the header's.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __themes: string[] }).__themes = seen;
      const tick = () => {
        const h = document.querySelector('site-header');
        seen.push(
          `${document.documentElement.dataset.theme ?? 'none'}/${h?.getAttribute('theme') ?? 'none'}/${getComputedStyle(document.body ?? document.documentElement).backgroundColor}`,
        );
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.reload();
    await expect(header.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await expect(page.locator('blocklet-store')).toHaveAttribute('theme', 'dark');
    const frames = await page.evaluate(() => (window as unknown as { __themes: string[] }).__themes);
    expect(frames.length).toBeGreaterThan(0);
    // From the first frame: <html data-theme=dark>, the dark page background; the header was given dark at once.
    expect(frames.filter((f) => !f.startsWith('dark/'))).toEqual([]);
    expect(new Set(frames.map((f) => f.split('/')[2]))).toEqual(new Set(['rgb(11, 18, 32)']));
    expect(frames.filter((f) => f.split('/')[1] === 'light')).toEqual([]);
    await header.getByRole('button', { name: 'Switch to light theme' }).click();
    // The page takes the header's choice after its 300 ms debounce (spec); a reload before that keeps the old one.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});
