/**
 * Every billing reason of spec §4 and every invoice / credit grant status has its own text in English and Chinese
 * (the keys are built at run time, so the literal-key check of locales.test.ts cannot see them), and the realtime
 * refresh keeps the spec's timing (§9). The tables' page sizes and search debounce are shown by what the portal does
 * in tests/browser/portal.test.ts.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BILLING_REASONS, billingReasonKey, CREDIT_GRANT_STATUSES } from '../../src/core/billing.ts';
import { createRefreshScheduler } from '../../src/core/refresh.ts';

const root = resolve(import.meta.dirname, '../..');
const locales = {
  en: JSON.parse(readFileSync(resolve(root, 'locales/en.json'), 'utf8')),
  zh: JSON.parse(readFileSync(resolve(root, 'locales/zh.json'), 'utf8')),
};
const get = (tree: Record<string, unknown>, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), tree);

describe('portal texts (spec §4)', () => {
  it('all 15 billing reasons have their own text in en and zh', () => {
    expect([...BILLING_REASONS].sort()).toEqual([
      'auto_recharge',
      'manual',
      'overdraft_protection',
      'recharge',
      'return_stake',
      'slash_stake',
      'stake',
      'stake_overdraft_protection',
      'subscription_cancel',
      'subscription_create',
      'subscription_cycle',
      'subscription_recover',
      'subscription_threshold',
      'subscription_update',
      'upcoming',
    ]);
    for (const lang of ['en', 'zh'] as const) {
      const texts = BILLING_REASONS.map((r) => get(locales[lang], billingReasonKey(r)));
      for (const [i, text] of texts.entries())
        expect(typeof text === 'string' && text.trim().length > 0, `${lang} ${BILLING_REASONS[i]}`).toBe(true);
      expect(new Set(texts).size, `${lang}: no two reasons share a text`).toBe(BILLING_REASONS.length);
      expect(texts, `${lang}: no reason falls back to "Other"`).not.toContain(
        get(locales[lang], 'portal.billingReason.unknown'),
      );
    }
  });

  it('every invoice status and credit grant status has a text in en and zh', () => {
    for (const lang of ['en', 'zh'] as const) {
      for (const s of ['paid', 'open', 'uncollectible', 'draft', 'void'])
        expect(get(locales[lang], `portal.invoiceStatus.${s}`), `${lang} invoice ${s}`).toEqual(expect.any(String));
      for (const s of CREDIT_GRANT_STATUSES)
        expect(get(locales[lang], `portal.creditStatus.${s}`), `${lang} grant ${s}`).toEqual(expect.any(String));
    }
  });
});

describe('portal timing (spec §9)', () => {
  afterEach(() => vi.useRealTimers());

  it('the realtime refresh runs 1 s after the last invoice.paid, and at most 5 s after the first of a steady stream', () => {
    vi.useFakeTimers();
    let runs = 0;
    const s = createRefreshScheduler(() => runs++); // the defaults, as useOverduePayment uses it
    s.trigger();
    vi.advanceTimersByTime(999);
    expect(runs).toBe(0);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(1);
    // An event every 800 ms never goes quiet for 1 s: it still runs 5 s after the first one.
    s.trigger();
    for (let t = 800; t < 5000; t += 800) {
      vi.advanceTimersByTime(800);
      s.trigger();
    }
    expect(runs).toBe(1);
    vi.advanceTimersByTime(5000 - 4800 - 1);
    expect(runs).toBe(1);
    vi.advanceTimersByTime(1);
    expect(runs).toBe(2);
    s.cancel();
  });
});
