// The Chromium of every test browser and its command-line switches, driven by Playwright in the flows
// (playwright.config.ts) and in the browser tests (web-test-runner.config.mjs).
//
// The binary is Debian's chromium-headless-shell (Blink and V8 of the same Chromium release as the chromium
// package, without the browser's windows, profile and UI; the build Playwright itself uses for headless runs).
// Measured on the checkout and portal flows (32 tests, 2 workers): Chromium's processes used 177 s of CPU with
// /usr/bin/chromium, 122 s with the shell; the whole run 255 s and 199 s. CHROMIUM_PATH picks another binary (e.g.
// /usr/bin/chromium, to watch a flow in the full browser). npm run bench keeps the full browser: it measures what
// payers get.
//
// The full browser's headless mode (CHROMIUM_PATH=/usr/bin/chromium) opens real browser windows, and each window preloads the WebUI omnibox popups
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

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

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
