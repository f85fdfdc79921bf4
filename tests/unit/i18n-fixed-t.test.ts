import { describe, expect, it, vi } from 'vitest';
import { createI18n, fixedT } from '../../src/ui/i18n-instance.ts';

const messages = {
  en: { pay: { button: 'Pay', total: 'Total {{amount}}' } },
  load: () => Promise.resolve({ pay: { button: '支付', total: '合计 {{amount}}' } }),
};

describe('fixedT', () => {
  it('answers what i18next answers, with and without options', () => {
    const i18n = createI18n('en', messages);
    const t = fixedT(i18n, 'en');
    expect(t('pay.button')).toBe('Pay');
    expect(t('pay.button')).toBe('Pay');
    expect(t('pay.total', { amount: '9.99 USDC' })).toBe('Total 9.99 USDC');
    expect(t('pay.missing')).toBe('pay.missing');
  });

  it('resolves an option-less key once, and again after the resources change', async () => {
    const i18n = createI18n('zh', messages);
    const t = fixedT(i18n, 'zh');
    const spy = vi.spyOn((i18n as unknown as { translator: { translate: () => unknown } }).translator, 'translate');
    expect(t('pay.button')).toBe('Pay'); // zh not loaded yet: the English fallback
    expect(t('pay.button')).toBe('Pay');
    expect(spy).toHaveBeenCalledTimes(1);
    i18n.addResourceBundle('zh', 'translation', await messages.load(), true, true);
    expect(t('pay.button')).toBe('支付');
    expect(t('pay.total', { amount: '1' })).toBe('合计 1');
  });
});
