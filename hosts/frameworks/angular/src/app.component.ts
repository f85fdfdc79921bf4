import { Component, signal } from '@angular/core';
import type { PayCheckoutEventMap, SiteHeaderEventMap } from 'blocklet-pay-elements';
import { PayCheckoutDirective, SiteHeaderDirective } from 'blocklet-pay-elements/angular';

type Locale = 'en' | 'zh';
type Theme = 'light' | 'dark' | 'auto';

@Component({
  selector: 'app-root',
  // The package's directives for <pay-checkout> and <site-header>: typed inputs (a misspelt binding or a wrong value
  // fails ngc with strictTemplates: npm run hosts:typecheck) and typed events, instead of CUSTOM_ELEMENTS_SCHEMA.
  imports: [PayCheckoutDirective, SiteHeaderDirective],
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
  // `$event` is the element's CustomEvent, typed by the directives' outputs.
  onComplete(event: PayCheckoutEventMap['pay-complete']) {
    const { invoiceId, checkoutSessionId } = event.detail;
    this.paid.set(invoiceId ?? checkoutSessionId);
  }
  onHeaderLocale(event: SiteHeaderEventMap['header-locale-change']) {
    this.setLocale(event.detail.locale);
  }
  onHeaderTheme(event: SiteHeaderEventMap['header-theme-change']) {
    this.theme.set(event.detail.theme);
  }
}
