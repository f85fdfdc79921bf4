// Types of engines.mjs (plain JavaScript: web-test-runner.config.mjs imports it as it is).
import type { Browser, Page } from 'puppeteer-core';
import type { WebDriver } from 'selenium-webdriver';

type Size = { width?: number; height?: number };
export function launchFirefox(size?: Size): Promise<Browser>;
export function patchFirefoxPage(page: Page): Page;

/** The puppeteer-page calls the test runner's commands make, answered over WebDriver. */
export type WebKitPage = {
  setViewport(viewport: { width: number; height: number }): Promise<void>;
  keyboard: {
    press(key: string): Promise<void>;
    type(text: string): Promise<void>;
    down(key: string): Promise<void>;
    up(key: string): Promise<void>;
  };
};
export function launchWebKit(
  options?: Size & { /** false: without accelerated compositing (engines.mjs says when) */ compositing?: boolean },
): Promise<{ driver: WebDriver; page: WebKitPage; close(): Promise<void>; kill(): void }>;
