/**
 * The invoice, or the receipt of a paid invoice, as a document of its own to print or save as PDF (the browser's
 * print to PDF is the PDF). A lazy chunk of the invoice detail, loaded on the click.
 *
 * Isolation: the element lives in someone else's page, and `@media print` inside its shadow root cannot hide that
 * page's header and menus. So the document is printed from a same-origin `about:blank` frame appended inside the
 * element's shadow root (never outside it): only the frame's document prints, whatever the host page is. The frame
 * inherits the page's Content-Security-Policy, so its styles go in a constructable stylesheet adopted by its
 * document (no `<style>`, no style attribute) and every piece of data is set as text (never as markup).
 */
import printMessages from 'messages:portalPrint';
import refundMessages from 'messages:portalRefund';
import type { TFunction } from 'i18next';
import type { Api } from '../api/client.ts';
import { queryKey } from '../api/query-keys.ts';
import { createRefunds } from '../api/resources/refunds.ts';
import type { Address, Invoice, PaymentCurrency, PaymentMethod, Refund } from '../api/types.ts';
import { billingReasonKey } from '../core/billing.ts';
import { transactionOf } from '../core/links.ts';
import { direction, langTag, normalizeLocale } from '../core/locale.ts';
import { safeLink } from '../core/url.ts';
import type { I18nValue } from '../ui/i18n.tsx';
import { loadLazyMessages } from '../ui/lazy-messages.ts';
import { discountLines } from './discount-lines.ts';
import { day, timestamp } from './parts.tsx';

export type PrintKind = 'invoice' | 'receipt';

/** What the document shows: the invoice with its refunds, who sells (the app) and how amounts read. */
export type Printable = {
  kind: PrintKind;
  invoice: Invoice;
  refunds: Refund[];
  seller: { name: string; url?: string | undefined; logo?: string | undefined };
  t: TFunction;
  /** `12.5 TBA` in the payer's language (the portal's `useMoney`). */
  money: (amount: string | null | undefined, currency: PaymentCurrency | null | undefined) => string;
};

/** How a prepared frame is printed: the browser's print dialog (tests put a stand-in here). */
export const printer = { print: (win: Window): void => win.print() };

/**
 * The printable document's stylesheet: the page box (`@page` margins, any paper: A4 or Letter), nothing of a fixed
 * width wider than A4's printable width, ink-friendly colours whatever the element's theme.
 */
export const PRINT_CSS = `
@page { margin: 16mm 14mm; }
:root { color-scheme: light; }
* { box-sizing: border-box; }
html { background: #fff; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body {
  margin: 0; padding: 0; color: #111827; background: #fff;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC",
    "Hiragino Sans GB", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif;
  font-size: 10pt; line-height: 1.45; overflow-wrap: anywhere;
}
@media screen { body { padding: 16mm 14mm; max-width: 210mm; margin: 0 auto; } }
main { display: flex; flex-direction: column; gap: 7mm; }
h1, h2, p, dl, dd { margin: 0; }
.top { display: flex; justify-content: space-between; align-items: flex-start; gap: 8mm; flex-wrap: wrap;
  padding-block-end: 5mm; border-block-end: 1.5pt solid #111827; }
.seller { display: flex; align-items: center; gap: 3mm; min-width: 0; }
.seller img { inline-size: 12mm; block-size: 12mm; object-fit: contain; }
.seller-name { font-size: 14pt; font-weight: 700; }
.muted { color: #4b5563; }
.doc { text-align: end; min-width: 0; }
h1 { font-size: 20pt; font-weight: 750; letter-spacing: 0.02em; }
.status { display: inline-block; margin-block-start: 1.5mm; padding: 0.5mm 2.5mm; border: 1pt solid #6b7280;
  border-radius: 10pt; font-size: 9pt; font-weight: 650; }
.status[data-status="paid"] { border-color: #15803d; color: #15803d; }
.status[data-status="open"], .status[data-status="uncollectible"] { border-color: #b45309; color: #b45309; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 1mm 5mm; }
.facts dt { color: #4b5563; }
.parties { display: grid; grid-template-columns: repeat(auto-fit, minmax(60mm, 1fr)); gap: 6mm; }
.parties h2, section h2 { font-size: 9pt; font-weight: 650; text-transform: uppercase; letter-spacing: 0.06em;
  color: #4b5563; margin-block-end: 1.5mm; }
.party p { white-space: pre-line; }
.headline { font-size: 15pt; font-weight: 700; font-variant-numeric: tabular-nums; }
table { inline-size: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th { font-size: 8.5pt; font-weight: 650; color: #4b5563; text-transform: uppercase; letter-spacing: 0.04em; }
th, td { text-align: start; vertical-align: top; padding: 2mm 0; border-block-end: 0.75pt solid #d1d5db; }
th + th, td + td { padding-inline-start: 4mm; }
.num { text-align: end; white-space: nowrap; }
.totals { margin-inline-start: auto; inline-size: min(100%, 95mm); display: grid;
  grid-template-columns: minmax(0, 1fr) max-content; gap: 1.5mm 0; font-variant-numeric: tabular-nums; }
.totals dd { text-align: end; padding-inline-start: 6mm; }
td .muted { font-size: 8.5pt; }
.totals .grand { font-weight: 700; border-block-start: 1pt solid #111827; padding-block-start: 1.5mm; }
.mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 8.5pt; }
section { break-inside: avoid; display: flex; flex-direction: column; gap: 2mm; }
footer { font-size: 8.5pt; color: #4b5563; border-block-start: 0.75pt solid #d1d5db; padding-block-start: 2mm; }
`;

