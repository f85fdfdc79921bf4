// Firefox and WebKit on this kind of machine (../shared/reference/engines.md): Debian's firefox-esr driven over
// WebDriver BiDi by puppeteer-core, and WebKitGTK's MiniBrowser driven by WebKitWebDriver (classic WebDriver) through
// selenium-webdriver, on an X display of its own. Playwright drives neither (it needs its own browser builds).
// Used by the element tests (web-test-runner.config.mjs) and the journeys (tests/engines).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { Builder, Key } from 'selenium-webdriver';

// Debian's packages firefox-esr and webkit2gtk-driver (.ci/run and the README's test line install them).
const FIREFOX = '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Launch Firefox (headless) with puppeteer-core over WebDriver BiDi. */
export function launchFirefox(size) {
  return puppeteer.launch(firefoxOptions(size));
}

/** puppeteer's launch options for Firefox here (the test runner's launcher takes them too). */
function firefoxOptions({ width = 1280, height = 900 } = {}) {
  return {
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    args: [`--width=${width}`, `--height=${height}`],
    // No first-run pages, no update or telemetry traffic: this network reaches nothing but the registries.
    extraPrefsFirefox: {
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'app.update.enabled': false,
      'browser.startup.homepage_override.mstone': 'ignore',
    },
  };
}

/**
 * Two gaps between puppeteer over BiDi and what the tests ask (Playwright's API):
 * - setViewport also overrides the screen orientation, which Firefox ESR does not implement
 *   ("emulation.setScreenOrientationOverride: unknown command"); the viewport itself is set first, so that one
 *   failure is dropped and any other rethrown;
 * - keyboard.press takes one key, where Playwright takes a chord ("Shift+Tab"), and names the space bar ' ', where
 *   Playwright names it "Space".
 */
export function patchFirefoxPage(page) {
  const press = page.keyboard.press.bind(page.keyboard);
  page.keyboard.press = async (combo, options) => {
    const keys = combo.length > 1 ? combo.split('+') : [combo];
    const last = keys.pop();
    for (const k of keys) await page.keyboard.down(k);
    await press(last === 'Space' ? ' ' : last, options);
    for (const k of keys.reverse()) await page.keyboard.up(k);
  };
  const setViewport = page.setViewport.bind(page);
  page.setViewport = async (viewport) => {
    try {
      await setViewport(viewport);
    } catch (error) {
      if (!String(error?.message ?? error).includes('setScreenOrientationOverride')) throw error;
    }
  };
  return page;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** An X display for MiniBrowser: the one the process has, else a fresh Xvfb (which picks a free number itself). */
async function display() {
  if (process.env.DISPLAY) return { name: process.env.DISPLAY, stop: () => {} };
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const name = await new Promise((resolve, reject) => {
    let out = '';
    xvfb.stdio[3].on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    xvfb.on('error', reject);
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  return { name, stop: () => xvfb.kill() };
}

const waitForPort = async (port, ms = 20000) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/status`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`WebKitWebDriver did not start on ${port}`);
};

/**
 * MiniBrowser's toolbar (GTK 3 widgets: buttons, the address entry) keeps its window at least 447 px wide, wider than
 * a phone. A user stylesheet for GTK (read from $XDG_CONFIG_HOME/gtk-3.0/gtk.css) shrinks the toolbar's widgets so
 * the window, and so the page's viewport, can be 320 or 390 px. It styles the browser's own widgets only: WebKitGTK
 * draws the page's form controls itself, not with GTK's theme.
 */
function narrowToolbarConfig() {
  const dir = mkdtempSync(join(tmpdir(), 'minibrowser-'));
  mkdirSync(join(dir, 'gtk-3.0'));
  writeFileSync(
    join(dir, 'gtk-3.0', 'gtk.css'),
    'headerbar *, toolbar *, box *, entry, button, label { font-size: 1px; min-width: 0; min-height: 0; padding: 0;' +
      ' margin: 0; border-width: 0; -gtk-icon-transform: scale(0.1); }\n',
  );
  return dir;
}

/**
 * One MiniBrowser session (one per driver process is the safe assumption: engines.md) with an adapter that speaks
 * the puppeteer page calls the test runner's commands make (keyboard, setViewport), so `sendKeys` and `setViewport`
 * work unchanged in WebKit.
 *
 * `compositing: false` runs WebKitGTK without accelerated compositing. This machine has no GPU: composited, WebKitGTK
 * runs on Mesa's software GL (llvmpipe), where any animation costs a core or more. Measured with one turning spinner
 * (`Spinner`, 10 s): 137% of a core composited, 17% without; the portal's element tests 83 s of CPU against 73 s.
 * Layout, style, the top layer and text are WebKit's either way; what differs is how the layers are put on screen,
 * which Safari does on the GPU. The element tests take it. The journeys cannot: without compositing, WebKitWebDriver's
 * screenshot never returns on a page where nothing moves (even `<h1>static</h1>`; WebKitGTK 2.50), and they take one
 * of every screen. WEBKIT_DISABLE_COMPOSITING_MODE in the environment decides over either.
 */
export async function launchWebKit({ width = 1280, height = 900, compositing = true } = {}) {
  const x = await display();
  const port = await freePort();
  const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    stdio: 'ignore',
    env: {
      ...(compositing ? {} : { WEBKIT_DISABLE_COMPOSITING_MODE: '1' }),
      ...process.env,
      DISPLAY: x.name,
      XDG_CONFIG_HOME: narrowToolbarConfig(),
    },
  });
  try {
    await waitForPort(port);
  } catch (error) {
    driverProcess.kill();
    x.stop();
    throw error;
  }
  const driver = await new Builder()
    .usingServer(`http://127.0.0.1:${port}`)
    .withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    })
    .build();
  const page = webkitPage(driver);
  await page.setViewport({ width, height });
  return {
    driver,
    page,
    async close() {
      await driver.quit().catch(() => {});
      driverProcess.kill();
      x.stop();
    },
    /** For a browser that no longer answers: the driver ends, and the display with it takes MiniBrowser down. */
    kill() {
      driverProcess.kill('SIGKILL');
      x.stop();
    },
  };
}

