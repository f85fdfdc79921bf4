/** Issue 3 "To the host": the checkout's events are declared once and listed in custom-elements.json and the README. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('custom-elements.json', root), 'utf8')) as {
  modules: { declarations: { tagName?: string; events?: { name: string; type: { text: string } }[] }[] }[];
};
const readme = readFileSync(new URL('README.md', root), 'utf8');
const HOST_EVENTS = ['pay-ready', 'pay-change', 'pay-complete', 'pay-error', 'pay-expired', 'pay-cancel'];

describe('<pay-checkout> events for the host', () => {
  const decl = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'pay-checkout');

  it('custom-elements.json lists ready, change, complete (session, invoice, subscription ids), error, expired and cancel', () => {
    const names = (decl?.events ?? []).map((e) => e.name);
    for (const name of HOST_EVENTS) expect(names).toContain(name);
    const complete = decl!.events!.find((e) => e.name === 'pay-complete')!.type.text;
    for (const field of ['checkoutSessionId', 'invoiceId', 'subscriptionId']) expect(complete).toContain(field);
  });

  it('the README table lists each of them', () => {
    for (const name of HOST_EVENTS) expect(readme).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });

  it('the manifest matches the element meta (declared once; npm run manifest regenerates it)', async () => {
    const meta = (await import('../../elements/pay-checkout.meta.ts')) as Record<string, unknown>;
    const declared = Object.values(meta).find(
      (v): v is { events: { name: string }[] } =>
        !!v && typeof v === 'object' && Array.isArray((v as { events?: unknown }).events),
    );
    expect(declared?.events.map((e) => e.name)).toEqual(decl?.events?.map((e) => e.name));
  });
});
