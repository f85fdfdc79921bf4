/**
 * The reference host's glue (built by Vite as /elements/host.js). Vanilla TypeScript, no framework: it picks the
 * element for the current path, loads its module lazily next to this file, and wires the elements' events to the
 * History API, the document language and the page theme.
 *
 *   /checkout/{id}                → <pay-checkout checkout-id="{id}">
 *   /checkout                     → demo catalog (GET /payment/api/sandbox/catalog), links to /checkout/{plink}
 *   /pricing                      → <pay-pricing-table pricing-table-id="prctbl_sandbox_demo"> (?mode=redirect)
 *   /customer/invoice/past-due    → <pay-portal view="past-due">
 *   /customer/invoice/{id}        → <pay-portal view="invoice" resource-id="{id}">
 *   /customer/subscription/{id}   → <pay-portal view="subscription" resource-id="{id}">
 *   /customer/credit-grant/{id}   → <pay-portal view="credit-grant" resource-id="{id}">
 *   /customer[/…]                 → <pay-portal view="invoices">
 *   anything else                 → <blocklet-store base-path="/"> (it routes inside itself)
 *   /embed/…                      → the same, with <site-header embed-mode="1"> (the header hides itself)
 *
 * Events: pay-navigate / store-navigate {path} → history.pushState + render (store → store moves are left to
 * the store's own router); popstate → render; header-locale-change {locale} → `locale` on every element,
 * <html lang> and the page's `?locale` (so a reload keeps the choice); header-theme-change {theme} → `theme` on
 * every element and <html data-theme>.
 *
 * DID Wallet deep links (the connect dialog's "Open DID Wallet") open the sandbox wallet page (sandbox only).
 *
 * Language and theme start from what /host-prefs.js (hosts/pages/prefs.js, a blocking script in <head>) settled
 * before the first paint in the platform's order (?locale → nf_lang cookie → browser languages; ?theme →
 * sessionStorage → theme.prefer → localStorage → system): every element is created with that `locale` and, when
 * one was chosen, that `theme`, so none renders in the other language or theme first.
 */

type View =
  | {
      kind: 'element';
      tag: 'pay-checkout' | 'pay-portal' | 'blocklet-store' | 'pay-pricing-table';
      attrs: Record<string, string>;
      title: string;
      /** A page heading and lead above the element (the element itself has none), in the page's language. */
      heading?: { title: HostTextKey; lead: HostTextKey };
    }
  | { kind: 'catalog'; title: string };

type CatalogEntry = {
  id: string;
  name: string;
  description?: string | null;
  kind?: string;
  amount?: string | number | null;
  symbol?: string;
  decimal?: number;
};

const MODULE_BASE = import.meta.url;
const moduleUrl = (name: string): string => new URL(`./${name}.js`, MODULE_BASE).href;
const loaded = new Map<string, Promise<unknown>>();
function loadElement(tag: string): Promise<unknown> {
  let p = loaded.get(tag);
  if (!p) {
    p = import(/* @vite-ignore */ moduleUrl(tag));
    p.catch(() => loaded.delete(tag));
    loaded.set(tag, p);
  }
  return p;
}

const APP_NAME = 'Sandbox Store';

/**
 * The host's own page texts (the elements carry theirs), one table per language: another language is another
 * table. The page's language is the elements' (<html lang>, then each header-locale-change).
 */