/** The strings of the document (lazy namespaces, out of the portal's first paint), in the element's language. */
function loadStrings(i18n: I18nValue['i18n'], locale: string): Promise<unknown> {
  return Promise.all([
    loadLazyMessages(i18n, locale, 'portalPrint', printMessages),
    loadLazyMessages(i18n, locale, 'portalRefund', refundMessages),
  ]);
}

type Builder = {
  el: <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    cls?: string | null,
    ...children: Array<Node | string | null | undefined | false>
  ) => HTMLElementTagNameMap[K];
};

function builder(doc: Document): Builder {
  return {
    el(tag, cls, ...children) {
      const node = doc.createElement(tag);
      if (cls) node.className = cls;
      for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c); // strings as text
      return node;
    },
  };
}

const addressLines = (a: Address | null | undefined): string[] =>
  a
    ? [a.line1, a.line2, [a.postal_code, a.city].filter(Boolean).join(' '), a.state, a.country].filter(
        (x): x is string => !!x && !!x.trim(),
      )
    : [];

/** The document's title (the saved PDF's default name): `Invoice SBX-0001`, `收据 SBX-0001`. */
export function documentTitle(p: Pick<Printable, 'kind' | 'invoice' | 't'>): string {
  return p.t('portalPrint.documentTitle', {
    kind: p.t(`portalPrint.${p.kind}`),
    number: p.invoice.number || p.invoice.id,
  });
}

