// Template types of the elements for svelte-check: attributes, object properties and `onpay-…` handlers.
import type { HTMLAttributes } from 'svelte/elements';
import type {
  PayElementAttributes,
  PayElementEventMaps,
  PayElementProperties,
  PayElements,
} from 'blocklet-pay-elements';

type Props<T extends keyof PayElements> = HTMLAttributes<PayElements[T]> &
  Omit<PayElementAttributes[T], keyof PayElementProperties[T]> &
  Partial<PayElementProperties[T]> & {
    [K in keyof PayElementEventMaps[T] & string as `on${K}`]?: (event: PayElementEventMaps[T][K]) => void;
  };

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'pay-checkout': Props<'pay-checkout'>;
    'pay-portal': Props<'pay-portal'>;
    'pay-provider': Props<'pay-provider'>;
    'site-header': Props<'site-header'>;
    'blocklet-store': Props<'blocklet-store'>;
  }
}

export {};
