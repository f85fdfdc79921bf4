import '../../elements/pay-portal.ts';
import { $, $$, activeDeep, cleanup, equal, expectNoAxeViolations, mount, ok, sendKeys, setViewport, shadowText, stub, waitFor } from './helpers.ts';

const portal = (attrs = '') =>
  mount(`<pay-portal base-url="/payment/" ${attrs.includes('locale=') ? '' : 'locale="en"'} ${attrs.includes('theme=') ? '' : 'theme="light"'} ${attrs}></pay-portal>`)
    .firstElementChild as HTMLElement;
const rows = (el: HTMLElement) => $$(el, '[part~=invoice-row]');

beforeEach(async () => {
  await stub({ signedIn: true });
  await setViewport({ width: 1280, height: 800 });
});
afterEach(cleanup);

describe('<pay-portal>', () => {
  it("asks signed-out visitors to sign in ('Login to access this page')", async () => {
    await stub({ signedIn: false });
    const el = portal();
    await waitFor(() => shadowText(el).includes('Login to access this page'));
    const signIn = [...el.shadowRoot!.querySelectorAll('a')].find((a) => a.textContent === 'Sign in');
    ok(signIn?.href.includes('redirect='), 'the sign-in link comes back here');
  });

  it('lists invoices 10 per page with status tones and billing reasons, and pages through them', async () => {
    const el = portal();
    await waitFor(() => rows(el).length === 10, { timeout: 5000 });
    const first = rows(el)[0]!;
    ok(first.textContent?.includes('SBX-0001'));
    ok(first.textContent?.includes('10.5 TBA'), first.textContent ?? '');
    ok(first.textContent?.includes('Paid'));
    ok(first.textContent?.includes('One-time purchase'));
    const chips = $$(el, '[part~=chip]').map((c) => [c.textContent, c.dataset.tone]);
    equal(JSON.stringify(chips.slice(0, 5)), JSON.stringify([['Paid', 'success'], ['Open', 'secondary'], ['Uncollectible', 'warning'], ['Void', 'default'], ['Draft', 'default']]));
    ok(shadowText(el).includes('1–10 of 23'));
    const next = $<HTMLButtonElement>(el, 'button[aria-label="Next page"]')!;
    next.click();
    await waitFor(() => shadowText(el).includes('11–20 of 23'));
    next.click();
    await waitFor(() => rows(el).length === 3);
    ok(next.disabled, 'next is disabled on the last page');
    const select = $<HTMLSelectElement>(el, '[part~=pagination] select')!;
    equal([...select.options].map((o) => o.value).join(','), '5,10,20,50,100');
    select.value = '50';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => rows(el).length === 23);
  });

  it('shows 5 rows per page below md', async () => {
    await setViewport({ width: 390, height: 800 });
    const el = portal();
    await waitFor(() => rows(el).length === 5, { timeout: 5000 });
  });

  it('links each invoice, telling the host with a cancelable pay-navigate', async () => {
    const el = portal();
    await waitFor(() => rows(el).length > 0, { timeout: 5000 });
    const seen: CustomEvent[] = [];
    document.addEventListener('pay-navigate', (e) => {
      seen.push(e as CustomEvent);
      e.preventDefault();
    }, { once: true });
    const link = rows(el)[0]!.querySelector('a')!;
    equal(new URL(link.href).pathname, '/customer/invoice/in_0000');
    link.click();
    equal(seen.length, 1);
    equal(seen[0]!.detail.path, '/customer/invoice/in_0000');
    ok(seen[0]!.composed && seen[0]!.bubbles);
  });

  it('shows an invoice: number, status, reason, amounts, items and the transaction with its explorer link', async () => {
    const el = portal('view="invoice" resource-id="in_0001"');
    await waitFor(() => $(el, '[part~=invoice-total]'), { timeout: 5000 });
    const text = shadowText(el);
    ok(text.includes('Invoice SBX-0002'));
    ok(text.includes('Open'));
    ok(text.includes('Subscription created'));
    equal($(el, '[part~=invoice-total]')?.textContent, '11.5 TBA');
    ok($(el, '[part~=pay]'), 'an open invoice can be paid');
    const tx = $(el, '[part~=transaction] a') as HTMLAnchorElement;
    equal(tx.href, 'https://explorer.example/tx/0xabc1def');
    equal(tx.target, '_blank');
  });

  it('carries the referer to the past-due page; dashboard mode adds the admin links', async () => {
    const el = portal('view="invoice" resource-id="in_0001" referer="https://shop.example/a?b=1" dashboard');
    const pay = await waitFor(() => $<HTMLAnchorElement>(el, 'a[part~=pay]'), { timeout: 5000 });
    const url = new URL(pay.href);
    equal(url.pathname, '/customer/invoice/past-due');
    equal(url.searchParams.get('referer'), 'https://shop.example/a?b=1');
    const admin = $$<HTMLAnchorElement>(el, '[part~=admin-links] a').map((a) => new URL(a.href).pathname);
    equal(admin.join(' '), '/admin/billing/in_0001 /admin/customers/cus_1');
    cleanup();
    const plain = portal('view="invoice" resource-id="in_0001"');
    await waitFor(() => $(plain, 'a[part~=pay]'), { timeout: 5000 });
    ok(!$(plain, '[part~=admin-links]'), 'no admin links outside dashboard mode');
  });

  it('tells the host when a view fails to load (pay-error) and offers Retry', async () => {
    await stub({ signedIn: true, portal: { fails: 503 } });
    const el = portal();
    const seen: CustomEvent[] = [];
    el.addEventListener('pay-error', (e) => seen.push(e as CustomEvent));
    await waitFor(() => shadowText(el).includes('Portal is down'), { timeout: 5000 });
    equal(seen.length, 1);
    equal(seen[0]!.detail.status, 503);
    await stub({ signedIn: true });
    [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
    await waitFor(() => rows(el).length === 10, { timeout: 5000 });
  });

  it('says a void invoice needs no payment; speaks Chinese', async () => {
    const el = portal('view="invoice" resource-id="in_0003" locale="zh"');
    await waitFor(() => shadowText(el).includes('此账单无需支付。'), { timeout: 5000 });
    ok(shadowText(el).includes('已作废'));
    ok(shadowText(el).includes('质押'));
    equal($(el, '[part~=invoice-total]')?.textContent, '13.5 TBA');
    ok(!$(el, '[part~=pay]'));
  });

  it("refuses another customer's invoice and says when one does not exist", async () => {
    const el = portal('view="invoice" resource-id="in_other"');
    await waitFor(() => $(el, '[part~=forbidden]'), { timeout: 5000 });
    ok(shadowText(el).includes("You don't have access to this page"));
    ok(!shadowText(el).includes('TBA'));
    cleanup();
    const missing = portal('view="invoice" resource-id="in_9999"');
    await waitFor(() => shadowText(missing).includes('Not found'), { timeout: 5000 });
  });

  it("past-due lists what is due, or says 'Nothing to pay'", async () => {
    const el = portal('view="past-due"');
    await waitFor(() => rows(el).length > 0, { timeout: 5000 });
    ok(rows(el).every((r) => /Open|Uncollectible/.test(r.textContent ?? '')));
    cleanup();
    await stub({ signedIn: true, portal: { count: 1 } });
    const none = portal('view="past-due"');
    await waitFor(() => shadowText(none).includes('Nothing to pay'), { timeout: 5000 });
  });

  it('has no axe violations, light and dark', async () => {
    const list = portal();
    await waitFor(() => rows(list).length === 10, { timeout: 5000 });
    await expectNoAxeViolations(list);
    cleanup();
    const detail = portal('view="invoice" resource-id="in_0000" theme="dark"');
    await waitFor(() => $(detail, '[part~=invoice-total]'), { timeout: 5000 });
    await expectNoAxeViolations(detail);
  });
});

