import '../../elements/site-header.ts';
import { isolate } from '../../src/core/bidi.ts';
import {
  $,
  $$,
  activeDeep,
  cleanup,
  deepEqual,
  equal,
  expectNoAxeViolations,
  flushed,
  mount,
  notEqual,
  ok,
  sendKeys,
  setViewport,
  shadowText,
  sleep,
  stub,
  waitFor,
} from './helpers.ts';

const header = (attrs = '') => mount(`<site-header ${attrs}></site-header>`).firstElementChild as HTMLElement;
const ready = (el: HTMLElement) => waitFor(() => $(el, '[part=brand]'), { message: 'header did not render' });
const sessionReady = (el: HTMLElement) =>
  waitFor(() => $(el, '[part=login]') || $(el, '[part=user]'), { message: 'session did not load' });
/**
 * The desktop navigation is shown only once the session is known and every late control it makes room for (the
 * lazy bell, apps, Products and organization switcher) is in: from then on a control that was going to show is
 * there, so its absence can be asserted.
 */
const navSettled = (el: HTMLElement) =>
  waitFor(() => $(el, '[part=nav][data-shown]'), { message: 'navigation not shown' });

beforeEach(async () => {
  await stub({});
  await setViewport({ width: 1280, height: 800 });
  // The language a test picked (the platform's nf_lang cookie) is not the next test's.
  document.cookie = 'nf_lang=; max-age=0; path=/';
});
afterEach(cleanup);

