/**
 * Embed mode in an iframe (issue 12): the page inside reports its height (postMessage, origins checked both ways) and
 * /embed-demo sizes the iframe to it, so the whole checkout, Pay included, shows without a scroll inside the frame, on
 * a desktop and on a 390 px phone.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`/embed-demo shows a usable checkout at ${viewport.width} px: the iframe takes the height of its page`, async ({
    page,
  }, info) => {
    await page.setViewportSize(viewport);
    await signIn(page, /Casey Customer/, '/embed-demo');
    const iframe = page.locator('iframe.frame');
    const frame = page.frameLocator('iframe.frame');
    const pay = frame.getByRole('button', { name: 'Pay' });
    await expect(pay).toBeVisible();
    await expect(frame.locator('[part~=total]').first()).toContainText('10 TBA');

    // The frame grows to its page: nothing scrolls inside it.
    const inner = page.frames().find((f) => f.url().includes('/embed/checkout/'))!;
    await expect
      .poll(async () => inner.evaluate(() => document.documentElement.scrollHeight - window.innerHeight), {
        message: 'no scroll inside the frame',
      })
      .toBeLessThanOrEqual(1);
    const box = (await iframe.boundingBox())!;
    expect(box.height).toBeGreaterThan(400);
    expect(box.width).toBeLessThanOrEqual(viewport.width);

    // Pay is reachable by scrolling the merchant page only, and is inside the frame's box.
    await pay.scrollIntoViewIfNeeded();
    const payBox = (await pay.boundingBox())!;
    const frameBox = (await iframe.boundingBox())!;
    expect(payBox.y).toBeGreaterThanOrEqual(frameBox.y);
    expect(payBox.y + payBox.height).toBeLessThanOrEqual(frameBox.y + frameBox.height);
    expect(await inner.evaluate(() => window.scrollY)).toBe(0);

    // The page follows its content: the summary toggle on a phone, or the payer's errors, change the height.
    const before = frameBox.height;
    await frame.getByLabel('Name').fill('');
    await pay.click();
    await expect(frame.getByText('Required').first()).toBeVisible();
    await expect.poll(async () => (await iframe.boundingBox())!.height).toBeGreaterThan(before);
    await expect
      .poll(async () => inner.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
      .toBeLessThanOrEqual(1);

    await page.screenshot({ path: info.outputPath(`embed-demo-${viewport.width}.png`), fullPage: true });
  });
}

test("/embed-demo's header takes the page's theme (no host.js there: host-prefs.js gives it)", async ({ page }) => {
  await page.goto('/embed-demo?theme=dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const header = page.locator('site-header');
  await expect(header).toHaveAttribute('theme', 'dark');
  await expect(header.locator('[part~=header]')).toBeVisible();
  await expect
    .poll(() => header.evaluate((el) => getComputedStyle(el).getPropertyValue('--pay-color-bg').trim()))
    .toBe('#0b1220');
});
