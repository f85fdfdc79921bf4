// The command-line switches of every test browser: Debian's Chromium driven by Playwright, in the flows
// (playwright.config.ts) and in the browser tests (web-test-runner.config.mjs).
//
// Chromium's headless mode opens real browser windows, and each window preloads the WebUI omnibox popups
// (chrome://omnibox-popup.top-chrome/) in a renderer of its own: page loads the tests never see, in every context a
// test opens. Turning them off took about a sixth of the CPU of a flow run (checkout and portal flows: 85 s of CPU
// with them, 72 s without). Chromium reads only the last --disable-features switch, and Playwright passes its own
// list (features that would break automation: HTTPS upgrades, paint holding, …) before ours, so ours repeats that
// list, read from the installed Playwright, and adds the popups. If a Playwright upgrade moves the list, this throws
// instead of silently dropping it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const OURS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

function playwrightDisabledFeatures() {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const source = readFileSync(join(root, 'lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(source)?.[1];
  const names = [...(list ?? '').matchAll(/^\s*"(\w+)"/gm)].map((m) => m[1]);
  if (!names.includes('HttpsUpgrades')) {
    throw new Error("tests/support/chromium-args.mjs: Playwright's --disable-features list was not found; update it");
  }
  return names;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...playwrightDisabledFeatures(), ...OURS].join(',')}`,
];