describe('<site-header>', () => {
  it('renders logo, app name and the header navigation from the app description', async () => {
    const el = header('locale="en" theme="light"');
    await ready(el);
    const logo = $<HTMLImageElement>(el, '[part=logo]');
    ok(logo?.src.endsWith('/__stub/logo/rect.svg'), 'wide logo on a large screen');
    equal($(el, '[part=brand]')?.getAttribute('aria-label'), `${isolate('Sandbox Pay')} home`);
    const nav = $(el, 'nav[part=nav]') as HTMLElement;
    ok(nav, 'nav');
    const links = [...nav.querySelectorAll<HTMLAnchorElement>('a')];
    deepEqual(
      links.map((a) => a.textContent),
      ['Home', 'Store', 'Blog'],
    );
    equal(new URL(links[1]?.href ?? '').search, '?locale=en', 'links carry the locale');
    const blog = links[2] as HTMLAnchorElement;
    equal(blog.target, '_blank');
    ok(blog.rel.includes('noopener'));
    ok(blog.href.includes('utm_medium=header_nav'), 'cross-origin links get tracking');
    const group = nav.querySelector('button[aria-haspopup=menu]') as HTMLButtonElement;
    equal(group.textContent, 'Docs');
    ok(!shadowText(el).includes('No link'), 'items without link or children are dropped');
    ok(!shadowText(el).includes('Privacy'), 'footer items are not in the header');
    equal(links[0]?.getAttribute('aria-current'), 'page', 'the current path is marked');
    equal(el.getBoundingClientRect().height, 64, 'header height');
  });

  it('opens navigation groups as menus (menu button pattern) and drops empty groups', async () => {
    const el = header('locale="en"');
    await ready(el);
    // The navigation shows once the session and the late controls are in (useNavFit); until then it cannot be focused.
    await waitFor(() => $(el, 'nav[part=nav][data-shown]'), { message: 'navigation not shown' });
    const group = $<HTMLButtonElement>(el, 'nav button[aria-haspopup=menu]') as HTMLButtonElement;
    group.focus();
    await sendKeys({ press: 'Enter' });
    const items = await waitFor(() => {
      const list = $$(el, '[role=menu] [role=menuitem]');
      return list.length ? list : null;
    });
    deepEqual(
      items.map((i) => i.textContent?.replace('(opens in a new tab)', '').trim()),
      ['GuideGetting started', 'API'],
    );
    equal(activeDeep(), items[0]);
    equal((items[1] as HTMLAnchorElement).target, '_blank');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => group.getAttribute('aria-expanded') === 'false');
    equal(activeDeep(), group);
  });

  it('meta attribute overrides fields of window.blocklet; embed-mode 1 renders nothing', async () => {
    const el = header(
      `locale="en" meta='{"appName":"Acme","appLogoRect":"","navigation":[{"title":"Pricing","link":"/pricing"}],"languages":[{"code":"en","name":"English"}],"theme":{"prefer":"light"}}'`,
    );
    await ready(el);
    await waitFor(() => $(el, '[part=app-name]')?.textContent === 'Acme');
    deepEqual(
      $$(el, 'nav[part=nav] a').map((a) => a.textContent),
      ['Pricing'],
    );
    equal($(el, '[part~=locale]'), null, 'no language selector with one language');
    equal($(el, '[part=theme-toggle]'), null, 'no theme toggle unless prefer is system');
    const hidden = header('embed-mode="1"');
    // A twin mounted after it has rendered: the hidden one has had the same chance to.
    const twin = header('');
    await ready(twin);
    await flushed();
    equal(hidden.shadowRoot?.querySelector('header'), null);
    equal(hidden.getBoundingClientRect().height, 0);
  });

  it("without a locale attribute, follows the page's ?locale, then the nf_lang cookie, as the platform does", async () => {
    // A page without the reference host's script: nothing set <html lang> or the attribute from them.
    document.cookie = 'nf_lang=zh; path=/';
    const fromCookie = header();
    await sessionReady(fromCookie);
    await waitFor(() => $(fromCookie, '[part=login]')?.textContent === '登录', { message: 'nf_lang=zh not followed' });
    // The attribute comes first.
    const own = header('locale="en"');
    await sessionReady(own);
    equal($(own, '[part=login]')?.textContent, 'Sign in');
    cleanup();
    document.cookie = 'nf_lang=; max-age=0; path=/';
    history.replaceState(null, '', `${location.pathname}?locale=zh`);
    try {
      const fromQuery = header();
      await sessionReady(fromQuery);
      await waitFor(() => $(fromQuery, '[part=login]')?.textContent === '登录', { message: '?locale=zh not followed' });
    } finally {
      history.replaceState(null, '', location.pathname);
    }
    const plain = header();
    await sessionReady(plain);
    equal($(plain, '[part=login]')?.textContent, 'Sign in', 'neither: the page language (en)');
  });

  it('language selector emits header-locale-change (cancelable) and switches its own strings', async () => {
    const el = header('locale="en"');
    await ready(el);
    await sessionReady(el);
    const events: CustomEvent[] = [];
    const listener = (e: Event) => events.push(e as CustomEvent);
    document.addEventListener('header-locale-change', listener);
    try {
      const button = $<HTMLButtonElement>(el, '[part~=locale]') as HTMLButtonElement;
      equal(button.getAttribute('aria-label'), 'Language: English');
      button.click();
      const zh = await waitFor(() => $$(el, '[role=menuitemradio]').find((i) => i.textContent === '简体中文'));
      equal($$(el, '[role=menuitemradio][aria-checked=true]')[0]?.textContent, 'English');
      zh.click();
      await waitFor(() => $(el, '[part=login]')?.textContent === '登录');
      equal(events.length, 1);
      deepEqual(events[0]?.detail, { locale: 'zh' });
      equal(events[0]?.composed, true);
      // Canceled: the header stays as it is.
      let vetoed = 0;
      const veto = (e: Event) => {
        e.preventDefault();
        vetoed++;
      };
      el.addEventListener('header-locale-change', veto);
      ($(el, '[part~=locale]') as HTMLButtonElement).click();
      (await waitFor(() => $$(el, '[role=menuitemradio]').find((i) => i.textContent === 'English'))).click();
      // The event went out and was canceled; a switch it would have made has rendered by now.
      await waitFor(() => vetoed === 1);
      await flushed();
      equal($(el, '[part=login]')?.textContent, '登录');
      el.removeEventListener('header-locale-change', veto);
    } finally {
      document.removeEventListener('header-locale-change', listener);
    }
  });

  it('theme toggle switches at once and emits header-theme-change debounced 300 ms', async () => {
    const el = header('locale="en" theme="light"');
    await ready(el);
    const events: CustomEvent[] = [];
    el.addEventListener('header-theme-change', (e) => events.push(e as CustomEvent));
    const toggle = $<HTMLButtonElement>(el, '[part=theme-toggle]') as HTMLButtonElement;
    equal(toggle.getAttribute('aria-label'), 'Switch to dark theme');
    const bg = () => getComputedStyle($(el, '[part=header]') as HTMLElement).backgroundColor;
    equal(bg(), 'rgb(255, 255, 255)');
    toggle.click();
    await waitFor(() => bg() === 'rgb(11, 18, 32)');
    await sleep(100);
    ($(el, '[part=theme-toggle]') as HTMLButtonElement).click();
    await sleep(100);
    ($(el, '[part=theme-toggle]') as HTMLButtonElement).click();
    const last = performance.now();
    equal(events.length, 0, 'nothing before the debounce');
    await waitFor(() => events.length > 0, { message: 'no header-theme-change' });
    ok(performance.now() - last >= 300, 'not before 300 ms after the last toggle');
    equal(events.length, 1, 'one event after rapid toggles');
    deepEqual(events[0]?.detail, { theme: 'dark' });
    // Another toggle's event comes next: nothing else was left pending from the rapid ones.
    ($(el, '[part=theme-toggle]') as HTMLButtonElement).click();
    await waitFor(() => events.length > 1, { message: 'no second header-theme-change' });
    deepEqual(
      events.map((e) => e.detail),
      [{ theme: 'dark' }, { theme: 'light' }],
    );
  });

  it('signed out: a Sign in link to the login page, header-login is cancelable', async () => {
    const el = header('locale="en"');
    await ready(el);
    const login = (await waitFor(() => $<HTMLAnchorElement>(el, '[part=login]'))) as HTMLAnchorElement;
    equal(login.textContent, 'Sign in');
    const url = new URL(login.href);
    equal(url.pathname, '/.well-known/service/login');
    equal(url.searchParams.get('redirect'), window.location.href);
    let seen: CustomEvent | undefined;
    const veto = (e: Event) => {
      seen = e as CustomEvent;
      e.preventDefault();
    };
    document.addEventListener('header-login', veto);
    try {
      login.click(); // canceled, so the page stays
      ok(seen, 'header-login emitted');
      equal(seen.cancelable, true);
    } finally {
      document.removeEventListener('header-login', veto);
    }
  });

  it('signed in: avatar and name open a menu with the name, role and Sign out', async () => {
    await stub({ signedIn: true });
    const el = header('locale="en"');
    await ready(el);
    const button = (await waitFor(() => $<HTMLButtonElement>(el, '[part~=user]'))) as HTMLButtonElement;
    equal(button.getAttribute('aria-label'), null, 'the visible name is the accessible name');
    ok(button.textContent?.includes('Casey Customer'));
    button.focus();
    await sendKeys({ press: 'ArrowDown' });
    const signOut = await waitFor(() => $$(el, '[role=menuitem]').find((i) => i.textContent === 'Sign out'));
    equal(activeDeep(), signOut);
    const popup = $(el, '[part=menu]') as HTMLElement;
    ok(popup.textContent?.includes('casey@example.com'));
    ok(popup.textContent?.includes('Customer'), 'role shown');
    let detail: unknown;
    const veto = (e: Event) => {
      detail = (e as CustomEvent).detail;
      e.preventDefault();
    };
    el.addEventListener('header-logout', veto);
    try {
      signOut.click();
      deepEqual(detail, { did: 'z1casey' });
    } finally {
      el.removeEventListener('header-logout', veto);
    }
  });

  it('the square logo has its room before its image comes: a full target, nothing moves when it loads', async () => {
    await setViewport({ width: 390, height: 800 });
    // An image that never loads stands for one still on its way (a slow network, a busy machine).
    const el = header(`locale="en" meta='{"appLogo":"/__stub/logo-that-never-loads.svg"}'`);
    await ready(el);
    const brand = $(el, '[part=brand]')!.getBoundingClientRect();
    const logo = $(el, '[part=logo]')!.getBoundingClientRect();
    equal(logo.width, 36);
    ok(brand.width >= 44 && brand.height >= 40, `the brand is ${brand.width} by ${brand.height} px`);
    await expectNoAxeViolations(el);
  });

  it('below md: a burger opens the navigation panel; square logo on small screens', async () => {
    await setViewport({ width: 390, height: 800 });
    const el = header('locale="en"');
    await ready(el);
    equal($(el, 'nav[part=nav]'), null);
    const burger = (await waitFor(() => $<HTMLButtonElement>(el, '[part=burger]'))) as HTMLButtonElement;
    equal(burger.getAttribute('aria-expanded'), 'false');
    equal(burger.getAttribute('aria-label'), 'Open menu');
    ok($<HTMLImageElement>(el, '[part=logo]')?.src.endsWith('/__stub/logo/square.svg'), 'square logo');
    // The panel loads on its own (an empty hidden nav holds its place until then): read it afresh each time.
    const panel = () => $(el, '[part=mobile-nav]') as HTMLElement;
    equal(panel().hidden, true);
    equal(burger.getAttribute('aria-controls'), panel().id, 'the burger names the panel');
    burger.click();
    await waitFor(() => !panel().hidden && panel().textContent?.includes('Guide'));
    const r = burger.getBoundingClientRect();
    ok(r.width >= 24 && r.height >= 24);
    ok(panel().textContent?.includes('Guide'), 'groups expanded inline');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => panel().hidden);
    equal(el.shadowRoot!.activeElement, burger, 'Escape returns the focus to the burger');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations (${theme}, signed out and in, desktop and mobile)`, async () => {
      const out = header(`locale="en" theme="${theme}"`);
      await ready(out);
      await sessionReady(out);
      await expectNoAxeViolations(out);
      cleanup(); // one banner landmark per page
      await stub({ signedIn: true });
      const signedIn = header(`locale="zh" theme="${theme}"`);
      await ready(signedIn);
      await waitFor(() => $(signedIn, '[part~=user]'));
      ($(signedIn, '[part~=user]') as HTMLElement).click();
      await waitFor(() => $(signedIn, '[role=menu]'));
      await expectNoAxeViolations(signedIn);
      await setViewport({ width: 390, height: 800 });
      (await waitFor(() => $(signedIn, '[part=burger]'), { message: 'no burger at 390 px' })).click();
      await waitFor(() => {
        const panel = $(signedIn, '[part=mobile-nav]');
        return panel && !panel.hidden && panel.childElementCount > 0;
      });
      await expectNoAxeViolations(signedIn);
    });
  }
});

/* ------------------------------------------------------------------ organization switcher */

const ORG_META = `meta='{"settings":{"org":{"enabled":true}}}'`;
const headerLog = async (): Promise<
  Array<{ method: string; path: string; query: Record<string, string>; body?: any }>
> => (await fetch('/__stub/header-log')).json();
const orgButton = (el: HTMLElement) =>
  waitFor(() => $<HTMLButtonElement>(el, '[part=org-switch]'), { message: 'no org switcher' });
const openOrgs = async (el: HTMLElement) => {
  const button = await orgButton(el);
  await waitFor(() => button.textContent?.includes('Org 01') || button.textContent?.includes('Beta'));
  button.click();
  return waitFor(() => $(el, '[part=org-menu]'), { message: 'org menu did not open' });
};
const orgNames = (el: HTMLElement) =>
  $$(el, '[part=org-list] button').map((b) => b.querySelector('span:nth-child(2)')?.textContent);

describe('<site-header> organization switcher', () => {
  it('while the organization loads, its avatar is a blank square (not "?"), then its initial', async () => {
    await stub({ signedIn: true, header: { getDelayMs: 1500 } });
    const el = header(`locale="en" ${ORG_META}`);
    const button = await orgButton(el);
    const avatar = () => button.querySelector('[part~=org-avatar]');
    await waitFor(() => avatar());
    equal(avatar()!.textContent, '', 'blank while loading');
    await waitFor(() => button.textContent?.includes('Org 01'), { timeout: 5000 });
    equal(avatar()!.textContent, 'O', 'the org initial');
  });

  it('is shown only with the org setting on and a signed-in user, and not on the admin path', async () => {
    const out = header(`locale="en" ${ORG_META}`);
    await sessionReady(out);
    equal($(out, '[part=org-switch]'), null, 'signed out: hidden');
    cleanup();
    await stub({ signedIn: true });
    const off = header('locale="en"');
    await waitFor(() => $(off, '[part~=user]'));
    equal($(off, '[part=org-switch]'), null, 'setting off: hidden');
    cleanup();
    const on = header(`locale="en" ${ORG_META}`);
    const button = await orgButton(on);
    await waitFor(() => button.textContent?.includes('Org 01'));
    equal(button.querySelector('[part~=org-avatar]')?.textContent, 'O', 'the org initial');
    equal(button.getAttribute('aria-expanded'), 'false');
    cleanup();
    const before = window.location.href;
    history.replaceState(null, '', '/admin/customers/cus_1');
    try {
      const admin = header(`locale="en" ${ORG_META}`);
      await waitFor(() => $(admin, '[part~=user]'));
      await navSettled(admin);
      equal($(admin, '[part=org-switch]'), null, 'admin path: hidden');
    } finally {
      history.replaceState(null, '', before);
    }
  });

  it('dropdown: search focused, owners in their own colour, 500 ms search debounce, empty text, View all, Escape', async () => {
    await stub({ signedIn: true });
    const el = header(`locale="en" theme="light" ${ORG_META}`);
    const menu = await openOrgs(el);
    const search = $<HTMLInputElement>(el, '[part=org-menu] input') as HTMLInputElement;
    await waitFor(() => activeDeep() === search);
    equal(search.getAttribute('aria-label') ?? $(el, `label[for="${search.id}"]`)?.textContent, 'Search organizations');
    await waitFor(() => orgNames(el).length === 3);
    deepEqual(orgNames(el), ['Org 01', 'Beta Builders', 'Org 03']);
    const avatars = $$(el, '[part=org-list] [part~=org-avatar]');
    notEqual(
      getComputedStyle(avatars[0] as Element).backgroundColor,
      getComputedStyle(avatars[1] as Element).backgroundColor,
    );
    ok((avatars[0] as Element).getAttribute('part')?.includes('org-avatar-owner'), 'owner avatar');
    equal($$(el, '[part=org-list] button')[0]?.getAttribute('aria-current'), 'true', 'the current org is marked');
    ok(menu.textContent?.includes('Owner'));
    const listEl = $(el, '[part=org-list]') as HTMLElement;
    equal(getComputedStyle(listEl).maxHeight, '240px');

    const n = (await headerLog()).filter((r) => r.path.endsWith('/api/user/orgs')).length;
    await sendKeys({ type: 'beta' });
    await sleep(300);
    equal((await headerLog()).filter((r) => r.path.endsWith('/api/user/orgs')).length, n, 'no request before 500 ms');
    await waitFor(() => orgNames(el).length === 1, { timeout: 2000 });
    deepEqual(orgNames(el), ['Beta Builders']);
    const last = (await headerLog()).filter((r) => r.path.endsWith('/api/user/orgs')).at(-1);
    deepEqual([last?.query.search, last?.query.page, last?.query.pageSize], ['beta', '1', '20']);
    search.select();
    await sendKeys({ type: 'zzz' });
    await waitFor(() => $(el, '[part=org-empty]')?.textContent === 'No organizations', { timeout: 2000 });

    const viewAll = $<HTMLAnchorElement>(el, '[part=org-view-all]') as HTMLAnchorElement;
    equal(viewAll.textContent, 'View all');
    equal(new URL(viewAll.href).pathname + new URL(viewAll.href).search, '/.well-known/service/user/orgs?locale=en');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => $(el, '[part=org-menu]') === null);
    equal(activeDeep(), $(el, '[part=org-switch]'), 'focus back on the button');
  });

  it('loads the next page of 20 when scrolled within 50 px of the list end', async () => {
    await stub({ signedIn: true, header: { orgCount: 45 } });
    const el = header(`locale="en" ${ORG_META}`);
    await openOrgs(el);
    await waitFor(() => orgNames(el).length === 20);
    const list = $(el, '[part=org-list]') as HTMLElement;
    ok(list.scrollHeight > list.clientHeight, 'the list scrolls');
    list.scrollTop = list.scrollHeight - list.clientHeight - 100; // not yet near the end
    list.dispatchEvent(new Event('scroll'));
    // The scroll is handled at once: a next page it asked for would be in the log.
    await flushed();
    deepEqual(
      (await headerLog()).filter((r) => r.path.endsWith('/api/user/orgs')).map((r) => r.query.page),
      ['1'],
      'no next page before the end of the list',
    );
    equal(orgNames(el).length, 20);
    list.scrollTop = list.scrollHeight - list.clientHeight - 40;
    // Two scroll events before the next render ask for page 2 once.
    list.dispatchEvent(new Event('scroll'));
    list.dispatchEvent(new Event('scroll'));
    await waitFor(() => orgNames(el).length === 40);
    list.scrollTop = list.scrollHeight;
    list.dispatchEvent(new Event('scroll'));
    await waitFor(() => orgNames(el).length === 45);
    const pages = (await headerLog()).filter((r) => r.path.endsWith('/api/user/orgs')).map((r) => r.query.page);
    deepEqual(pages, ['1', '2', '3']);
  });

  it('switches with the passport switch and the orgId; header-org-change is cancelable (else the page reloads)', async () => {
    await stub({ signedIn: true });
    const el = header(`locale="en" ${ORG_META}`);
    await openOrgs(el);
    await waitFor(() => orgNames(el).length === 3);
    const seen: CustomEvent[] = [];
    const veto = (e: Event) => {
      seen.push(e as CustomEvent);
      e.preventDefault();
    };
    document.addEventListener('header-org-change', veto);
    try {
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowDown' });
      equal(activeDeep()?.textContent?.includes('Beta Builders'), true, 'arrow keys move through the list');
      await sendKeys({ press: 'Enter' });
      await waitFor(() => seen.length === 1);
      deepEqual(seen[0]?.detail, { orgId: 'org_02' });
      const sw = (await headerLog()).find((r) => r.path.endsWith('/switch-passport'));
      deepEqual(sw?.body, { orgId: 'org_02' });
      await waitFor(() => $(el, '[part=org-switch]')?.textContent?.includes('Beta Builders'));
      equal(activeDeep(), $(el, '[part=org-switch]'));
    } finally {
      document.removeEventListener('header-org-change', veto);
    }
  });

  it('create dialog: required, max 25, errors clear on typing, submitting disables inputs, success event', async () => {
    await stub({ signedIn: true, header: { createDelayMs: 300 } });
    const el = header(`locale="en" ${ORG_META}`);
    await openOrgs(el);
    ($(el, '[part~=org-create]') as HTMLButtonElement).click();
    const dialog = await waitFor(() => $<HTMLDialogElement>(el, 'dialog[open]'));
    ok(dialog.textContent?.includes('Create organization'));
    const [name, desc] = $$<HTMLInputElement>(el, 'dialog input');
    await waitFor(() => activeDeep() === name);
    const submit = $<HTMLButtonElement>(el, 'dialog [part~=org-create-submit]') as HTMLButtonElement;
    submit.click();
    await waitFor(() => dialog.textContent?.includes('Name cannot be empty'));
    equal(name?.getAttribute('aria-invalid'), 'true');
    equal(activeDeep(), name, 'focus on the invalid field');
    await sendKeys({ type: 'x' });
    await waitFor(() => !dialog.textContent?.includes('Name cannot be empty'));
    name!.select();
    await sendKeys({ type: 'y'.repeat(26) });
    submit.click();
    await waitFor(() => dialog.textContent?.includes('At most 25 characters'));
    name!.select();
    await sendKeys({ type: '  Acme Labs  ' });
    desc!.focus();
    await sendKeys({ type: ' Makers ' });
    const created: CustomEvent[] = [];
    const veto = (e: Event) => {
      created.push(e as CustomEvent);
      e.preventDefault();
    };
    document.addEventListener('header-org-create', veto);
    try {
      await sendKeys({ press: 'Enter' });
      await waitFor(() => name?.disabled === true && desc?.disabled === true, {
        message: 'inputs disabled while submitting',
      });
      equal(submit.getAttribute('aria-busy'), 'true');
      await waitFor(() => created.length === 1);
      const post = (await headerLog()).find((r) => r.method === 'POST' && r.path.endsWith('/api/user/orgs'));
      deepEqual(post?.body, { org: { name: 'Acme Labs', description: 'Makers' } });
      equal((created[0]?.detail as { org: { name: string } }).org.name, 'Acme Labs');
      await waitFor(() => $(el, 'dialog[open]') === null);
    } finally {
      document.removeEventListener('header-org-create', veto);
    }
  });

  it('create failure shows the server error in the dialog; a failing org load signs the user out', async () => {
    await stub({ signedIn: true, header: { createFails: 409 } });
    const el = header(`locale="en" ${ORG_META}`);
    await openOrgs(el);
    ($(el, '[part~=org-create]') as HTMLButtonElement).click();
    await waitFor(() => $(el, 'dialog[open]'));
    await sendKeys({ type: 'Acme' });
    await sendKeys({ press: 'Enter' });
    const alert = await waitFor(() =>
      $$(el, 'dialog [role=alert]').find((a) => a.textContent?.includes('Organization limit reached')),
    );
    ok(alert.textContent?.includes('Failed to create the organization'), 'titled');
    equal(
      ($$<HTMLInputElement>(el, 'dialog input')[0] as HTMLInputElement).disabled,
      false,
      'error state: editable again',
    );
    cleanup();
    await stub({ signedIn: true, header: { getFails: 403 } });
    const out = header(`locale="en" ${ORG_META}`);
    await waitFor(() => $(out, '[part=login]'), { message: 'not signed out', timeout: 4000 });
    ok((await headerLog()).some((r) => r.path.endsWith('/api/user/logout') || r.path.includes('/api/user/orgs/')));
  });

  it('an org load that gets no answer (the page navigating away aborts it) does not sign the user out', async () => {
    await stub({ signedIn: true });
    // The org request goes to a closed port: a network error, with no status, as an aborted request reads.
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL) {
      const to = /\/api\/user\/orgs\/[^/?]+(\?|$)/.test(String(url)) ? 'http://127.0.0.1:9/orgs' : url;
      open.call(this, method, to, true);
    } as typeof open;
    try {
      const el = header(`locale="en" ${ORG_META}`);
      await waitFor(() => $(el, '[part=user]'), { message: 'session did not load' });
      await waitFor(() => $(el, '[part=org-switch]'));
      await sleep(1500);
      ok($(el, '[part=user]') && !$(el, '[part=login]'), 'still signed in');
      ok(!(await headerLog()).some((r) => r.path.endsWith('/api/user/logout')), 'no logout request');
    } finally {
      XMLHttpRequest.prototype.open = open;
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`org menu and create dialog have no axe violations (${theme}, zh)`, async () => {
      await stub({ signedIn: true });
      const el = header(`locale="zh" theme="${theme}" ${ORG_META}`);
      const button = await orgButton(el);
      await waitFor(() => button.textContent?.includes('Org 01'));
      button.click();
      await waitFor(() => orgNames(el).length === 3);
      ok($(el, '[part=org-menu]')?.textContent?.includes('查看全部'));
      await expectNoAxeViolations(el);
      ($(el, '[part~=org-create]') as HTMLButtonElement).click();
      await waitFor(() => $(el, 'dialog[open]'));
      ($(el, 'dialog [part~=org-create-submit]') as HTMLButtonElement).click();
      await waitFor(() => $(el, 'dialog')?.textContent?.includes('名称不能为空'));
      await expectNoAxeViolations(el);
    });
  }
});

/* ------------------------------------------------------------------ notifications */

const BELL_META = `meta='${JSON.stringify({
  navigation: [
    { id: 'home', title: 'Home', link: '/' },
    {
      id: '/userCenter/notification',
      section: 'userCenter',
      title: 'Notifications',
      link: '/.well-known/service/user/notifications',
    },
  ],
})}'`;