// Playwright/puppeteer key names (what the tests press) to WebDriver keys.
const KEYS = {
  Enter: Key.ENTER,
  Escape: Key.ESCAPE,
  Tab: Key.TAB,
  Backspace: Key.BACK_SPACE,
  Delete: Key.DELETE,
  End: Key.END,
  Home: Key.HOME,
  ArrowDown: Key.ARROW_DOWN,
  ArrowUp: Key.ARROW_UP,
  ArrowLeft: Key.ARROW_LEFT,
  ArrowRight: Key.ARROW_RIGHT,
  PageDown: Key.PAGE_DOWN,
  PageUp: Key.PAGE_UP,
  Space: ' ',
  ' ': ' ',
  Shift: Key.SHIFT,
  Control: Key.CONTROL,
  Alt: Key.ALT,
  Meta: Key.META,
};
const key = (name) => {
  if (name in KEYS) return KEYS[name];
  if ([...name].length === 1) return name;
  throw new Error(`No WebDriver key for ${name}`);
};

/** The puppeteer-page calls the test runner's commands make, on a WebDriver session. */
function webkitPage(driver) {
  let chrome = null; // the window's frame around the viewport, measured once
  const actions = () => driver.actions({ async: true });
  return {
    async setViewport({ width, height }) {
      if (!chrome) {
        const [w, h] = await driver.executeScript('return [outerWidth - innerWidth, outerHeight - innerHeight]');
        chrome = { w: Math.max(0, w), h: Math.max(0, h) };
      }
      let seen = [0, 0];
      // The window manager may settle the size a moment later, and the frame around the page may differ from the
      // first measure: set, wait until the page sees the size, correct by what it sees, once.
      for (let attempt = 0; attempt < 2; attempt++) {
        await driver
          .manage()
          .window()
          .setRect({ width: width + chrome.w, height: height + chrome.h });
        const deadline = Date.now() + 2000;
        while (Date.now() < deadline) {
          seen = await driver.executeScript('return [innerWidth, innerHeight]');
          if (seen[0] === width && seen[1] === height) return;
          await new Promise((r) => setTimeout(r, 50));
        }
        chrome = { w: Math.max(0, chrome.w + width - seen[0]), h: Math.max(0, chrome.h + height - seen[1]) };
      }
      throw new Error(`WebKit: the viewport is ${seen[0]}×${seen[1]}, not ${width}×${height}`);
    },
    keyboard: {
      async press(combo) {
        const parts = combo.split('+');
        const last = parts.pop();
        let chain = actions();
        for (const m of parts) chain = chain.keyDown(key(m));
        chain = chain.keyDown(key(last)).keyUp(key(last));
        for (const m of parts.reverse()) chain = chain.keyUp(key(m));
        await chain.perform();
      },
      async type(text) {
        await actions().sendKeys(text).perform();
      },
      async down(name) {
        await actions().keyDown(key(name)).perform();
      },
      async up(name) {
        await actions().keyUp(key(name)).perform();
      },
    },
    async emulateMediaType() {
      throw new Error('WebKitWebDriver has no media emulation');
    },
    async emulateMediaFeatures() {
      throw new Error('WebKitWebDriver has no media emulation');
    },
  };
}