const HOST_TEXTS = {
  en: {
    skip: 'Skip to content',
    pricingTitle: 'Pricing',
    pricingLead:
      "The sandbox's demo pricing table. Pick a plan to check out; approve the payment in the sandbox wallet.",
  },
  zh: {
    skip: '跳到主要内容',
    pricingTitle: '价格方案',
    pricingLead: '沙盒的演示价格表。选择一个方案即可结账；在沙盒钱包中批准付款。',
  },
  ja: {
    skip: 'コンテンツへスキップ',
    pricingTitle: '料金プラン',
    pricingLead:
      'サンドボックスのデモ用料金表です。プランを選んで購入手続きに進み、サンドボックスのウォレットで支払いを承認してください。',
  },
  ko: {
    skip: '본문으로 건너뛰기',
    pricingTitle: '요금제',
    pricingLead: '샌드박스의 데모 요금표입니다. 요금제를 선택해 결제하고, 샌드박스 지갑에서 결제를 승인하세요.',
  },
  es: {
    skip: 'Saltar al contenido',
    pricingTitle: 'Precios',
    pricingLead:
      'La tabla de precios de demostración del sandbox. Elige un plan para pagar y aprueba el pago en la billetera del sandbox.',
  },
  fr: {
    skip: 'Aller au contenu',
    pricingTitle: 'Tarifs',
    pricingLead:
      'La grille tarifaire de démonstration du bac à sable. Choisissez une offre pour payer, puis approuvez le paiement dans le portefeuille du bac à sable.',
  },
  de: {
    skip: 'Zum Inhalt springen',
    pricingTitle: 'Preise',
    pricingLead:
      'Die Demo-Preistabelle der Sandbox. Wählen Sie einen Tarif zum Bezahlen und bestätigen Sie die Zahlung in der Sandbox-Wallet.',
  },
  'pt-BR': {
    skip: 'Pular para o conteúdo',
    pricingTitle: 'Preços',
    pricingLead:
      'A tabela de preços de demonstração do sandbox. Escolha um plano para finalizar a compra e aprove o pagamento na carteira do sandbox.',
  },
  ru: {
    skip: 'Перейти к содержимому',
    pricingTitle: 'Тарифы',
    pricingLead:
      'Демонстрационная таблица тарифов песочницы. Выберите тариф, чтобы оплатить, и подтвердите платёж в кошельке песочницы.',
  },
  ar: {
    skip: 'انتقل إلى المحتوى',
    pricingTitle: 'الأسعار',
    pricingLead:
      'جدول الأسعار التجريبي في بيئة الاختبار. اختر خطة لإتمام الدفع، ثم وافق على الدفعة في محفظة بيئة الاختبار.',
  },
} satisfies Record<string, Record<string, string>>;
type HostTextKey = keyof (typeof HOST_TEXTS)['en'];

/**
 * The table of a language tag, along the elements' chain (src/core/locale.ts normalizeLocale: zh-TW and tw are zh, any
 * Portuguese is pt-BR, a region falls back to its language, a language without a table is English). The host page
 * keeps its own few lines of it: importing the elements' module would tie the host's script to their chunks.
 */
function hostLanguage(locale: string | undefined): keyof typeof HOST_TEXTS {
  const language = (locale ?? '').trim().replace(/_/g, '-').toLowerCase().split('-')[0]!;
  if (language === 'tw') return 'zh';
  if (language === 'pt') return 'pt-BR';
  return language in HOST_TEXTS ? (language as keyof typeof HOST_TEXTS) : 'en';
}

/** A host text in the page's language. */
function hostText(key: HostTextKey): string {
  return HOST_TEXTS[hostLanguage(state.locale)][key];
}

/** The page's language on <html>: `lang` as chosen, `dir` right to left for Arabic (the host's layout mirrors too). */
function setPageLanguage(locale: string): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = hostLanguage(locale) === 'ar' ? 'rtl' : 'ltr';
}

/** Writes the host texts of the page (elements marked data-host-text) in the page's language. */
function translateHostTexts(): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-host-text]'))
    el.textContent = hostText(el.dataset.hostText as HostTextKey);
  const heading = document.querySelector<HTMLElement>('h1[data-host-text]');
  if (heading) document.title = `${heading.textContent} · ${APP_NAME}`;
}
const EMBED_PREFIX = '/embed';

/** The page's language and theme, as prefs.js settled them on <html> (no data-theme: follow the system). */
function initialState(): { locale?: string; theme?: string } {
  const root = document.documentElement;
  const theme = root.dataset.theme;
  return {
    ...(root.lang ? { locale: root.lang } : {}),
    ...(theme === 'light' || theme === 'dark' ? { theme } : {}),
  };
}
const state: { locale?: string; theme?: string } = initialState();
let current: { key: string; el: HTMLElement | null } | null = null;
let renderSeq = 0;

function splitEmbed(pathname: string): { embed: boolean; path: string } {
  if (pathname === EMBED_PREFIX || pathname.startsWith(`${EMBED_PREFIX}/`)) {
    return { embed: true, path: pathname.slice(EMBED_PREFIX.length) || '/' };
  }
  return { embed: false, path: pathname };
}