describe('<site-header> notifications', () => {
  it('the bell shows only with the notification nav entry and a user; badge, label and read-state link', async () => {
    // navSettled: the lazy bell, if it was going to show, is in.
    const out = header(`locale="en" ${BELL_META}`);
    await sessionReady(out);
    await navSettled(out);
    equal($(out, '[part=notifications]'), null, 'signed out: no bell');
    cleanup();
    await stub({ signedIn: true, header: { unread: 3 } });
    const noEntry = header(
      `locale="en" meta='${JSON.stringify({ navigation: [{ id: 'home', title: 'Home', link: '/' }] })}'`,
    );
    await waitFor(() => $(noEntry, '[part~=user]'));
    await navSettled(noEntry);
    equal($(noEntry, '[part=notifications]'), null, 'no /userCenter/notification entry: no bell');
    cleanup();
    const el = header(`locale="en" ${BELL_META}`);
    const bell = await waitFor(() => $<HTMLAnchorElement>(el, '[part=notifications]'));
    await waitFor(() => $(el, '[part=notifications-badge]')?.textContent === '3');
    equal(bell.getAttribute('aria-label'), 'Notifications, 3 unread');
    const url = new URL(bell.href);
    equal(url.pathname, '/.well-known/service/user/notifications');
    equal(url.searchParams.get('read'), 'false');
    equal(url.searchParams.get('locale'), 'en');
    cleanup();
    await stub({ signedIn: true, header: { unread: 0 } });
    const zero = header(`locale="zh" ${BELL_META}`);
    const bell0 = await waitFor(() => $<HTMLAnchorElement>(zero, '[part=notifications]'));
    await waitFor(() => bell0.getAttribute('aria-label') === '通知');
    equal($(zero, '[part=notifications-badge]'), null, 'no badge at 0');
    equal(new URL(bell0.href).searchParams.get('read'), 'true');
  });

  it('rules: counting, read events, toast gate, actor lists and toast text', async () => {
    const n = await import('../../src/header/notifications.ts');
    ok(n.compareVersions('1.17.12', n.TOAST_MIN_SERVER_VERSION) > 0);
    ok(n.compareVersions('1.16.42', '1.16.42-beta-20250407') > 0, 'a release is after its beta');
    ok(n.compareVersions('1.16.42-beta-20250406', '1.16.42-beta-20250407') < 0);
    equal(n.compareVersions('1.16.42-beta-20250407', n.TOAST_MIN_SERVER_VERSION), 0);
    ok(n.compareVersions('1.16.41', n.TOAST_MIN_SERVER_VERSION) < 0);

    const me = { did: 'z1me', role: 'customer' };
    ok(n.countsForUser({ receiver: 'z1me', source: 'component' }, me));
    ok(!n.countsForUser({ receiver: 'z1other', source: 'component' }, me));
    ok(!n.countsForUser({ receiver: 'z1me', source: 'system' }, me), 'system notices count for admins only');
    ok(n.countsForUser({ receivers: ['z1me'], source: 'system' }, { did: 'z1me', role: 'admin' }));
    equal(n.afterRead(5, { receiver: 'z1me', readCount: 2 }, 'z1me'), 3);
    equal(n.afterRead(1, { receiver: 'z1me', readCount: 4 }, 'z1me'), 0, 'never below 0');
    equal(n.afterRead(5, { receiver: 'z1other', readCount: 2 }, 'z1me'), 5);

    const ctx = { toastAlert: true, serverVersion: '1.17.12', userAgent: 'Mozilla/5.0 Chrome/140' };
    ok(n.shouldToast({ source: 'component' }, ctx));
    ok(!n.shouldToast({ source: 'system' }, ctx), 'component source only');
    ok(!n.shouldToast({ source: 'component' }, { ...ctx, serverVersion: '1.16.41' }), 'version gate');
    ok(!n.shouldToast({ source: 'component' }, { ...ctx, userAgent: 'Mozilla/5.0 ArcSphere/1.0' }), 'not in ArcSphere');
    ok(
      !n.shouldToast({ source: 'component' }, { ...ctx, userAgent: 'Mozilla/5.0 ABTWallet/5.0' }),
      'not in the wallet',
    );
    ok(!n.shouldToast({ source: 'component' }, { ...ctx, toastAlert: false }));

    const el = header('locale="en"');
    await ready(el);
    // The element's own t (en) to render the texts.
    const en = (await import('../../locales/en.json')).default as any;
    const t = (key: string, o: Record<string, any> = {}) => {
      const base =
        key.split('.').reduce((x: any, k) => x?.[k], en) ??
        key
          .split('.')
          .slice(0, -1)
          .reduce((x: any, k) => x?.[k], en)?.[`${key.split('.').at(-1)}_${o.count === 1 ? 'one' : 'other'}`];
      return String(base).replace(/\{\{(\w+)\}\}/g, (_: string, k: string) => String(o[k]));
    };
    // Each name isolated for bidirectional text (a toast is plain text).
    const [ann, bo, cy] = ['Ann', 'Bo', 'Cy'].map(isolate);
    equal(n.actorsText(['Ann', 'Bo', 'Cy'], t), `${ann}, ${bo}, ${cy}`);
    equal(n.actorsText(['Ann', 'Bo', 'Cy', 'Di', 'Ed'], t), `${ann}, ${bo}, ${cy} and 2 others`);
    equal(n.actorsText(['Ann', 'Bo', 'Cy', 'Di'], t), `${ann}, ${bo}, ${cy} and 1 other`);
    const toast = n.toastFor(
      {
        severity: 'error',
        title: 'New comment',
        description: 'Looks good',
        source: 'component',
        activity: { type: 'comment', target: { name: 'Pro plan' } },
        actorInfo: [{ fullName: 'Ann' }, { fullName: 'Bo' }, { fullName: 'Cy' }, { fullName: 'Di' }],
      },
      t,
      '/view',
    );
    deepEqual(toast, {
      tone: 'error',
      title: 'New comment',
      message: `${ann}, ${bo}, ${cy} and 1 other commented on ${isolate('Pro plan')} — Looks good`,
      sticky: false,
      action: { label: 'View', href: '/view' },
    });
    equal(n.toastFor({ severity: 'normal', title: 'Hi', sticky: true }, t).tone, 'default');
    equal(n.toastFor({ severity: 'normal', title: 'Hi', sticky: true }, t).sticky, true);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`bell with a badge has no axe violations (${theme})`, async () => {
      await stub({ signedIn: true, header: { unread: 12 } });
      const el = header(`locale="en" theme="${theme}" ${BELL_META}`);
      await waitFor(() => $(el, '[part=notifications-badge]'));
      await expectNoAxeViolations(el);
    });
  }
});

