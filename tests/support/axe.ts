/**
 * The rules every axe check of the product runs: WCAG 2.2 AA (2.0, 2.1 and 2.2, levels A and AA). The element tests
 * (tests/browser/helpers.ts) add axe's best practices; the Playwright flows (tests/e2e/support.ts) and the Firefox
 * and WebKit journeys (tests/engines/browser.ts) run these.
 */
export const AXE_WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