/** The printable document's content (`<main>`), built with DOM calls in `doc`: data as text only. */
export function renderPrintable(doc: Document, p: Printable): HTMLElement {
  const { el } = builder(doc);
  const { invoice, t, money, kind } = p;
  const currency = invoice.paymentCurrency;
  const method = invoice.paymentMethod as PaymentMethod | undefined;
  const number = invoice.number || invoice.id;
  const paidAt = invoice.status_transitions?.paid_at ?? null;
  const receipt = kind === 'receipt';

  const facts = (rows: Array<[string, string | Node] | null | false>, cls = 'facts') => {
    const dl = el('dl', cls);
    for (const row of rows) if (row) dl.append(el('dt', null, row[0]), el('dd', null, row[1]));
    return dl;
  };
  /** A table: its head (each label with its cell class, `num` for amounts) and its rows. */
  const dataTable = (head: Array<[string, string | null]>, rows: HTMLElement[]) =>
    el(
      'table',
      null,
      el('thead', null, el('tr', null, ...head.map(([label, cls]) => el('th', cls, label)))),
      el('tbody', null, ...rows),
    );

  // Seller (the app) and the document's name, number, dates and status.
  const logo = p.seller.logo ? el('img') : null;
  if (logo) {
    logo.alt = '';
    logo.src = p.seller.logo!;
  }
  const seller = el(
    'div',
    'seller',
    logo,
    el('div', null, el('p', 'seller-name', p.seller.name), p.seller.url ? el('p', 'muted', p.seller.url) : null),
  );
  const status = el('span', 'status', t(`portal.invoiceStatus.${invoice.status}`, { defaultValue: invoice.status }));
  status.dataset.status = invoice.status;
  const head = el(
    'div',
    'doc',
    el('h1', null, t(`portalPrint.${kind}`)),
    facts(
      receipt
        ? [[t('portalPrint.invoiceNumber'), number], paidAt ? [t('portalPrint.datePaid'), day(paidAt)] : null]
        : [
            [t('portalPrint.invoiceNumber'), number],
            [t('portalPrint.dateIssued'), day(invoice.created_at)],
            invoice.due_date && invoice.status !== 'paid' && invoice.status !== 'void'
              ? [t('portalPrint.dateDue'), day(invoice.due_date)]
              : null,
            paidAt ? [t('portalPrint.datePaid'), day(paidAt)] : null,
          ],
    ),
    receipt ? null : status,
  );
  head.setAttribute('data-part', 'document-head');

  // Buyer: the invoice's own copies first, then its customer.
  const c = invoice.customer ?? null;
  const buyerLines = [
    invoice.customer_name || c?.name || '',
    invoice.customer_email || c?.email || '',
    ...addressLines(invoice.customer_address ?? c?.address),
  ].filter(Boolean);
  const parties = el(
    'div',
    'parties',
    el(
      'div',
      'party',
      el('h2', null, t('portalPrint.from')),
      el('p', null, [p.seller.name, p.seller.url].filter(Boolean).join('\n')),
    ),
    buyerLines.length
      ? el('div', 'party', el('h2', null, t('portalPrint.billedTo')), el('p', null, buyerLines.join('\n')))
      : null,
  );

  // What this comes to: paid on a day, due, or nothing to pay.
  const total = money(invoice.total, currency);
  const paid = money(invoice.amount_paid ?? '0', currency);
  const headline = receipt
    ? t('portalPrint.paidOn', { amount: paid, date: paidAt ? day(paidAt) : day(invoice.created_at) })
    : invoice.status === 'paid'
      ? t('portalPrint.paidOn', { amount: total, date: paidAt ? day(paidAt) : day(invoice.created_at) })
      : invoice.status === 'void'
        ? t('portal.noPaymentRequired')
        : invoice.status === 'open' || invoice.status === 'uncollectible'
          ? invoice.due_date
            ? t('portalPrint.dueOn', {
                amount: money(invoice.amount_remaining ?? invoice.total, currency),
                date: day(invoice.due_date),
              })
            : t('portalPrint.due', { amount: money(invoice.amount_remaining ?? invoice.total, currency) })
          : total;

  const about = facts([
    [t('portal.reason'), t(billingReasonKey(invoice.billing_reason))],
    invoice.description ? [t('portal.description'), invoice.description] : null,
    invoice.period_start && invoice.period_end && invoice.period_end > invoice.period_start
      ? [t('portal.period'), `${day(invoice.period_start)} – ${day(invoice.period_end)}`]
      : null,
  ]);

  // The lines, then the totals: subtotal and discounts, tax, total, paid and remaining.
  const lines = (invoice.lines ?? []) as Array<{
    description?: string;
    quantity?: number;
    amount?: string;
    price?: { product?: { name?: string } };
  }>;
  const table = dataTable(
    [
      [t('portal.item'), null],
      [t('portal.quantity'), 'num'],
      [t('portal.amount'), 'num'],
    ],
    lines.map((l) => {
      const name = l.price?.product?.name ?? l.description ?? '';
      const detail = l.description && l.description !== name ? el('div', 'muted', l.description) : null;
      const row = el(
        'tr',
        null,
        el('td', null, el('bdi', null, name), detail),
        el('td', 'num', String(l.quantity ?? 1)),
        el('td', 'num', money(l.amount ?? '0', currency)),
      );
      row.setAttribute('data-part', 'line');
      return row;
    }),
  );
  const discounts = discountLines(invoice).map(({ amount, code, coupon }): [string, string] => [
    [code ? t('portal.discountCode', { code }) : t('portal.discount'), coupon].filter(Boolean).join(' · '),
    `−${money(amount, currency)}`,
  ]);
  const tax = invoice.tax && /^\d+$/.test(invoice.tax) && BigInt(invoice.tax) > 0n ? invoice.tax : null;
  const totals = facts(
    [
      discounts.length || tax ? [t('portal.subtotal'), money(invoice.subtotal ?? invoice.total, currency)] : null,
      ...discounts,
      tax ? [t('portalPrint.tax'), money(tax, currency)] : null,
    ],
    'totals',
  );
  const grand = (label: string, value: string) => {
    const dt = el('dt', 'grand', label);
    const dd = el('dd', 'grand', value);
    totals.append(dt, dd);
  };
  grand(t('portal.total'), total);
  totals.append(el('dt', null, t('portal.amountPaid')), el('dd', null, paid));
  if (!receipt) {
    totals.append(
      el('dt', null, t('portal.amountRemaining')),
      el('dd', null, money(invoice.amount_remaining ?? '0', currency)),
    );
  }
  totals.setAttribute('data-part', 'totals');

  // The payment: method and currency, when, the transaction.
  const { methodType, tx } = transactionOf(
    invoice.metadata?.payment_details ?? invoice.paymentIntent?.payment_details,
    method,
  );
  const intent = tx.payment_intent_id ?? invoice.paymentIntent?.id;
  const paymentRows: Array<[string, string | Node] | null | false> = [
    method?.name
      ? [t('portal.paymentMethod'), currency?.symbol ? `${method.name} (${currency.symbol})` : method.name]
      : null,
    paidAt ? [t('portalPrint.datePaid'), timestamp(paidAt)] : null,
    tx.tx_hash ? [t('portal.txHash'), el('span', 'mono', tx.tx_hash)] : null,
    methodType === 'ethereum' && tx.gas_used
      ? [t('portal.gas'), `${tx.gas_used}${tx.gas_price ? ` × ${tx.gas_price}` : ''}`]
      : null,
    intent ? [t('portal.paymentIntent'), el('span', 'mono', intent)] : null,
  ];
  const payment =
    paymentRows.some(Boolean) && (invoice.status === 'paid' || receipt || method)
      ? el('section', null, el('h2', null, t('portalPrint.payment')), facts(paymentRows))
      : null;
  payment?.setAttribute('data-part', 'payment');

  // Refunds of a paid invoice.
  const refunds = p.refunds.length
    ? el(
        'section',
        null,
        el('h2', null, t('portalRefund.title')),
        dataTable(
          [
            [t('portalRefund.date'), null],
            [t('portalRefund.reason'), null],
            [t('portalRefund.status'), null],
            [t('portalRefund.amount'), 'num'],
          ],
          p.refunds.map((r) => {
            const { tx: rtx } = transactionOf(r.payment_details, r.paymentMethod ?? method);
            const ref = rtx.tx_hash ?? rtx.refund_id;
            return el(
              'tr',
              null,
              el('td', null, timestamp(r.created_at)),
              el(
                'td',
                null,
                t(`portalRefund.types.${r.type}`, { defaultValue: r.type }),
                r.reason ? el('div', 'muted', t(`portalRefund.reasons.${r.reason}`, { defaultValue: r.reason })) : null,
                ref ? el('div', 'mono', ref) : null,
              ),
              el('td', null, t(`portalRefund.statuses.${r.status}`, { defaultValue: r.status })),
              el('td', 'num', money(r.amount, r.paymentCurrency ?? currency)),
            );
          }),
        ),
      )
    : null;
  refunds?.setAttribute('data-part', 'refunds');

  const main = el(
    'main',
    null,
    el('header', 'top', seller, head),
    parties,
    el('p', 'headline', headline),
    about,
    lines.length ? el('section', null, el('h2', null, t('portal.items')), table) : null,
    totals,
    payment,
    refunds,
    el('footer', null, documentTitle(p)),
  );
  main.dataset.kind = kind;
  return main;
}

