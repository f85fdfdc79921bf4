// Angular template type test: the elements through the package's directives (blocklet-pay-elements/angular), as
// ngc with strictTemplates sees them (type-tests/angular-check.mjs). The element after each expect-error comment
// must be an error, and nothing else may be.
import { Component } from '@angular/core';
import type { PayCheckoutEventMap, SiteHeaderEventMap } from 'blocklet-pay-elements';
import {
  PAY_ELEMENTS_DIRECTIVES,
  PayCheckoutDirective,
  PayPortalDirective,
  SiteHeaderDirective,
} from 'blocklet-pay-elements/angular';

@Component({
  selector: 'app-right',
  imports: [PayCheckoutDirective, PayPortalDirective, SiteHeaderDirective],
  template: `
    <pay-checkout checkout-id="plink_1" mode="minimal" theme="dark" livemode [extra-params]="params" (pay-complete)="onComplete($event)" (pay-error)="error = $event.detail.message"></pay-checkout>
    <pay-checkout [checkoutId]="id" [mode]="mode" [extraParams]="params" [livemode]="false" [hidden]="!id" title="Checkout"></pay-checkout>
    <pay-checkout extra-params='{"qty": 2}' [donation-settings]="{ amount: { presets: ['1', '5'] } }"></pay-checkout>
    <pay-portal view="invoice" [resource-id]="id" dashboard (pay-navigate)="$event.preventDefault()"></pay-portal>
    <site-header [meta]="{ appName: 'Demo' }" show-domain-warning="false" [locale]="locale" (header-theme-change)="onTheme($event)"></site-header>
  `,
})
export class Right {
  id = 'cs_1';
  mode: 'standard' | 'minimal' = 'standard';
  locale: 'en' | 'zh' = 'zh';
  params = { qty: 2 };
  error = '';
  onComplete(e: PayCheckoutEventMap['pay-complete']) {
    return e.detail.invoiceId;
  }
  onTheme(e: SiteHeaderEventMap['header-theme-change']) {
    return e.detail.theme;
  }
}

@Component({
  selector: 'app-mistakes',
  imports: [PAY_ELEMENTS_DIRECTIVES],
  template: `
    <!-- expect-error: a misspelt attribute (bound) -->
    <pay-checkout [chekout-id]="'plink_1'"></pay-checkout>
    <!-- expect-error: a misspelt property -->
    <pay-checkout [checkoutID]="'plink_1'"></pay-checkout>
    <!-- expect-error: not a checkout mode -->
    <pay-checkout mode="fullscreen"></pay-checkout>
    <!-- expect-error: not a theme (bound) -->
    <pay-checkout [theme]="'purple'"></pay-checkout>
    <!-- expect-error: not a portal view -->
    <pay-portal view="everything"></pay-portal>
    <!-- expect-error: the handler takes the header's theme event, not pay-complete -->
    <pay-checkout (pay-complete)="onTheme($event)"></pay-checkout>
    <!-- expect-error: pay-complete's detail has no amount -->
    <pay-checkout (pay-complete)="seen = $event.detail.amount"></pay-checkout>
    <!-- expect-error: extra-params takes an object of strings, numbers and booleans -->
    <pay-checkout [extra-params]="{ qty: [2] }"></pay-checkout>
    <!-- expect-error: meta is an object (or its JSON text), not a number -->
    <site-header [meta]="42"></site-header>
    <!-- expect-error: a boolean property takes a boolean -->
    <site-header [cookieConsent]="'yes'"></site-header>
  `,
})
export class Mistakes {
  seen: unknown;
  onTheme(e: SiteHeaderEventMap['header-theme-change']) {
    return e.detail.theme;
  }
}