/* ------------------------------------------------------------------ cookie consent and the domain notice */

const clearConsent = () => {
  document.cookie = 'CookieConsent=; max-age=0; path=/';
};

describe('<site-header> cookie consent and temporary-domain rules', () => {
  beforeEach(clearConsent);
  afterEach(clearConsent);

  it('cookie consent: only when asked for, bottom right, accept writes the cookie and hides it for good', async () => {
    // The notice is a lazy chunk: load it here, so that once the header has rendered, a notice it was going to show
    // is there.
    await import('../../src/header/Overlays.tsx');
    const plain = header('locale="en"');
    await ready(plain);
    await flushed();
    equal($(plain, '[part=cookie-consent]'), null, 'off unless the attribute is set');
    // Set after the header has rendered, the attribute still brings the notice.
    plain.setAttribute('cookie-consent', '');
    await waitFor(() => $(plain, '[part=cookie-consent]'));
    cleanup();
    const el = header('locale="en" cookie-consent');
    const banner = await waitFor(() => $(el, '[part=cookie-consent]'));
    equal(banner.getAttribute('aria-label'), 'Cookie consent');
    ok(banner.textContent?.includes('This website uses cookies to enhance the user experience.'));
    const r = banner.getBoundingClientRect();
    equal(Math.round(window.innerWidth - r.right), 16);
    equal(Math.round(window.innerHeight - r.bottom), 16);
    ok(r.width <= 440, `max width 440 (${r.width})`);
    const events: Event[] = [];
    el.addEventListener('header-cookie-consent', (e) => events.push(e));
    const accept = $<HTMLButtonElement>(el, '[part~=cookie-accept]') as HTMLButtonElement;
    equal(accept.textContent, 'I Understand');
    accept.click();
    await waitFor(() => $(el, '[part=cookie-consent]') === null);
    ok(document.cookie.split('; ').includes('CookieConsent=true'), document.cookie);
    equal(events.length, 1);
    cleanup();
    const again = header('locale="en" cookie-consent');
    await ready(again);
    await flushed(); // the notice's chunk is loaded (it showed above)
    equal($(again, '[part=cookie-consent]'), null, 'not shown once accepted');
  });

  it('cookie consent: full width with 16 px margins up to 480 px; Chinese text', async () => {
    await setViewport({ width: 420, height: 700 });
    const el = header('locale="zh" cookie-consent');
    const banner = await waitFor(() => $(el, '[part=cookie-consent]'));
    await waitFor(() => banner.textContent?.includes('我知道了'));
    const r = banner.getBoundingClientRect();
    equal(Math.round(r.left), 16);
    equal(Math.round(window.innerWidth - r.right), 16);
  });

  it('cookie text and the domain-skip window (pure rules)', async () => {
    const s = await import('../../src/header/storage.ts');
    const now = Date.UTC(2026, 0, 1);
    const text = s.consentCookieText('https:', now);
    ok(text.startsWith('CookieConsent=true; expires=Fri, 01 Jan 2027 00:00:00 GMT'), text);
    ok(text.includes('path=/') && text.includes('SameSite=Lax') && text.endsWith('; Secure'));
    ok(!s.consentCookieText('http:', now).includes('Secure'));
    ok(s.hasConsentCookie('a=1; CookieConsent=true'));
    ok(!s.hasConsentCookie('a=1; CookieConsent=false'));
    ok(!s.hasConsentCookie('XCookieConsent=true'));
    const day = 86_400_000;
    ok(s.domainSkipActive(now, new Date(now - 29 * day).toISOString()));
    ok(!s.domainSkipActive(now, new Date(now - 30 * day).toISOString()), '30 days: shown again');
    ok(!s.domainSkipActive(now, null));
    ok(!s.domainSkipActive(now, 'garbage'));
    ok(s.isTemporaryDomain('192-168-1-2.ip.abtnet.io'));
    ok(s.isTemporaryDomain('zabc.did.abtnet.io'));
    ok(!s.isTemporaryDomain('shop.example.com'));
    ok(!s.isTemporaryDomain('ip.abtnet.io.evil.com'));
    s.storeDomainSkip(now);
    equal(localStorage.getItem('domain-warning-skip'), new Date(now).toISOString());
    localStorage.removeItem('domain-warning-skip');
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`cookie notice has no axe violations (${theme})`, async () => {
      const el = header(`locale="en" theme="${theme}" cookie-consent`);
      await waitFor(() => $(el, '[part=cookie-consent]'));
      await expectNoAxeViolations(el);
    });
  }
});

