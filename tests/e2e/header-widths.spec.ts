/**
 * <site-header> across widths on the reference host: every entry reachable at each width, and no control wrapping
 * or leaving the bar from 1920 to 320 px, for every role. A file of its own (from header.spec.ts): the sweeps are
 * the longest tests of the flows, and apart they run beside the other files instead of after them in one worker.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, settled, signIn, test } from './support.ts';

// Its tests share nothing (each opens its own pages): they run on whichever workers are free, so the two sweeps,
// minutes each on a loaded runner, run side by side instead of one after the other at the end of the run.
test.describe.configure({ mode: 'parallel' });

test.describe('header widths (issue 14): every entry reachable, no late collapse', () => {
  // Records, frame by frame from the first one, whether the desktop navigation shows and whether the burger does.
  const record = (page: Page) =>
    page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { __fit: string[] }).__fit = log;
      const tick = () => {
        const root = document.querySelector('site-header')?.shadowRoot;
        const nav = root?.querySelector<HTMLElement>('[part=nav]');
        const s = `${nav && getComputedStyle(nav).visibility === 'visible' ? 'nav' : '-'}|${root?.querySelector('[part=burger]') ? 'burger' : '-'}`;
        if (log[log.length - 1] !== s) log.push(s);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  for (const who of [/Adam Admin/, /Casey Customer/]) {
    test(`${who.source}: 1440, 1280, 900, 390, 320`, async ({ page }) => {
      await signIn(page, who, '/');
      await record(page);
      const header = page.locator('site-header');
      for (const width of [1440, 1280, 900, 390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        await expect(header.locator('[part=user]')).toBeVisible();
        await expect(header.getByRole('button', { name: 'Language: English' })).toBeVisible();
        if (width >= 1280) {
          // It fits (at 1280 with a name or two folded): the navigation shows, and it showed only once, never then collapsed.
          const nav = header.getByRole('navigation', { name: 'Main navigation' });
          await expect(nav.getByRole('link', { name: 'Store' })).toBeVisible();
          await expect(header.locator('[part=burger]')).toHaveCount(0);
          await expect(header.getByRole('button', { name: 'Apps' })).toBeVisible();
          await settled(page);
          const log = await page.evaluate(() => (window as unknown as { __fit: string[] }).__fit);
          expect(log.filter((s) => s !== '-|-')).toEqual(['nav|-']);
          if (who.source.includes('Admin')) {
            await header.getByRole('button', { name: 'Apps' }).click();
            await expect(header.getByRole('link', { name: 'Store console' })).toBeVisible();
            await page.keyboard.press('Escape');
          }
        } else {
          const log = await page.evaluate(() => (window as unknown as { __fit: string[] }).__fit);
          expect(log).not.toContain('nav|-');
          await header.getByRole('button', { name: 'Open menu' }).click();
          const menu = header.locator('[part=mobile-nav]');
          await expect(menu.getByRole('link', { name: 'Store', exact: true })).toBeVisible();
          await expect(menu.getByRole('link', { name: 'Checkout demo' })).toBeVisible();
          await expect(menu.getByRole('button', { name: 'Products' })).toBeVisible();
          // The app shortcuts: the Apps button where it fits, else inside the menu.
          if (width < 600) {
            await expect(menu.getByRole('link', { name: 'My billing' })).toBeVisible();
            if (who.source.includes('Admin'))
              await expect(menu.getByRole('link', { name: 'Store console' })).toBeVisible();
          } else {
            await expect(header.getByRole('button', { name: 'Apps' })).toBeVisible();
          }
          await page.keyboard.press('Escape');
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    });
  }

  test('the products menu: no description is cut at 1440', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const header = page.locator('site-header');
    await header.getByRole('button', { name: 'Products' }).click();
    const panel = header.locator('[part=products-panel]');
    await expect(panel).toBeVisible();
    const cut = await panel.evaluate(
      (el) =>
        [...el.querySelectorAll('a > span > span:nth-child(2)')].filter(
          (s) =>
            (s as HTMLElement).scrollWidth > (s as HTMLElement).clientWidth + 1 ||
            getComputedStyle(s).textOverflow === 'ellipsis',
        ).length,
    );
    expect(cut).toBe(0);
    expect(await panel.locator('a > span > span:nth-child(2)').count()).toBeGreaterThanOrEqual(18);
    expect(await panel.locator('li').count()).toBeGreaterThanOrEqual(18);
  });
});

test.describe('header widths (issue 32): no control wraps or leaves the bar, 1920 → 320 px', () => {
  const ROLES = ['guest', 'customer', 'developer', 'admin', 'owner'] as const;
  const WHO: Record<(typeof ROLES)[number], RegExp | null> = {
    guest: null,
    customer: /Casey Customer/,
    developer: /Dana Developer/,
    admin: /Adam Admin/,
    owner: /Olivia Owner/,
  };
  const WIDTHS = Array.from({ length: (1920 - 320) / 8 + 1 }, (_, i) => 1920 - i * 8);

  /**
   * In the page: the header's controls (navigation items, organization switcher, user button, language, sign in,
   * burger, brand) whose text takes more than one line, that reach outside the bar, or that overlap another.
   */
  const fitProblems = async (wait: number) => {
    // After a resize: the frame that observes it, then the 100 ms debounce (a refit is synchronous: flushSync).
    if (wait) await new Promise((done) => requestAnimationFrame(() => setTimeout(done, wait)));
    const root = document.querySelector('site-header')?.shadowRoot;
    const bar = root?.querySelector('[part=header]');
    if (!root || !bar) return ['no header'];
    const b = bar.getBoundingClientRect();
    const nav = root.querySelector('[part=nav][data-shown]');
    const controls: Element[] = [
      ...[...(nav?.querySelectorAll(':scope > ul > li') ?? [])].map((li) => li.querySelector('a, button') ?? li),
      ...root.querySelectorAll(
        '[part=org-switch], [part=user], [part=locale], [part=login], [part=burger], [part=brand]',
      ),
    ];
    const problems: string[] = [];
    const boxes: Array<[string, DOMRect]> = [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      const name = `${el.getAttribute('part') ?? 'nav'} "${(el.textContent ?? '').trim().slice(0, 24)}"`;
      // Lines of its text: the distinct tops of each text node's boxes (a visually hidden name has 1 px boxes).
      let lines = 0;
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let t = walk.nextNode(); t; t = walk.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(t);
        const rects = [...range.getClientRects()].filter((q) => q.width > 1 && q.height > 1);
        lines = Math.max(lines, new Set(rects.map((q) => Math.round(q.top))).size);
      }
      if (lines > 1) problems.push(`${name} takes ${lines} lines`);
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5)
        problems.push(`${name} leaves the bar`);
      for (const [other, o] of boxes)
        if (r.left < o.right - 0.5 && o.left < r.right - 0.5 && r.top < o.bottom - 0.5 && o.top < r.bottom - 0.5)
          problems.push(`${name} overlaps ${other}`);
      boxes.push([name, r]);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page scrolls sideways');
    return problems;
  };
  /** A page of its own for `role` on /customer, where "Billing" (a group) is the current item, once settled. */
  const open = async (browser: Browser, baseURL: string | undefined, role: (typeof ROLES)[number], locale: string) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1920, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const errors: string[] = [];
      (window as unknown as { __errors: string[] }).__errors = errors;
      window.addEventListener('error', (e) => errors.push(String(e.message)));
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const who = WHO[role];
    if (who) await signIn(page, who, '/');
    await page.goto(`/customer?locale=${locale}`);
    const header = page.locator('site-header');
    await expect(header.getByRole('navigation', { name: locale === 'en' ? 'Main navigation' : '主导航' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(header.locator(who ? '[part=user]' : '[part=login]')).toBeVisible();
    if (role !== 'guest' && role !== 'customer') await expect(header.locator('[part=org-switch]')).toBeVisible();
    await settled(page);
    return { role, page, errors };
  };

  for (const locale of ['en', 'zh'] as const) {
    test(`${locale}: every role on a page whose item is current (bold), every 8 px`, async ({ browser, baseURL }) => {
      // About a minute on an idle 2-core runner; several on a loaded one.
      test.setTimeout(600_000);
      // One page per role, resized side by side (one browser, no reload per width).
      const pages = [];
      for (const role of ROLES) pages.push(await open(browser, baseURL, role, locale));
      const started = Date.now();
      const failures: string[] = [];
      for (const width of WIDTHS) {
        await Promise.all(
          pages.map(async ({ role, page }) => {
            await page.setViewportSize({ width, height: 800 });
            let problems = await page.evaluate(fitProblems, 130);
            // A loaded machine can run the debounce late: what counts is the state once the header has settled.
            for (let i = 0; problems.length && i < 4; i++) problems = await page.evaluate(fitProblems, 200);
            for (const p of problems) failures.push(`${role} at ${width} px: ${p}`);
          }),
        );
      }
      console.log(
        `[header sweep ${locale}] ${WIDTHS.length} widths × ${ROLES.length} roles in ${(Date.now() - started) / 1000} s`,
      );
      expect(failures).toEqual([]);
      for (const { role, page, errors } of pages) {
        const seen = [
          ...errors,
          ...(await page.evaluate(() => (window as unknown as { __errors: string[] }).__errors)),
        ];
        expect(
          seen.filter((m) => m.includes('ResizeObserver')),
          role,
        ).toEqual([]);
        await page.context().close();
      }
    });
  }
});