function seg(s: string | undefined): string {
  try {
    return decodeURIComponent(s ?? '');
  } catch {
    return s ?? '';
  }
}

/** The view for a path (without the /embed prefix). */
export function routeFor(path: string): View {
  const parts = path.split('/').filter(Boolean);
  const [first, second, third] = parts;
  if (first === 'checkout') {
    if (second)
      return { kind: 'element', tag: 'pay-checkout', attrs: { 'checkout-id': seg(second) }, title: 'Checkout' };
    return { kind: 'catalog', title: 'Checkout demo' };
  }
  if (first === 'pricing') {
    // The seeded demo table (docs/sandbox.md, "Pricing tables"); ?mode=redirect opens the hosted checkout instead.
    const mode = new URLSearchParams(location.search).get('mode') === 'redirect' ? 'redirect' : 'inline';
    return {
      kind: 'element',
      tag: 'pay-pricing-table',
      attrs: { 'pricing-table-id': 'prctbl_sandbox_demo', mode },
      title: 'Pricing',
      heading: { title: 'pricingTitle', lead: 'pricingLead' },
    };
  }
  if (first === 'customer') {
    const portal = (view: string, id?: string): View => ({
      kind: 'element',
      tag: 'pay-portal',
      attrs: id ? { view, 'resource-id': seg(id) } : { view },
      title: 'Billing',
    });
    if (second === 'invoice' && third === 'past-due') return portal('past-due');
    if (second === 'invoice' && third) return portal('invoice', third);
    if (second === 'subscription' && third) return portal('subscription', third);
    if (second === 'credit-grant' && third) return portal('credit-grant', third);
    return portal('invoices');
  }
  return { kind: 'element', tag: 'blocklet-store', attrs: { 'base-path': '/' }, title: 'Store' };
}

const viewKey = (v: View) => (v.kind === 'catalog' ? 'catalog' : v.tag);

function applyShared(el: Element): void {
  if (state.locale) el.setAttribute('locale', state.locale);
  if (state.theme) el.setAttribute('theme', state.theme);
}

function notice(title: string, text: string): HTMLElement {
  const box = document.createElement('section');
  box.className = 'host-notice';
  box.setAttribute('role', 'alert');
  const h = document.createElement('h1');
  h.textContent = title;
  const p = document.createElement('p');
  p.textContent = text;
  box.append(h, p);
  return box;
}

