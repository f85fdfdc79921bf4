/**
 * npm run sandbox:logos — renders the sandbox's currency and method logos (hosts/server/payment/data/logo-specs.ts) to
 * 64 px PNG files in hosts/server/payment/data/logos with Chromium (/usr/bin/chromium, or CHROMIUM_PATH). Run it after
 * changing a spec and commit the PNGs.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright';
import { LOGO_SPECS, logoSvg } from '../hosts/server/payment/data/logo-specs.ts';

const out = resolve(import.meta.dirname, '../hosts/server/payment/data/logos');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 64, height: 64 }, deviceScaleFactor: 1 });
  for (const [name, spec] of Object.entries(LOGO_SPECS)) {
    await page.setContent(`<body style="margin:0;background:transparent">${logoSvg(spec)}</body>`);
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(join(out, `${name}.png`), png);
    console.log(`${name}.png ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
