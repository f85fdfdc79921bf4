// The @web/test-runner launchers for WebKit and Firefox (tests/support/engines.mjs says how each is driven). No
// published launcher starts WebKitGTK here (engines.md), so this one drives one MiniBrowser session, a test file at a
// time, and answers the runner's commands (sendKeys, setViewport) through the puppeteer-shaped page of engines.mjs.
import { launchFirefox, launchWebKit, patchFirefoxPage } from './engines.mjs';

/**
 * What both launchers share: a test file at a time (concurrency 1), each file a session whose page answers the
 * runner's commands. The runner's commands (sendKeys, setViewport, emulateMedia) pick their implementation by `type`
 * and call puppeteer's page API on getPage(): puppeteer itself for Firefox, engines.mjs over WebDriver for WebKit.
 */
class FileAtATimeLauncher {
  type = 'puppeteer';
  concurrency = 1;
  /** sessionId → { page, … } of the files running now. */
  sessions = new Map();

  isActive(sessionId) {
    return this.sessions.has(sessionId);
  }

  getPage(sessionId) {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No page for session ${sessionId}`);
    return session.page;
  }

  async startDebugSession() {
    throw new Error(`${this.name}: no debug session here (headless, or under Xvfb)`);
  }
}

class WebKitLauncher extends FileAtATimeLauncher {
  name = 'WebKit';
  #webkit = null;
  #starting = null;

  async #browser() {
    if (this.#webkit) return this.#webkit;
    this.#starting ??= launchWebKit({ compositing: false }); // no screenshots here: engines.mjs
    this.#webkit = await this.#starting;
    return this.#webkit;
  }

  async startSession(sessionId, url) {
    const webkit = await this.#browser();
    this.sessions.set(sessionId, { page: webkit.page });
    await webkit.page.setViewport({ width: 800, height: 600 }); // what the runner gives every other engine
    await webkit.driver.get(url);
  }

  async getBrowserUrl() {
    return this.#webkit ? this.#webkit.driver.getCurrentUrl() : undefined;
  }

  async stopSession(sessionId) {
    this.sessions.delete(sessionId);
    const driver = this.#webkit?.driver;
    if (!driver) return {};
    // Forget this file's cookies and storage (a plan chosen in sessionStorage came back in the next file's pricing
    // table), as the runner's fresh page per file does for Chromium; then leave the test page so its timers and
    // sockets stop before the next file.
    await driver.executeScript('localStorage.clear(); sessionStorage.clear();').catch(() => {});
    await driver
      .manage()
      .deleteAllCookies()
      .catch(() => {});
    await driver.get('about:blank');
    return {};
  }

  async stop() {
    await this.#webkit?.close();
    this.#webkit = null;
  }
}

export const webkitLauncher = () => new WebKitLauncher();

/**
 * Firefox (Debian's firefox-esr over WebDriver BiDi, puppeteer-core): a test file at a time, each in a tab of a fresh
 * browser context (no cookies or storage from the file before, as the runner gives Chromium). A new tab also has the
 * window's focus, which the first tab never gets here: an unfocused page moves document.activeElement on focus() but
 * fires no focus events and matches no :focus, which the dialogs' focus handling and the tests' checks rely on.
 */
class FirefoxLauncher extends FileAtATimeLauncher {
  name = 'Firefox';
  #browser = null;
  #starting = null;

  async #start() {
    this.#starting ??= launchFirefox({ width: 800, height: 600 }).then((browser) => (this.#browser = browser));
    return this.#starting;
  }

  async startSession(sessionId, url) {
    const browser = await this.#start();
    const context = await browser.createBrowserContext();
    const page = patchFirefoxPage(await context.newPage());
    this.sessions.set(sessionId, { context, page });
    await page.setViewport({ width: 800, height: 600 });
    await page.goto(url);
  }

  async getBrowserUrl(sessionId) {
    return this.sessions.get(sessionId)?.page.url();
  }

  async stopSession(sessionId) {
    const session = this.sessions.get(sessionId);
    this.sessions.delete(sessionId);
    await session?.context.close().catch(() => {});
    return {};
  }

  async stop() {
    await this.#browser?.close();
    this.#browser = null;
    this.#starting = null;
  }
}

export const firefoxLauncher = () => new FirefoxLauncher();