function formatAmount(
  amount: string | number | null | undefined,
  decimal: number | undefined,
  symbol: string | undefined,
): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const d = Math.max(0, Math.min(18, Number(decimal ?? 2)));
  let units: bigint;
  try {
    units = BigInt(String(amount));
  } catch {
    return `${amount} ${symbol ?? ''}`.trim();
  }
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const base = 10n ** BigInt(d);
  const whole = (abs / base).toString();
  let frac = (abs % base).toString().padStart(d, '0').replace(/0+$/, '');
  if (frac.length < 2 && d >= 2) frac = frac.padEnd(2, '0');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''} ${symbol ?? ''}`.trim();
}

async function renderCatalog(root: HTMLElement, seq: number): Promise<void> {
  const page = document.createElement('section');
  page.className = 'host-page';
  const h = document.createElement('h1');
  h.textContent = 'Checkout demo';
  const lead = document.createElement('p');
  lead.className = 'lead';
  lead.textContent =
    'Seeded payment links of the sandbox. Open one to try the checkout; approve the payment in the sandbox wallet.';
  const list = document.createElement('ul');
  list.className = 'catalog';
  list.setAttribute('aria-busy', 'true');
  page.append(h, lead, list);
  root.replaceChildren(page);
  let entries: CatalogEntry[];
  try {
    const res = await fetch('/payment/api/sandbox/catalog', {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
    entries = (await res.json()) as CatalogEntry[];
    if (!Array.isArray(entries)) throw new Error('unexpected response');
  } catch (err) {
    if (seq !== renderSeq) return;
    list.replaceWith(
      notice('The catalog could not be loaded', `GET /payment/api/sandbox/catalog failed: ${(err as Error).message}`),
    );
    return;
  }
  if (seq !== renderSeq) return;
  list.removeAttribute('aria-busy');
  if (entries.length === 0) {
    list.replaceWith(notice('No payment links yet', 'The sandbox has no seeded payment links.'));
    return;
  }
  for (const e of entries) {
    if (typeof e?.id !== 'string') continue;
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `/checkout/${encodeURIComponent(e.id)}`;
    a.dataset.hostLink = '';
    const kind = document.createElement('span');
    kind.className = 'kind';
    kind.textContent = String(e.kind ?? 'payment').replace(/[_-]+/g, ' ');
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = e.name || e.id;
    const desc = document.createElement('span');
    desc.className = 'desc';
    desc.textContent = e.description ?? '';
    const price = document.createElement('span');
    price.className = 'price';
    price.textContent = formatAmount(e.amount, e.decimal, e.symbol);
    a.append(kind, name, desc, price);
    li.append(a);
    list.append(li);
  }
}

function syncHeader(embed: boolean): void {
  let header = document.querySelector('site-header');
  if (!header) {
    header = document.createElement('site-header');
    document.body.prepend(header);
  }
  // The reference host counts page views (the sandbox's analytics endpoints answer them).
  header.setAttribute('analytics', '');
  if (embed) header.setAttribute('embed-mode', '1');
  else header.removeAttribute('embed-mode');
  applyShared(header);
  loadElement('site-header').catch((err) => console.error('[host] site-header failed to load', err));
}

async function render(): Promise<void> {
  const seq = ++renderSeq;
  const root = document.getElementById('app');
  if (!root) return;
  const { embed, path } = splitEmbed(location.pathname);
  document.documentElement.toggleAttribute('data-embed', embed);
  syncHeader(embed);
  const view = routeFor(path);
  document.title = `${view.kind === 'element' && view.heading ? hostText(view.heading.title) : view.title} · ${APP_NAME}`;
  const key = viewKey(view);

  if (view.kind === 'catalog') {
    current = { key, el: null };
    await renderCatalog(root, seq);
    return;
  }
  // Same element: update its attributes in place (the store keeps routing itself).
  if (current?.key === key && current.el && root.contains(current.el)) {
    for (const [k, v] of Object.entries(view.attrs)) current.el.setAttribute(k, v);
    if (view.tag === 'pay-portal' && !view.attrs['resource-id']) current.el.removeAttribute('resource-id');
    return;
  }
  const el = document.createElement(view.tag);
  for (const [k, v] of Object.entries(view.attrs)) el.setAttribute(k, v);
  applyShared(el);
  current = { key, el };
  if (view.heading) {
    const page = document.createElement('section');
    page.className = 'host-page host-page-wide';
    const h = document.createElement('h1');
    h.dataset.hostText = view.heading.title;
    const lead = document.createElement('p');
    lead.className = 'lead';
    lead.dataset.hostText = view.heading.lead;
    page.append(h, lead, el);
    root.replaceChildren(page);
    translateHostTexts();
  } else root.replaceChildren(el);
  try {
    await loadElement(view.tag);
  } catch (err) {
    console.error(`[host] ${view.tag} failed to load`, err);
    if (seq !== renderSeq) return;
    root.replaceChildren(
      notice(
        'This part of the product is not available',
        `The <${view.tag}> element could not be loaded. Run npm run build, then reload.`,
      ),
    );
    current = null;
  }
}

/** A same-origin path (one leading '/'), or null. */
function safePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  return value;
}

function navigate(path: string): void {
  const embed = splitEmbed(location.pathname).embed;
  const target = embed && !splitEmbed(path).embed ? `${EMBED_PREFIX}${path}` : path;
  if (target !== `${location.pathname}${location.search}${location.hash}`) history.pushState(null, '', target);
  void render();
  document.getElementById('app')?.focus({ preventScroll: true });
  window.scrollTo(0, 0);
}

function detailPath(e: Event): string | null {
  const detail = (e as CustomEvent<{ path?: unknown }>).detail;
  return safePath(detail && typeof detail === 'object' ? detail.path : undefined);
}

// <pay-checkout> and <pay-portal> (prefix pay-) ask the host to route app links (invoice, subscription, …).
document.addEventListener('pay-navigate', (e) => {
  const path = detailPath(e);
  if (!path) return;
  e.preventDefault();
  navigate(path);
});

document.addEventListener('store-navigate', (e) => {
  const path = detailPath(e);
  if (!path) return;
  const target = routeFor(new URL(path, location.origin).pathname);
  if (target.kind === 'element' && target.tag === 'blocklet-store' && current?.key === 'blocklet-store') return; // the store routes itself
  e.preventDefault();
  navigate(path);
});

window.addEventListener('popstate', () => void render());

document.addEventListener('header-locale-change', (e) => {
  const locale = (e as CustomEvent<{ locale?: unknown }>).detail?.locale;
  if (typeof locale !== 'string' || !/^[a-zA-Z-]{2,10}$/.test(locale)) return;
  state.locale = locale;
  setPageLanguage(locale);
  for (const el of elements()) el.setAttribute('locale', locale);
  translateHostTexts();
  // A `?locale` in the address would win over the stored choice on the next reload: it follows the choice.
  const url = new URL(location.href);
  if (url.searchParams.has('locale') && url.searchParams.get('locale') !== locale) {
    url.searchParams.set('locale', locale);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
});

document.addEventListener('header-theme-change', (e) => {
  const theme = (e as CustomEvent<{ theme?: unknown }>).detail?.theme;
  if (theme !== 'light' && theme !== 'dark' && theme !== 'auto') return;
  state.theme = theme;
  // As for the language: a `?theme` in the address follows the choice, so a reload keeps it.
  const url = new URL(location.href);
  if (url.searchParams.has('theme') && url.searchParams.get('theme') !== theme) {
    url.searchParams.set('theme', theme);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  for (const el of elements()) el.setAttribute('theme', theme);
});

// The host's own links (catalog cards) move with the History API instead of reloading.
document.addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a[data-host-link]');
  if (!(a instanceof HTMLAnchorElement) || a.origin !== location.origin) return;
  e.preventDefault();
  navigate(`${a.pathname}${a.search}`);
});

/**
 * Sandbox only: a DID Wallet deep link (`https://abtwallet.io/i/?action=requestAuth&url=…`, the elements' "Open DID
 * Wallet") opens the sandbox's web wallet with it, in a new tab, so that a person trying `npm start` on a desktop
 * (no DID Wallet app there) can answer the request. The elements stay faithful to the platform (their link and QR
 * code are the real deep link); this host, which only ever runs on the sandbox, offers its wallet for it.
 */
