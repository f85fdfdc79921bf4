/**
 * The inline checkout of a chosen plan is a <pay-checkout>. Its module is the element file's to load (rooms do not
 * import elements/ nor each other): elements/pay-pricing-table.ts hands its loader over here, and the screen calls
 * `loadCheckoutElement()` only once a plan is chosen, so the checkout is not part of the table's first paint.
 */
let loader: (() => Promise<unknown>) | undefined;

/** Called by the element file with a dynamic import of elements/pay-checkout.ts. */
export function provideCheckoutElement(load: () => Promise<unknown>): void {
  loader = load;
}

/** Resolves once <pay-checkout> is defined (loading it when a loader was provided, else waiting for the page to). */
export async function loadCheckoutElement(): Promise<void> {
  if (customElements.get('pay-checkout')) return;
  if (loader) await loader();
  await customElements.whenDefined('pay-checkout');
}