/* ------------------------------------------------------------------ products menu and the apps grid */

const productsMeta = (extra: Record<string, unknown>) =>
  `meta='${JSON.stringify({
    navigation: [
      { id: 'home', title: 'Home', link: '/' },
      { id: 'store', title: 'Store', link: '/store/' },
    ],
    ...extra,
  })}'`;
const openProducts = async (el: HTMLElement) => {
  const button = await waitFor(() => $<HTMLButtonElement>(el, '[part=products]'), { message: 'no products button' });
  button.click();
  return waitFor(() => $(el, '[part=products-panel]'));
};

describe('<site-header> products menu', () => {
  it('variant 1 at the configured index: four groups, new-tab links with the locale and tracking, 3 columns, Escape', async () => {
    const el = header(`locale="en" ${productsMeta({ USE_ARCBLOCK_THEME: '1' })}`);
    const button = await waitFor(() => $<HTMLButtonElement>(el, '[part=products]'));
    deepEqual(
      $$(el, 'nav[part=nav] > ul > li').map((li) => li.textContent),
      ['Home', 'Products', 'Store'],
    );
    equal(button.getAttribute('aria-expanded'), 'false');
    const panel = await openProducts(el);
    equal(button.getAttribute('aria-expanded'), 'true');
    deepEqual(
      [...panel.querySelectorAll<HTMLElement>('h2')].map((h) => h.textContent),
      ['Applications', 'Components', 'Compute/Storage', 'Identity'],
    );
    equal([...panel.querySelectorAll<HTMLElement>('a')].length, 18);
    const kit = [...panel.querySelectorAll<HTMLAnchorElement>('a')].find((a) =>
      a.textContent?.includes('Payment Kit'),
    ) as HTMLAnchorElement;
    ok(kit.textContent?.includes('Payments and subscriptions for apps'), 'one-line description');
    equal(kit.target, '_blank');
    ok(kit.rel.includes('noopener'));
    const url = new URL(kit.href);
    equal(url.origin + url.pathname, 'https://www.arcblock.io/en/payment-kit');
    deepEqual(
      ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content'].map((k) => url.searchParams.get(k)),
      [window.location.hostname, 'header_nav', 'default', 'www.arcblock.io'],
    );
    equal(panel.getAttribute('data-columns'), '3');
    equal(panel.getBoundingClientRect().width, 3 * 260 + 64);
    kit.focus();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => $(el, '[part=products-panel]') === null);
    equal(activeDeep(), button);
  });

  it('variant 2 wins over variant 1; labels in zh, zh-TW and ja; columns follow the width', async () => {
    const el = header(`locale="zh-TW" ${productsMeta({ USE_AIGNE_THEME: '0', USE_ARCBLOCK_THEME: '1' })}`);
    const panel = await openProducts(el);
    equal($(el, '[part=products]')?.getAttribute('data-variant'), '2');
    equal($(el, '[part=products]')?.textContent, '產品');
    ok($(el, 'nav[part=nav] > ul > li:first-child [part=products]'), 'at index 0');
    deepEqual(
      [...panel.querySelectorAll<HTMLElement>('h2')].map((h) => h.textContent),
      ['應用', '框架與工具', '模型轉接器'],
    );
    ok(new URL((panel.querySelector<HTMLElement>('a') as HTMLAnchorElement).href).pathname.startsWith('/zh-tw/'));
    cleanup();
    const ja = header(`locale="ja" ${productsMeta({ USE_AIGNE_THEME: '5' })}`);
    const jaPanel = await openProducts(ja);
    void jaPanel;
    equal($(ja, '[part=products]')?.textContent, '製品');
    ok($(ja, 'nav[part=nav] > ul > li:last-child [part=products]'), 'index past the end goes last');
    ok(jaPanel.textContent?.includes('フレームワークとツール'));
    cleanup();
    const zh = header(`locale="zh" ${productsMeta({ USE_ARCBLOCK_THEME: '1' })}`);
    await waitFor(() => $(zh, '[part=products]')?.textContent === '产品');
    cleanup();
    const none = header(`locale="en" ${productsMeta({})}`);
    await navSettled(none);
    equal($(none, '[part=products]'), null, 'no menu without a theme setting');
    const p = await import('../../src/header/products.ts');
    deepEqual(
      [
        p.productColumns(2000),
        p.productColumns(900),
        p.productColumns(843),
        p.productColumns(584),
        p.productColumns(583),
        p.productColumns(300),
      ],
      [3, 3, 2, 2, 1, 1],
    );
    const warn = console.warn;
    const warned: unknown[][] = [];
    console.warn = (...a: unknown[]) => void warned.push(a);
    try {
      const b = await import('../../src/header/blocklet.ts');
      equal(
        b.withTracking('https://exa mple.com:bad/'),
        'https://exa mple.com:bad/',
        'an invalid URL is left as it was',
      );
      deepEqual(warned, [['[site-header] invalid link', 'https://exa mple.com:bad/']], 'the invalid URL is logged');
      const t = new URL(b.withTracking('https://docs.example.org/a?x=1', 'footer'));
      deepEqual(
        ['x', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_content'].map((k) => t.searchParams.get(k)),
        ['1', location.hostname, 'footer_nav', 'default', 'docs.example.org'],
      );
      equal(b.withTracking(`${location.origin}/same`), `${location.origin}/same`, 'same origin: no tracking');
    } finally {
      console.warn = warn;
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`products panel has no axe violations (${theme})`, async () => {
      const el = header(`locale="en" theme="${theme}" ${productsMeta({ USE_ARCBLOCK_THEME: '1' })}`);
      await openProducts(el);
      await expectNoAxeViolations(el);
    });
  }
});

const appsMeta = `meta='${JSON.stringify({
  navigation: [
    { id: 'home', title: 'Home', link: '/' },
    {
      id: '/sm/billing',
      section: 'sessionManager',
      title: { en: 'My billing', zh: '我的账单' },
      link: '/customer',
      role: ['customer', 'owner'],
    },
    { id: '/sm/console', section: 'sessionManager', title: 'Console', link: '/console', role: ['admin'] },
    { id: '/sm/norole', section: 'sessionManager', title: 'No role', link: '/x' },
    { id: '/sessionManager', section: 'sessionManager', title: 'Root', link: '/root', role: ['customer'] },
  ],
})}'`;

describe('<site-header> session-manager grid', () => {
  it('signed in: role-filtered shortcuts, 350 px wide, 50 px icons; no Manage for a customer; none signed out', async () => {
    const out = header(`locale="en" ${appsMeta}`);
    await sessionReady(out);
    await navSettled(out);
    equal($(out, '[part=apps]'), null);
    cleanup();
    await stub({ signedIn: true });
    const el = header(`locale="en" ${appsMeta}`);
    const button = await waitFor(() => $<HTMLButtonElement>(el, '[part=apps]'));
    equal(button.getAttribute('aria-label'), 'Apps');
    button.click();
    const panel = await waitFor(() => $(el, '[part=apps-panel]'));
    deepEqual(
      [...panel.querySelectorAll<HTMLElement>('a')].map((a) => a.textContent?.slice(1)),
      ['My billing'],
    );
    equal(new URL((panel.querySelector<HTMLElement>('a') as HTMLAnchorElement).href).search, '?locale=en');
    equal(panel.getBoundingClientRect().width, 350);
    equal(getComputedStyle(panel).maxHeight, '350px');
    equal((panel.querySelector<HTMLElement>('[part=apps-icon]') as HTMLElement).getBoundingClientRect().width, 50);
    equal(panel.querySelector<HTMLElement>('[part=apps-manage]'), null, 'Manage is for owner/admin');
    await expectNoAxeViolations(el);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => $(el, '[part=apps-panel]') === null);
  });

  it('an admin sees their items and Manage (admin navigation page)', async () => {
    const a = await import('../../src/header/AppsGrid.tsx');
    const b = await import('../../src/header/blocklet.ts');
    const info = JSON.parse(appsMeta.slice("meta='".length, -1));
    const h = { localized: b.localized, withLocale: b.withLocale };
    deepEqual(
      a.sessionManagerItems(info, 'admin', 'zh', h).map((i) => i.title),
      ['Console'],
    );
    deepEqual(
      a.sessionManagerItems(info, 'owner', 'zh', h).map((i) => i.title),
      ['我的账单'],
    );
    deepEqual(a.sessionManagerItems(info, undefined, 'en', h), [], 'guest: none of these');
    // Rendered for an admin: their shortcuts, and Manage linking to the admin navigation page.
    await stub({ signedIn: true });
    const setRole = (role: string | null) =>
      fetch('/__stub/store/role', { method: 'POST', body: JSON.stringify({ role }) });
    await setRole('admin');
    try {
      const el = header(`locale="en" ${appsMeta}`);
      (await waitFor(() => $<HTMLButtonElement>(el, '[part=apps]'))).click();
      const panel = await waitFor(() => $(el, '[part=apps-panel]'));
      const manage = await waitFor(() => panel.querySelector<HTMLAnchorElement>('[part=apps-manage]'));
      deepEqual(
        [...panel.querySelectorAll<HTMLElement>('a:not([part=apps-manage])')].map((x) => x.textContent?.slice(1)),
        ['Console'],
      );
      equal(manage.textContent, 'Manage');
      equal(new URL(manage.href).pathname, '/.well-known/service/admin/navigation');
    } finally {
      await setRole(null);
    }
  });
});

