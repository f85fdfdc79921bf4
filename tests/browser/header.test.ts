import '../../elements/site-header.ts';
import { $, $$, activeDeep, cleanup, deepEqual, equal, expectNoAxeViolations, mount, ok, sendKeys, setViewport, shadowText, sleep, stub, waitFor } from './helpers.ts';

const header = (attrs = '') => mount(`<site-header ${attrs}></site-header>`).firstElementChild as HTMLElement;
const ready = (el: HTMLElement) => waitFor(() => $(el, '[part=brand]'), { message: 'header did not render' });
const sessionReady = (el: HTMLElement) => waitFor(() => $(el, '[part=login]') || $(el, '[part=user]'), { message: 'session did not load' });

beforeEach(async () => {
  await stub({});
  await setViewport({ width: 1280, height: 800 });
});
afterEach(cleanup);

describe('<site-header>', () => {
  it('renders logo, app name and the header navigation from the app description', async () => {
    const el = header('locale="en" theme="light"');
    await ready(el);
    const logo = $<HTMLImageElement>(el, '[part=logo]');
    ok(logo?.src.endsWith('/__stub/logo/rect.svg'), 'wide logo on a large screen');
    equal($(el, '[part=brand]')?.getAttribute('aria-label'), 'Sandbox Pay home');
    const nav = $(el, 'nav[part=nav]') as HTMLElement;
    ok(nav, 'nav');
    const links = [...nav.querySelectorAll<HTMLAnchorElement>('a')];
    deepEqual(links.map((a) => a.textContent), ['Home', 'Store', 'Blog']);
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
    const group = $<HTMLButtonElement>(el, 'nav button[aria-haspopup=menu]') as HTMLButtonElement;
    group.focus();
    await sendKeys({ press: 'Enter' });
    const items = await waitFor(() => {
      const list = $$(el, '[role=menu] [role=menuitem]');
      return list.length ? list : null;
    });
    deepEqual(items.map((i) => i.textContent?.replace('(opens in a new tab)', '').trim()), ['GuideGetting started', 'API']);
    equal(activeDeep(), items[0]);
    equal((items[1] as HTMLAnchorElement).target, '_blank');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => group.getAttribute('aria-expanded') === 'false');
    equal(activeDeep(), group);
  });

  it('meta attribute overrides fields of window.blocklet; embed-mode 1 renders nothing', async () => {
    const el = header(`locale="en" meta='{"appName":"Acme","appLogoRect":"","navigation":[{"title":"Pricing","link":"/pricing"}],"languages":[{"code":"en","name":"English"}],"theme":{"prefer":"light"}}'`);
    await ready(el);
    await waitFor(() => $(el, '[part=app-name]')?.textContent === 'Acme');
    deepEqual($$(el, 'nav[part=nav] a').map((a) => a.textContent), ['Pricing']);
    equal($(el, '[part~=locale]'), null, 'no language selector with one language');
    equal($(el, '[part=theme-toggle]'), null, 'no theme toggle unless prefer is system');
    const hidden = header('embed-mode="1"');
    await sleep(200);
    equal(hidden.shadowRoot?.querySelector('header'), null);
    equal(hidden.getBoundingClientRect().height, 0);
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
      const veto = (e: Event) => e.preventDefault();
      el.addEventListener('header-locale-change', veto);
      ($(el, '[part~=locale]') as HTMLButtonElement).click();
      (await waitFor(() => $$(el, '[role=menuitemradio]').find((i) => i.textContent === 'English'))).click();
      await sleep(50);
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
    equal(events.length, 0, 'nothing before the debounce');
    await sleep(400);
    equal(events.length, 1, 'one event after rapid toggles');
    deepEqual(events[0]?.detail, { theme: 'dark' });
  });

  it('signed out: a Sign in link to the login page, header-login is cancelable', async () => {
    const el = header('locale="en"');
    await ready(el);
    const login = (await waitFor(() => $<HTMLAnchorElement>(el, '[part=login]'))) as HTMLAnchorElement;
    equal(login.textContent, 'Sign in');
    const url = new URL(login.href);
    equal(url.pathname, '/.well-known/service/sandbox/login');
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

  it('below md: a burger opens the navigation panel; square logo on small screens', async () => {
    await setViewport({ width: 390, height: 800 });
    const el = header('locale="en"');
    await ready(el);
    equal($(el, 'nav[part=nav]'), null);
    const burger = (await waitFor(() => $<HTMLButtonElement>(el, '[part=burger]'))) as HTMLButtonElement;
    equal(burger.getAttribute('aria-expanded'), 'false');
    equal(burger.getAttribute('aria-label'), 'Open menu');
    ok($<HTMLImageElement>(el, '[part=logo]')?.src.endsWith('/__stub/logo/square.svg'), 'square logo');
    const panel = $(el, '[part=mobile-nav]') as HTMLElement;
    equal(panel.hidden, true);
    burger.click();
    await waitFor(() => !panel.hidden);
    const r = burger.getBoundingClientRect();
    ok(r.width >= 24 && r.height >= 24);
    ok(panel.textContent?.includes('Guide'), 'groups expanded inline');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => panel.hidden);
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
      ($(signedIn, '[part=burger]') as HTMLElement | null)?.click();
      await sleep(50);
      await expectNoAxeViolations(signedIn);
    });
  }
});