const DEEP_LINK = /^https:\/\/abtwallet\.io\/i\/\?/;
document.addEventListener(
  'click',
  (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.composedPath().find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement);
    if (!a || !DEEP_LINK.test(a.href)) return;
    e.preventDefault();
    window.open(`/.well-known/service/sandbox/wallet?url=${encodeURIComponent(a.href)}`, '_blank', 'noopener');
  },
  true,
);

/**
 * Embed mode (a page of /embed/… in an iframe): tell the framing page this page's height, so it can size the iframe
 * and the checkout is never squeezed behind an inner scroll (docs/consumers.md, "Embedding in an iframe").
 * The parent says `{type: 'pay-embed:hello'}` (to this page's origin); only a message from the window that frames
 * this page counts, and the heights go to that window at the hello's origin only, never to '*'.
 */
function reportHeightToParent(): void {
  if (window.parent === window) return;
  let parent: { win: Window; origin: string } | null = null;
  let sent = 0;
  const send = () => {
    if (!parent || !document.body) return;
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === sent) return;
    sent = height;
    parent.win.postMessage({ type: 'pay-embed:height', height }, parent.origin);
  };
  window.addEventListener('message', (e) => {
    if (
      e.source !== window.parent ||
      (e.data as { type?: unknown } | null)?.type !== 'pay-embed:hello' ||
      e.origin === 'null'
    )
      return;
    parent = { win: e.source as Window, origin: e.origin };
    sent = 0;
    send();
  });
  new ResizeObserver(send).observe(document.body);
}

function elements(): Element[] {
  return [
    ...document.querySelectorAll(
      'site-header, pay-checkout, pay-portal, blocklet-store, pay-pricing-table, pay-provider',
    ),
  ];
}

void render();
if (splitEmbed(location.pathname).embed) reportHeightToParent();