describe('<pay-portal> subscriptions', () => {
  const subRows = (el: HTMLElement) => $$(el, '[part~=subscription-row]');
  const button = (el: HTMLElement, text: string) => [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === text) as HTMLButtonElement | undefined;

  it('lists the subscriptions in a tab of the overview (arrow keys switch tabs), each with what happens next', async () => {
    const el = portal('view="subscriptions"');
    await waitFor(() => subRows(el).length === 4, { timeout: 5000 });
    const text = subRows(el).map((r) => r.textContent).join('|');
    ok(text.includes('Sandbox Team') && text.includes('Renews on Dec 15, 2026 for 10 TBA'), text);
    ok(text.includes('Trial ends on Nov 26, 2026, then 3 TBA'), text);
    ok(text.includes('Cancels on Dec 15, 2026'), text);
    equal(new URL(subRows(el)[0]!.querySelector('a')!.href).pathname, '/customer/subscription/sub_active');
    const tabs = $$(el, '[role=tab]');
    equal(tabs.map((t) => t.getAttribute('aria-selected')).join(','), 'true,false');
    tabs[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => rows(el).length === 10, { timeout: 5000 });
    equal(activeDeep(), tabs[1]);
    cleanup();
    await stub({ signedIn: true, portal: { subscriptions: false } });
    const none = portal('view="subscriptions"');
    await waitFor(() => shadowText(none).includes('No subscriptions yet'), { timeout: 5000 });
  });

  it('shows a subscription: status, items, next renewal amount without metered items, payment method', async () => {
    const el = portal('view="subscription" resource-id="sub_active"');
    await waitFor(() => $(el, '[part~=renewal-amount]'), { timeout: 5000 });
    const text = shadowText(el);
    ok(text.includes('Sandbox Team') && text.includes('Active'), text);
    equal($(el, '[part~=renewal-amount]')!.textContent, '10 TBA');
    equal($(el, '[part~=subscription-next]')!.textContent, 'Renews on Dec 15, 2026 for 10 TBA');
    const items = $$(el, '[part~=subscription-item]').map((i) => i.textContent);
    ok(items[0]!.includes('Sandbox Team × 2') && items[0]!.includes('10 TBA per month'), items[0]);
    ok(items[1]!.includes('Billed by usage'), items[1]);
    ok(text.includes('ArcBlock (TBA)'));
  });

  it('cancels a paid subscription with feedback: it stays until the period end; focus returns to the page', async () => {
    const el = portal('view="subscription" resource-id="sub_active"');
    const cancel = await waitFor(() => button(el, 'Cancel subscription'), { timeout: 5000 });
    cancel.focus();
    cancel.click();
    const dialog = await waitFor(() => $(el, 'dialog[open]'));
    ok(dialog.textContent?.includes('stays active until Dec 15, 2026'), dialog.textContent ?? '');
    await expectNoAxeViolations(el);
    const radio = [...dialog.querySelectorAll<HTMLInputElement>('input[type=radio]')].find((r) => r.value === 'too_expensive')!;
    radio.click();
    const area = dialog.querySelector('textarea')!;
    area.value = 'Too pricey for us';
    area.dispatchEvent(new Event('input', { bubbles: true }));
    ($(el, '[part~=confirm-cancel]') as HTMLButtonElement).click();
    await waitFor(() => shadowText(el).includes('Cancels on Dec 15, 2026') && !$(el, 'dialog[open]'), { timeout: 5000 });
    ok(shadowText(el).includes('The subscription will end on Dec 15, 2026.'), 'a success toast');
    ok(button(el, 'Resume subscription'), 'a scheduled cancellation can be resumed');
  });

  it('cancelling a trial ends it at once', async () => {
    const el = portal('view="subscription" resource-id="sub_trial"');
    (await waitFor(() => button(el, 'Cancel subscription'), { timeout: 5000 })).click();
    const dialog = await waitFor(() => $(el, 'dialog[open]'));
    ok(dialog.textContent?.includes('Your trial ends immediately'));
    ($(el, '[part~=confirm-cancel]') as HTMLButtonElement).click();
    await waitFor(() => shadowText(el).includes('Canceled') && shadowText(el).includes('Ended on'), { timeout: 5000 });
    ok(!button(el, 'Cancel subscription') && !button(el, 'Resume subscription'));
  });

  it("resumes a subscription; 'Failed to renew the subscription' on failure; a revoked stake asks for a new one", async () => {
    await stub({ signedIn: true, portal: { recoverFails: true } });
    const failing = portal('view="subscription" resource-id="sub_ending"');
    (await waitFor(() => button(failing, 'Resume subscription'), { timeout: 5000 })).click();
    await waitFor(() => shadowText(failing).includes('Failed to renew the subscription'), { timeout: 5000 });
    ok($(failing, '[role=alert]'), 'the error is announced');
    cleanup();
    await stub({ signedIn: true });
    const el = portal('view="subscription" resource-id="sub_ending"');
    (await waitFor(() => button(el, 'Resume subscription'), { timeout: 5000 })).click();
    await waitFor(() => button(el, 'Cancel subscription') && shadowText(el).includes('Renews on'), { timeout: 5000 });
    cleanup();
    const staked = portal('view="subscription" resource-id="sub_stake"');
    await waitFor(() => shadowText(staked).includes('A new stake is required'), { timeout: 5000 });
    await expectNoAxeViolations(staked);
  });

  it('subscription screens have no axe violations in dark mode and speak Chinese', async () => {
    const el = portal('view="subscription" resource-id="sub_active" theme="dark" locale="zh"');
    await waitFor(() => shadowText(el).includes('下次续费金额'), { timeout: 5000 });
    await expectNoAxeViolations(el);
    cleanup();
    const list = portal('view="subscriptions" theme="dark"');
    await waitFor(() => subRows(list).length === 4, { timeout: 5000 });
    await expectNoAxeViolations(list);
  });
});