/** Resolves once the frame's document is ready to be written: at once, or on its load event, or after a second. */
function frameReady(frame: HTMLIFrameElement, attach: () => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => resolve();
    frame.addEventListener('load', done, { once: true });
    attach();
    setTimeout(done, 1000);
  });
}

/** An image that loads (or fails) within a second; one that fails is removed. */
const settled = (img: HTMLImageElement): Promise<void> =>
  Promise.race([img.decode().catch(() => img.remove()), new Promise<void>((r) => setTimeout(r, 1000))]).then(
    () => undefined,
  );

export type PrintOptions = {
  kind: PrintKind;
  invoice: Invoice;
  api: Api;
  i18n: I18nValue['i18n'];
  locale: string;
  t: TFunction;
  money: Printable['money'];
  /** Where the frame goes: an element inside the shadow root (React leaves its children alone). */
  slot: HTMLElement;
  /** The class that keeps the frame out of sight and out of the layout. */
  frameClass: string;
};

/**
 * Prints the invoice (or its receipt) alone: loads the strings and the refunds, writes the document into a fresh
 * frame in `slot` (the previous one replaced) and opens the browser's print dialog on that frame.
 */
export async function printInvoice(o: PrintOptions): Promise<HTMLIFrameElement> {
  const { invoice, api } = o;
  const [, refunds, app] = await Promise.all([
    loadStrings(o.i18n, o.locale),
    invoice.status === 'paid'
      ? api.queryClient
          .fetchQuery({
            queryKey: queryKey('invoice', invoice.id, 'refunds'),
            queryFn: () => createRefunds(api).list({ invoice_id: invoice.id, pageSize: 100 }),
            staleTime: 30_000,
          })
          .then((r) => r.list)
      : Promise.resolve([] as Refund[]),
    Promise.resolve(api.blocklet.current() ?? api.blocklet.get().catch(() => undefined)),
  ]);
  const printable: Printable = {
    kind: o.kind,
    invoice,
    refunds,
    seller: {
      name: app?.appName || (typeof location === 'object' ? location.hostname : ''),
      url: safeLink(app?.appUrl) ?? undefined,
      logo: safeLink(app?.appLogo) ?? undefined,
    },
    t: o.t,
    money: o.money,
  };

  const frame = o.slot.ownerDocument.createElement('iframe');
  frame.className = o.frameClass;
  frame.title = o.t('portalPrint.frame');
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  await frameReady(frame, () => o.slot.replaceChildren(frame));
  const win = frame.contentWindow;
  const doc = frame.contentDocument;
  if (!win || !doc) throw new Error('The print frame has no document');
  doc.documentElement.lang = langTag(normalizeLocale(o.locale));
  doc.documentElement.dir = direction(o.locale);
  doc.title = documentTitle(printable);
  // The frame's own constructor: a sheet is adopted only by a document of the window that made it.
  const sheet = new (win as Window & typeof globalThis).CSSStyleSheet();
  sheet.replaceSync(PRINT_CSS);
  doc.adoptedStyleSheets = [sheet];
  const main = renderPrintable(doc, printable);
  doc.body.replaceChildren(main);
  const img = main.querySelector('img');
  await Promise.all([img ? settled(img) : null, doc.fonts?.ready]);
  // The frame gets focus to print (older engines printed the focused page otherwise); the payer's focus comes back.
  const root = o.slot.getRootNode() as ShadowRoot | Document;
  const focused = root.activeElement as HTMLElement | null;
  win.focus();
  try {
    printer.print(win);
  } finally {
    focused?.focus();
  }
  return frame;
}