describe('<site-header> navigation that does not fit', () => {
  it('falls back to the burger menu when the links do not fit beside the controls, and back when they do', async () => {
    const navigation = Array.from({ length: 9 }, (_, i) => ({
      id: `n${i}`,
      title: `Section number ${i + 1}`,
      link: `/s${i}`,
    }));
    await setViewport({ width: 1100, height: 600 });
    const el = header(`locale="en" meta='${JSON.stringify({ navigation })}'`);
    await waitFor(() => $(el, '[part=brand]'));
    await waitFor(() => $(el, '[part=burger]') && !$(el, '[part=nav]'), {
      timeout: 3000,
      message: 'burger when the links do not fit',
    });
    await setViewport({ width: 2400, height: 600 });
    await waitFor(() => $(el, '[part=nav]') && !$(el, '[part=burger]'), {
      timeout: 3000,
      message: 'links when they fit',
    });
    await setViewport({ width: 1280, height: 800 });
  });

  it('folds the names one by one as the room shrinks: language, user, organization, then the burger', async () => {
    await stub({ signedIn: true });
    const navigation = Array.from({ length: 5 }, (_, i) => ({
      id: `n${i}`,
      title: `Section number ${i + 1}`,
      link: `/s${i}`,
    }));
    const meta = {
      navigation,
      languages: [
        { code: 'en', name: 'English' },
        { code: 'zh', name: '简体中文' },
      ],
      settings: { org: { enabled: true } },
    };
    await setViewport({ width: 1800, height: 600 });
    const el = header(`locale="en" meta='${JSON.stringify(meta)}'`);
    el.style.display = 'block';
    await sessionReady(el);
    const org = await orgButton(el);
    await waitFor(() => org.textContent?.includes('Org 01'), { message: 'the organization name' });
    // A name is shown when a box of its own carries it (a folded one is gone or visually hidden: 1 px wide).
    const shows = (part: string, name: string) =>
      $$(el, `[part=${part}] span`).some((x) => x.textContent === name && x.getBoundingClientRect().width > 1);
    const state = () =>
      $(el, '[part=burger]')
        ? 'burger'
        : [
            shows('locale', 'English') ? 'language' : '',
            shows('user', 'Casey Customer') ? 'user' : '',
            shows('org-switch', 'Org 01') ? 'org' : '',
          ]
            .filter(Boolean)
            .join('+');
    // After each step: the resize debounce (100 ms), then the fit (before a paint); read until two reads 80 ms apart
    // agree, so a late timer on a busy machine is waited for rather than skipped over.
    const settledState = async () => {
      await sleep(120);
      let last = state();
      for (;;) {
        await sleep(80);
        const now = state();
        if (now === last) return now;
        last = now;
      }
    };
    const seen: string[] = [];
    for (let width = 1640; width >= 1060; width -= 20) {
      el.style.width = `${width}px`;
      const now = await settledState();
      if (seen[seen.length - 1] !== now) seen.push(now);
    }
    deepEqual(seen, ['language+user+org', 'user+org', 'org', '', 'burger']);
    await setViewport({ width: 1280, height: 800 });
  });

  it('an item never wraps, current (bold) or not: it moves into the burger first, with no ResizeObserver loop', async function () {
    this.timeout(30_000);
    await stub({ signedIn: true });
    // "Billing" is a group whose child is this page, so it is the current item (bold); the labels are of one word.
    const navigation = [
      { id: 'store', title: 'Store', link: '/store' },
      { id: 'checkout', title: 'Checkout demo', link: '/checkout' },
      { id: 'billing', title: 'Billing', items: [{ id: 'here', title: 'Invoices', link: window.location.pathname }] },
      { id: 'docs', title: 'Documentation', link: '/docs' },
    ];
    const meta = {
      navigation,
      languages: [
        { code: 'en', name: 'English' },
        { code: 'zh', name: '简体中文' },
      ],
      settings: { org: { enabled: true } },
    };
    const errors: string[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.message);
    window.addEventListener('error', onError);
    try {
      await setViewport({ width: 1600, height: 600 });
      const el = header(`locale="en" meta='${JSON.stringify(meta)}'`);
      el.style.display = 'block';
      await sessionReady(el);
      const org = await orgButton(el);
      await waitFor(() => org.textContent?.includes('Org 01'), { message: 'the organization name' });
      await navSettled(el);
      const billing = () => $$(el, 'nav[part=nav] button').find((b) => b.textContent === 'Billing');
      ok(billing(), 'Billing is a group');
      equal(getComputedStyle(billing()!.querySelector('span')!).fontWeight, '650', 'Billing is current (bold)');
      // Lines of a text: the distinct tops of its boxes.
      const lines = (node: Node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top))).size;
      };
      // Where the burger comes depends on the font the engine picks from the stack: Chromium and Firefox take
      // system-ui (DejaVu Sans on Debian), WebKitGTK skips it for Arial's metric twin (Liberation Sans), about 10 %
      // narrower, so here the links fit down to about 935 px in the first two and 890 px in WebKit. Narrow until the
      // burger has held for three steps, wherever it comes; each change of form is kept, so links back after it show.
      const seen: string[] = [];
      let burgerSteps = 0;
      for (let width = 1500; width >= 600 && burgerSteps < 3; width -= 20) {
        el.style.width = `${width}px`;
        await sleep(120);
        await flushed();
        const nav = $(el, 'nav[part=nav]');
        const form = nav ? 'nav' : 'burger';
        if (seen[seen.length - 1] !== form) seen.push(form);
        if (!nav) {
          burgerSteps++;
          continue;
        }
        const bar = $(el, '[part=header]')!.getBoundingClientRect();
        const addons = $(el, '[part=addons]')!.getBoundingClientRect();
        for (const item of $$(el, 'nav[part=nav] > ul > li')) {
          const r = item.getBoundingClientRect();
          const text = item.querySelector('a, button > span')!;
          equal(lines(text.firstChild!), 1, `${text.textContent} on one line at ${width} px`);
          ok(
            r.right <= addons.left + 0.5 && r.right <= bar.right,
            `${text.textContent} inside its room at ${width} px`,
          );
        }
      }
      deepEqual(seen, ['nav', 'burger'], 'the links show while they fit, then the burger');
      deepEqual(
        errors.filter((m) => m.includes('ResizeObserver')),
        [],
      );
    } finally {
      window.removeEventListener('error', onError);
      await setViewport({ width: 1280, height: 800 });
    }
  });

  it('re-measures 100 ms after a resize (debounced), not before', async () => {
    const navigation = Array.from({ length: 5 }, (_, i) => ({
      id: `n${i}`,
      title: `Section number ${i + 1}`,
      link: `/s${i}`,
    }));
    await setViewport({ width: 1600, height: 600 });
    const el = header(`locale="en" meta='${JSON.stringify({ navigation })}'`);
    el.style.display = 'block';
    await sessionReady(el);
    await waitFor(() => $(el, '[part=nav]'));
    await sleep(250);
    const t0 = performance.now();
    el.style.width = '640px';
    await sleep(60);
    ok($(el, '[part=nav]') && !$(el, '[part=burger]'), 'nothing changes within the debounce');
    await waitFor(() => $(el, '[part=burger]') && !$(el, '[part=nav]'), {
      timeout: 3000,
      message: 'burger after the debounce',
    });
    ok(performance.now() - t0 >= 100, 'not before 100 ms');
    await setViewport({ width: 1280, height: 800 });
  });
});

describe('<site-header> roles', () => {
  const navigation = [
    { id: 'open', title: 'Everyone', link: '/everyone' },
    { id: 'dev', title: 'Developers', link: '/dev', role: ['developer', 'owner'] },
    { id: 'guests', title: 'Guests too', link: '/guests', role: ['guest'] },
    { id: 'group', title: 'Admin tools', items: [{ id: 'a1', title: 'Console', link: '/console', role: 'admin' }] },
    { id: 'u1', section: 'userCenter', title: 'My billing', link: '/customer' },
    { id: 'u2', section: 'userCenter', title: 'Owner page', link: '/owner', role: 'owner' },
  ];
  it('keeps items with no role, the user role or guest; drops a parent left without children; user menu links by role', async () => {
    await stub({ signedIn: true });
    await setViewport({ width: 1600, height: 800 });
    const el = header(`locale="en" meta='${JSON.stringify({ navigation })}'`);
    await waitFor(() => $(el, '[part=user]'), { message: 'signed in' });
    const links = () => $$<HTMLAnchorElement>(el, 'nav[part=nav] a').map((a) => a.textContent);
    await waitFor(() => links().length > 0);
    deepEqual(links(), ['Everyone', 'Guests too']);
    ok(!shadowText(el).includes('Admin tools'), 'a parent with no remaining children is dropped');
    ($(el, '[part=user]')!.querySelector('button') ?? $(el, '[part=user]'))!.click();
    await waitFor(() => $$(el, '[role=menuitem]').some((m) => m.textContent === 'My billing'));
    ok(
      !$$(el, '[role=menuitem]').some((m) => m.textContent === 'Owner page'),
      'owner-only link hidden from a customer',
    );
    await setViewport({ width: 1280, height: 800 });
  });
});

