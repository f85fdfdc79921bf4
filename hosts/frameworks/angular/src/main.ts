import '@angular/compiler';
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
// Import the elements before bootstrapping, so that `[extraParams]` meets a defined element.
import 'blocklet-pay-elements/pay-checkout';
import 'blocklet-pay-elements/site-header';
import { AppComponent } from './app.component';
import './styles.css';

bootstrapApplication(AppComponent, { providers: [provideZonelessChangeDetection()] }).catch((err: unknown) =>
  console.error(err),
);
