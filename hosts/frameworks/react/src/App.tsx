import { useState } from 'react';
// Import the elements before the first render, so that React 19 sets `extra-params` as a property.
import 'blocklet-pay-elements/pay-checkout';
import 'blocklet-pay-elements/site-header';
// The elements' JSX types: attributes, object properties, `onpay-…` handlers (once in the app).
import type {} from 'blocklet-pay-elements/react';

type Locale = 'en' | 'zh';
type Theme = 'light' | 'dark' | 'auto';

// Objects go to the element as properties: it has one named `extra-params` (and `extraParams`), so React 19 sets it.
const extraParams = { currencyId: 'pc_sandbox_base_usdc' }; // query parameters for starting the link's session: pay in USDC

export function App() {
  const [locale, setLocale] = useState<Locale>('en');
  const [theme, setTheme] = useState<Theme>('light');
  const [paid, setPaid] = useState<string | null>(null);

  return (
    <>
      <site-header
        locale={locale}
        theme={theme}
        onheader-locale-change={(e) => setLocale(e.detail.locale === 'zh' ? 'zh' : 'en')}
        onheader-theme-change={(e) => setTheme(e.detail.theme)}
      />
      <main>
        <h1>React {locale === 'zh' ? '示例' : 'example'}</h1>
        <p className="controls">
          <label>
            Language{' '}
            <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
              <option value="en">English</option>
              <option value="zh">中文</option>
            </select>
          </label>
          <label>
            Theme{' '}
            <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
              <option value="auto">Auto</option>
            </select>
          </label>
        </p>
        {paid && <p role="status">React received pay-complete: {paid}</p>}
        <pay-checkout
          checkout-id="plink_sandbox_onetime"
          base-url="/payment/"
          locale={locale}
          theme={theme}
          extra-params={extraParams}
          onpay-complete={(e) => setPaid(e.detail.invoiceId ?? e.detail.checkoutSessionId)}
        />
      </main>
    </>
  );
}
