// The @web/test-runner launcher for WebKit (tests/support/engines.mjs says how it is driven). No published launcher
// starts WebKitGTK here (engines.md), so this one drives one MiniBrowser session, a test file at a time, and answers
// the runner's commands (sendKeys, setViewport) through the puppeteer-shaped page of engines.mjs. Firefox has no
// launcher here: web-test-runner.config.mjs says why.
import { launchWebKit } from './engines.mjs';

class WebKitLauncher {
  name = 'WebKit';
  // The runner's commands (sendKeys, setViewport, emulateMedia) pick their implementation by this type and call
  // puppeteer's page API on getPage(): engines.mjs answers those calls over WebDriver.
  type = 'puppeteer';
  concurrency = 1;
  #webkit = null;
  #starting = null;
  #active = new Map();

  async #browser() {
    if (this.#webkit) return this.#webkit;
    this.#starting ??= launchWebKit();
    this.#webkit = await this.#starting;
    return this.#webkit;
  }

  async startSession(sessionId, url) {
    const webkit = await this.#browser();
    this.#active.set(sessionId, url);
    await webkit.page.setViewport({ width: 800, height: 600 }); // what the runner gives every other engine
    await webkit.driver.get(url);
  }

  isActive(sessionId) {
    return this.#active.has(sessionId);
  }

  async getBrowserUrl() {
    return this.#webkit ? this.#webkit.driver.getCurrentUrl() : undefined;
  }

  getPage(sessionId) {
    if (!this.#active.has(sessionId) || !this.#webkit) throw new Error(`No page for session ${sessionId}`);
    return this.#webkit.page;
  }

  async stopSession(sessionId) {
    this.#active.delete(sessionId);
    // Leave the test page so its timers and sockets stop before the next file.
    await this.#webkit?.driver.get('about:blank');
    return {};
  }

  async startDebugSession() {
    throw new Error('WebKit: no debug session here (MiniBrowser runs under Xvfb)');
  }

  async stop() {
    await this.#webkit?.close();
    this.#webkit = null;
  }
}

export const webkitLauncher = () => new WebKitLauncher();
