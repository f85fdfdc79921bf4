/**
 * Server rendering: importing any element module in Node (no DOM) throws nothing, defines nothing and adds no
 * globals. (The built entries get the same test after the build: tests/package/ssr.test.ts.)
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = resolve(import.meta.dirname, '../../elements');
const entries = readdirSync(dir).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.includes('.meta.') && !f.startsWith('_'),
);

describe('element modules in Node', () => {
  it('has no DOM here (the premise of the test)', () => {
    expect(typeof (globalThis as { customElements?: unknown }).customElements).toBe('undefined');
    expect(typeof (globalThis as { HTMLElement?: unknown }).HTMLElement).toBe('undefined');
    expect(entries).toEqual(
      expect.arrayContaining([
        'define-all.ts',
        'pay-checkout.ts',
        'pay-portal.ts',
        'pay-provider.ts',
        'site-header.ts',
        'blocklet-store.ts',
      ]),
    );
  });

  it.each(entries)('imports %s without throwing, defining or adding globals', async (file) => {
    const before = new Set(Object.getOwnPropertyNames(globalThis));
    const mod = (await import(resolve(dir, file))) as { default?: unknown };
    expect(mod.default).toBeUndefined();
    expect(typeof (globalThis as { customElements?: unknown }).customElements).toBe('undefined');
    const added = Object.getOwnPropertyNames(globalThis).filter((k) => !before.has(k));
    expect(added).toEqual([]);
  });
});
