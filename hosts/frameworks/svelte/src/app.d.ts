// Template types of the elements for svelte-check: attributes, object properties and `onpay-…` handlers.
import type {} from 'blocklet-pay-elements/svelte';

export {};
