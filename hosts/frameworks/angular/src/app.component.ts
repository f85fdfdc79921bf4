import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import type { PayCheckoutEventMap, SiteHeaderEventMap } from 'blocklet-pay-elements';

type Locale = 'en' | 'zh';
type Theme = 'light' | 'dark' | 'auto';

@Component({
  selector: 'app-root',
  // <pay-checkout> and <site-header> are custom elements: Angular binds to them without knowing them.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <site-header
      [locale]="locale()"
      [theme]="theme()"
      (header-locale-change)="onHeaderLocale($event)"
      (header-theme-change)="onHeaderTheme($event)"
    ></site-header>
    <main>
      <h1>Angular {{ locale() === 'zh' ? '示例' : 'example' }}</h1>
      <p class="controls">
        <label>Language
          <select #lang [value]="locale()" (change)="setLocale(lang.value)">
            <option value="en">English</option>
            <option value="zh">中文</option>
          </select>
        </label>
        <label>Theme
          <select #th [value]="theme()" (change)="setTheme(th.value)">
            <option value="light">Light</option>
            <option value="dark">Dark</option>
            <option value="auto">Auto</option>
          </select>
        </label>
      </p>
      @if (paid()) {
        <p role="status">Angular received pay-complete: {{ paid() }}</p>
      }
      <!-- Objects by property binding: [extra-params] or [extraParams] (never [attr.extra-params], which writes "[object Object]"). -->
      <pay-checkout
        checkout-id="plink_sandbox_onetime"
        base-url="/payment/"
        [locale]="locale()"
        [theme]="theme()"
        [extra-params]="extraParams"
        (pay-complete)="onComplete($event)"
      ></pay-checkout>
    </main>
  `,
})
export class AppComponent {
  readonly locale = signal<Locale>('en');
  readonly theme = signal<Theme>('light');
  readonly paid = signal<string | null>(null);
  readonly extraParams = { currencyId: 'pc_sandbox_base_usdc' }; // query parameters for starting the link's session: pay in USDC

  setLocale(value: string) {
    this.locale.set(value === 'zh' ? 'zh' : 'en');
  }
  setTheme(value: string) {
    this.theme.set(value === 'dark' || value === 'auto' ? value : 'light');
  }
  // CUSTOM_ELEMENTS_SCHEMA leaves these templates unchecked: the handlers type the events from the package's maps.
  onComplete(event: Event) {
    const { invoiceId, checkoutSessionId } = (event as PayCheckoutEventMap['pay-complete']).detail;
    this.paid.set(invoiceId ?? checkoutSessionId);
  }
  onHeaderLocale(event: Event) {
    this.setLocale((event as SiteHeaderEventMap['header-locale-change']).detail.locale);
  }
  onHeaderTheme(event: Event) {
    this.theme.set((event as SiteHeaderEventMap['header-theme-change']).detail.theme);
  }
}