describe('<site-header> icons from the icon service', () => {
  const iconLog = async (): Promise<string[]> => (await fetch('/__stub/icon-log')).json();
  beforeEach(() => {
    for (const k of Object.keys(sessionStorage)) if (k.startsWith('site-header-icon:')) sessionStorage.removeItem(k);
  });

  it('products menu icons: one batched request, the next host after a failing one, cached for the next element', async () => {
    const el = header(
      `locale="en" ${productsMeta({ USE_ARCBLOCK_THEME: '1', iconHosts: ['/__stub/icons-down', '/__stub/icons'] })}`,
    );
    const panel = await openProducts(el);
    const kit = await waitFor(
      () => panel.querySelector<HTMLElement>('[part=products-icon][data-icon="tabler:credit-card"]'),
      { message: 'icon not loaded' },
    );
    ok(
      kit.firstElementChild instanceof HTMLElement &&
        getComputedStyle(kit.firstElementChild).maskImage.startsWith('url("data:image/svg+xml'),
      'drawn as a mask',
    );
    equal(kit.getBoundingClientRect().width, 32);
    await waitFor(() => panel.querySelectorAll('[data-icon-fallback]').length === 0, {
      message: 'every product has its icon',
    });
    const log = await iconLog();
    equal(log.length, 2, log.join(' | '));
    ok(log[0]?.startsWith('/__stub/icons-down/tabler.json?icons='), 'first host tried first');
    ok(log[1]?.startsWith('/__stub/icons/tabler.json?icons='), 'then the next host');
    ok(
      log.every((u) => `${location.origin}${u}`.length <= 500),
      'URL within 500 characters',
    );
    ok(sessionStorage.getItem('site-header-icon:tabler:credit-card'), 'cached in sessionStorage');
    cleanup();
    const again = header(
      `locale="en" ${productsMeta({ USE_ARCBLOCK_THEME: '1', iconHosts: ['/__stub/icons-down', '/__stub/icons'] })}`,
    );
    const panel2 = await openProducts(again);
    ok(panel2.querySelector('[part=products-icon][data-icon="tabler:credit-card"]'), 'shown at once from the cache');
    // The panel has rendered its icons: a request it would make for one has gone out.
    await flushed();
    equal((await iconLog()).length, 2, 'no new request within 168 h');
  });

  it('when every icon host fails, letter tiles show and the menu still works', async () => {
    const el = header(`locale="en" ${productsMeta({ USE_ARCBLOCK_THEME: '1', iconHosts: ['/__stub/icons-down'] })}`);
    const panel = await openProducts(el);
    await waitFor(async () => (await iconLog()).length === 1);
    const tile = await waitFor(
      () => panel.querySelector<HTMLElement>('[part=products-icon][data-icon-fallback="tabler:credit-card"]'),
      { message: 'no letter tile' },
    );
    equal(tile.textContent, 'P');
    equal(panel.querySelectorAll('a').length, 18);
    await expectNoAxeViolations(el);
  });

  it('the apps grid shows its icons (50 px), a URL icon as an image', async () => {
    await stub({ signedIn: true });
    const meta = {
      iconHosts: '/__stub/icons',
      navigation: [
        { id: 'home', title: 'Home', link: '/' },
        {
          id: '/sm/billing',
          section: 'sessionManager',
          title: 'My billing',
          icon: 'tabler:receipt',
          link: '/customer',
          role: ['customer', 'owner'],
        },
        {
          id: '/sm/logo',
          section: 'sessionManager',
          title: 'Logo app',
          icon: '/__stub/logo/square.svg',
          link: '/logo',
          role: ['customer', 'owner'],
        },
      ],
    };
    const el = header(`locale="en" meta='${JSON.stringify(meta)}'`);
    const button = await waitFor(() => $<HTMLButtonElement>(el, '[part=apps]'));
    button.click();
    const panel = await waitFor(() => $(el, '[part=apps-panel]'));
    const icon = await waitFor(() => panel.querySelector<HTMLElement>('[part=apps-icon][data-icon="tabler:receipt"]'));
    equal(icon.getBoundingClientRect().width, 50);
    ok(panel.querySelector('[part=apps-icon] img[src$="/__stub/logo/square.svg"]'), 'URL icon as an image');
    deepEqual(
      [...panel.querySelectorAll('a')].map((a) => a.textContent),
      ['My billing', 'Logo app'],
    );
    await expectNoAxeViolations(el);
  });
});

describe('<site-header> products in the burger menu', () => {
  it('below md the burger panel holds the Products disclosure in place, with groups, icons and new-tab links', async () => {
    await setViewport({ width: 600, height: 800 });
    const el = header(`locale="en" ${productsMeta({ USE_ARCBLOCK_THEME: '1', iconHosts: '/__stub/icons' })}`);
    const burger = await waitFor(() => $<HTMLButtonElement>(el, '[part=burger]'));
    equal($(el, '[part=products]'), null, 'no desktop products button');
    burger.click();
    const section = await waitFor(() => $(el, '[part=mobile-nav] [part=mobile-products]'), {
      message: 'no products in the burger',
    });
    const panel = $(el, '[part=mobile-nav]') as HTMLElement;
    deepEqual(
      [...panel.querySelectorAll<HTMLElement>(':scope > ul > li > a, [part=mobile-products] > button')].map(
        (n) => n.textContent,
      ),
      ['Home', 'Products', 'Store'],
      'at the configured index',
    );
    const toggle = section.querySelector('button') as HTMLButtonElement;
    equal(toggle.getAttribute('aria-expanded'), 'false');
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    equal(toggle.getAttribute('aria-expanded'), 'true');
    const list = section.querySelector(`#${CSS.escape(toggle.getAttribute('aria-controls') ?? '')}`) as HTMLElement;
    await waitFor(() => list.querySelectorAll('a').length === 18);
    deepEqual(
      [...list.querySelectorAll('h2')].map((h) => h.textContent),
      ['Applications', 'Components', 'Compute/Storage', 'Identity'],
    );
    const kit = [...list.querySelectorAll<HTMLAnchorElement>('a')].find((a) =>
      a.textContent?.includes('Payment Kit'),
    ) as HTMLAnchorElement;
    equal(kit.target, '_blank');
    equal(new URL(kit.href).searchParams.get('utm_medium'), 'header_nav');
    await waitFor(() => list.querySelector('[data-icon="tabler:credit-card"]'), { message: 'icons in the burger too' });
    await expectNoAxeViolations(el);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => panel.hidden);
    equal(activeDeep(), burger);
  });

  it('a burger appears for the products menu alone (no navigation links)', async () => {
    await setViewport({ width: 600, height: 800 });
    const el = header(`locale="zh" meta='${JSON.stringify({ navigation: [], USE_AIGNE_THEME: '0' })}'`);
    const burger = await waitFor(() => $<HTMLButtonElement>(el, '[part=burger]'));
    burger.click();
    const section = await waitFor(() => $(el, '[part=mobile-products]'));
    equal(section.getAttribute('data-variant'), '2');
    equal(section.querySelector('button')?.textContent, '产品');
  });
});

describe('<site-header> login guard', () => {
  const realOpen = XMLHttpRequest.prototype.open;
  /** Routes the session request to a slow signed-out stub, so the guard's indicator can be seen. */
  const slowSession = (ms: number) => {
    XMLHttpRequest.prototype.open = function (
      this: XMLHttpRequest,
      method: string,
      url: string | URL,
      ...rest: unknown[]
    ) {
      const u = String(url).includes('/api/did/session') ? `/__stub/slow-session?ms=${ms}` : url;
      return (realOpen as (...a: unknown[]) => void).call(this, method, u, ...rest);
    } as typeof XMLHttpRequest.prototype.open;
  };
  afterEach(() => {
    XMLHttpRequest.prototype.open = realOpen;
  });
  const logins: CustomEvent[] = [];
  const onLogin = (e: Event) => {
    logins.push(e as CustomEvent);
    e.preventDefault(); // the test page must not navigate
  };
  beforeEach(() => {
    logins.length = 0;
    document.addEventListener('header-login', onLogin);
  });
  afterEach(() => document.removeEventListener('header-login', onLogin));

  it('shows a loading indicator until the session is ready, then sends a signed-out visitor to sign in with this page', async () => {
    slowSession(600);
    const el = header('locale="en" login-required');
    const indicator = await waitFor(() => $(el, '[part=login-guard]'), { message: 'no loading indicator' });
    equal(indicator.getAttribute('role'), 'status');
    equal(indicator.textContent, 'Loading…');
    equal($(el, '[part=header]')?.getAttribute('aria-busy'), 'true');
    equal($(el, '[part=login]'), null);
    await expectNoAxeViolations(el);
    await waitFor(() => logins.length === 1, { timeout: 3000, message: 'no login redirect' });
    deepEqual(logins[0]?.detail, { redirect: window.location.href, guard: true });
    equal(logins[0]?.cancelable, true);
    // Canceled here: the indicator gives way to the Sign in link, and the guard does not fire again.
    await waitFor(() => $(el, '[part=login]'));
    equal($(el, '[part=login-guard]'), null);
    await flushed();
    equal(logins.length, 1);
  });

  it('is opt-in; a signed-in user passes; the indicator speaks Chinese', async () => {
    const free = header('locale="en"');
    await sessionReady(free);
    // The session is known: a guard would have fired in the effects of that render.
    await flushed();
    equal(logins.length, 0, 'no guard without the attribute');
    cleanup();
    await stub({ signedIn: true });
    const el = header('locale="en" login-required');
    await waitFor(() => $(el, '[part=user]'));
    equal($(el, '[part=login-guard]'), null);
    equal(logins.length, 0);
    cleanup();
    slowSession(400);
    const zh = header('locale="zh" login-required');
    const indicator = await waitFor(() => $(zh, '[part=login-guard]'));
    equal(indicator.textContent, '加载中…');
  });

  it('guard rules: off, loading, pass with a user or after a failed load, redirect', async () => {
    const { guardState } = await import('../../src/header/login-guard.ts');
    equal(guardState(false, { initialized: false, user: null, error: null }), 'off');
    equal(guardState(true, { initialized: false, user: null, error: null }), 'loading');
    equal(guardState(true, { initialized: true, user: { did: 'z1' }, error: null }), 'pass');
    equal(guardState(true, { initialized: true, user: null, error: new Error('network') }), 'pass');
    equal(guardState(true, { initialized: true, user: null, error: null }), 'redirect');
  });
});

describe('<site-header> analytics', () => {
  const log = async (): Promise<string[]> => (await fetch('/__stub/analytics-log')).json();
  it('with `analytics`, one page view goes out by fetch (no script tag; the 200 ms delay: service-analytics.test.ts); without it, none', async () => {
    const scripts = document.scripts.length;
    const el = header('locale="en" analytics');
    await ready(el);
    const page = `${location.pathname}${location.search}`;
    await waitFor(async () => (await log()).length === 1, { timeout: 3000, message: 'no page view' });
    const view = (path: string) => `/.well-known/analytics/pv/${encodeURIComponent(path)}`;
    deepEqual(await log(), [view(page)]);
    equal(document.scripts.length, scripts, 'nothing written outside the shadow root');
    cleanup();
    const quiet = header('locale="en"');
    await ready(quiet);
    // The next page's view is the barrier: each view leaves 200 ms after its page settles, so a second view of the
    // first page, or one from the header without the attribute, would be logged before it.
    const first = location.href;
    const next = new URL(first);
    next.searchParams.set('next', '1');
    history.replaceState(null, '', next);
    try {
      const later = header('locale="en" analytics');
      await ready(later);
      await waitFor(async () => (await log()).length > 1, { timeout: 3000, message: 'no page view of the next page' });
      deepEqual(
        await log(),
        [view(page), view(`${next.pathname}${next.search}`)],
        'one per page, and none without the attribute',
      );
    } finally {
      history.replaceState(null, '', first);
    }
  });
});

/* ------------------------------------------------------------------ axe on every overlay, en and zh, light and dark */

const everyOverlayMeta = (products: Record<string, string>) =>
  `meta='${JSON.stringify({
    navigation: [
      { id: 'home', title: { en: 'Home', zh: '首页' }, link: '/' },
      {
        id: 'docs',
        title: { en: 'Docs', zh: '文档' },
        items: [
          { id: 'guide', title: { en: 'Guide', zh: '指南' }, link: '/guide' },
          { id: 'api', title: 'API', link: 'https://example.com/api' },
        ],
      },
      {
        id: '/userCenter/notification',
        section: 'userCenter',
        title: 'Notifications',
        link: '/.well-known/service/user/notifications',
      },
      {
        id: '/sm/billing',
        section: 'sessionManager',
        title: { en: 'My billing', zh: '我的账单' },
        link: '/customer',
        role: ['customer'],
      },
    ],
    settings: { org: { enabled: true } },
    ...products,
  })}'`;

describe('<site-header> axe on every overlay', () => {
  beforeEach(clearConsent);
  afterEach(clearConsent);
  for (const locale of ['en', 'zh'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`header, menus, products (both variants), apps grid, org menu, create dialog and cookie notice: no violations (${locale}, ${theme})`, async function () {
        // Eight overlays opened and checked one after the other: more than the default 10 s on a loaded machine.
        this.timeout(30_000);
        await setViewport({ width: 1700, height: 900 });
        await stub({ signedIn: true, header: { unread: 2 } });
        const el = header(
          `locale="${locale}" theme="${theme}" cookie-consent ${everyOverlayMeta({ USE_ARCBLOCK_THEME: '1' })}`,
        );
        await waitFor(() => $(el, '[part=cookie-consent]'), { message: 'no cookie notice' });
        await waitFor(() => $(el, '[part=notifications-badge]'), { message: 'no bell' });
        await waitFor(() => $(el, '[part=nav][data-shown]'), { message: 'navigation does not fit' });
        await expectNoAxeViolations(el);
        const check = async (open: () => Promise<unknown>) => {
          await open();
          await expectNoAxeViolations(el);
          await sendKeys({ press: 'Escape' });
          await waitFor(() => !$(el, '[aria-expanded=true]'), { message: 'Escape did not close it' });
        };
        await check(async () => {
          ($(el, '[part=nav] button[aria-haspopup=menu]:not([part=products])') as HTMLButtonElement).click();
          await waitFor(() => $(el, '[role=menu] [role=menuitem]'), { message: 'no nav menu' });
        });
        await check(() => openProducts(el));
        await check(async () => {
          ($(el, '[part~=user]') as HTMLButtonElement).click();
          await waitFor(() => $(el, '[part=menu]'), { message: 'no user menu' });
        });
        await check(async () => {
          (await waitFor(() => $<HTMLButtonElement>(el, '[part=apps]'))).click();
          await waitFor(() => $(el, '[part=apps-panel]'), { message: 'no apps grid' });
        });
        await openOrgs(el);
        await waitFor(() => orgNames(el).length === 3);
        await expectNoAxeViolations(el);
        ($(el, '[part~=org-create]') as HTMLButtonElement).click();
        await waitFor(() => $(el, 'dialog[open]'));
        await expectNoAxeViolations(el);
        cleanup();
        const v2 = header(`locale="${locale}" theme="${theme}" ${everyOverlayMeta({ USE_AIGNE_THEME: '1' })}`);
        const panel = await openProducts(v2);
        equal($(v2, '[part=products]')?.getAttribute('data-variant'), '2');
        ok(panel.textContent?.includes(locale === 'zh' ? '框架与工具' : 'Framework & tools'));
        await expectNoAxeViolations(v2);
        await setViewport({ width: 1280, height: 800 });
      });
    }
  }
});

describe('<site-header> navigation and logo rules', () => {
  it('logo variants, per-locale fallback, sections, mailto unchanged, at most 5 user-menu links', async () => {
    const b = await import('../../src/header/blocklet.ts');
    const logos = { appLogo: 's.svg', appLogoDark: 'sd.svg', appLogoRect: 'r.svg', appLogoRectDark: 'rd.svg' } as any;
    deepEqual(
      [
        b.pickLogo(logos, { small: true, dark: false }),
        b.pickLogo(logos, { small: true, dark: true }),
        b.pickLogo(logos, { small: false, dark: false }),
        b.pickLogo(logos, { small: false, dark: true }),
      ],
      [
        { src: 's.svg', wide: false },
        { src: 'sd.svg', wide: false },
        { src: 'r.svg', wide: true },
        { src: 'rd.svg', wide: true },
      ],
    );
    deepEqual(
      b.pickLogo({ appLogo: 's.svg', appLogoRect: 'r.svg' } as any, { small: false, dark: true }),
      { src: 'r.svg', wide: true },
      'no dark variant: the light one',
    );
    equal(b.localized({ zh: '中', en: 'En' }, 'ja' as any), 'En', 'fallback en');
    equal(b.localized({ zh: '中' }, 'en'), '中', 'then zh');
    equal(b.withLocale('mailto:a@b.c', 'zh'), 'mailto:a@b.c');
    equal(b.withLocale('/x?y=1', 'zh'), '/x?y=1&locale=zh');
    equal(b.withLocale('https://ex.org/p', 'en'), 'https://ex.org/p?locale=en');
    const info = {
      navigation: [
        { id: 'a', title: 'A', link: '/a' },
        { id: 'h', section: 'header', title: 'H', link: '/h' },
        { id: 'f', section: 'footer', title: 'F', link: '/f' },
        { id: 'f2', section: ['footer', 'header'], title: 'Both', link: '/both' },
        { id: 'm', section: 'footer', title: 'Mail', link: 'mailto:x@y.z' },
      ],
    } as any;
    deepEqual(
      b.headerNav(info, 'en').map((e) => e.title),
      ['A', 'H', 'Both'],
    );
    deepEqual(
      b.sectionNav(info, 'en', 'guest', 'footer').map((e) => [e.title, e.href]),
      [
        ['F', '/f?locale=en'],
        ['Both', '/both?locale=en'],
        ['Mail', 'mailto:x@y.z'],
      ],
    );

    await stub({ signedIn: true });
    const navigation = [
      { id: 'home', title: 'Home', link: '/' },
      ...Array.from({ length: 7 }, (_, i) => ({
        id: `/u${i}`,
        section: 'userCenter',
        title: `Link ${i + 1}`,
        link: `/u${i}`,
      })),
    ];
    const el = header(`locale="en" meta='${JSON.stringify({ navigation })}'`);
    ((await waitFor(() => $<HTMLButtonElement>(el, '[part~=user]'))) as HTMLButtonElement).click();
    await waitFor(() => $$(el, '[role=menuitem]').some((m) => m.textContent === 'Sign out'));
    deepEqual(
      $$(el, '[role=menuitem]')
        .map((m) => m.textContent)
        .filter((t) => t?.startsWith('Link')),
      ['Link 1', 'Link 2', 'Link 3', 'Link 4', 'Link 5'],
    );
  });
});
