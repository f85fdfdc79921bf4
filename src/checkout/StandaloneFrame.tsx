/**
 * The header and footer of `mode="standalone"` (spec: "Standalone mode with header and footer"), as the platform's
 * own checkout page draws them (@blocklet/payment-react 1.23.8, payment/header + payment/footer):
 * - header: the app's square logo (32 px) and the brand: the first product's `statement_descriptor`, else the app's
 *   name (`window.blocklet.appName`), else "Checkout";
 * - footer: "Powered by ArcBlock", and, when the session asks for consent to the terms
 *   (`consent_collection.terms_of_service: 'required'`), the app's terms and privacy links: the items of the app's
 *   `bottom` navigation section (where the platform's own footer keeps them) whose id or link names terms / privacy.
 * Every URL from the app description passes the URL safety check (src/core/url.ts) first; an unsafe one is dropped.
 */
import type { CheckoutSession, NavigationItem, WindowBlocklet } from '../api/types.ts';
import { pickLocaleText } from '../core/locale.ts';
import { safeImageSrc, safeUrl } from '../core/url.ts';
import { useSettings } from '../ui/context.tsx';
import { useI18n } from '../ui/i18n.tsx';
import { dataEllipsis } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';

/** The brand the platform's checkout header shows: a product's statement descriptor, else the app's name. */
function checkoutBrand(session: Pick<CheckoutSession, 'line_items'>, app: WindowBlocklet | null | undefined): string {
  for (const item of session.line_items ?? []) {
    const descriptor = (item.price?.product as { statement_descriptor?: unknown } | undefined)?.statement_descriptor;
    if (typeof descriptor === 'string' && descriptor.trim()) return descriptor;
  }
  return app?.appName ?? '';
}

const inBottom = (item: NavigationItem): boolean =>
  Array.isArray(item.section) ? item.section.includes('bottom') : item.section === 'bottom';

/** The terms and privacy links of the app's bottom navigation, localized, unsafe URLs dropped (terms first). */
function consentLinks(
  app: WindowBlocklet | null | undefined,
  locale: string,
): Array<{ kind: string; title: string; href: string }> {
  const base = safeUrl(app?.appUrl ?? null) ?? undefined;
  const out: Array<{ kind: string; title: string; href: string }> = [];
  for (const kind of ['terms', 'privacy']) {
    const item = (app?.navigation ?? []).find((nav) => {
      if (!inBottom(nav)) return false;
      const link = pickLocaleText(nav.link, locale);
      return new RegExp(`(^|/)${kind}(\\b|$)`, 'i').test(nav.id ?? '') || new RegExp(`/${kind}\\b`, 'i').test(link);
    });
    if (!item) continue;
    const title = pickLocaleText(item.title, locale);
    const href = safeUrl(pickLocaleText(item.link, locale), { base, allowMailto: true });
    if (title && href) out.push({ kind, title, href });
  }
  return out;
}

export function StandaloneHeader({
  session,
  app,
}: {
  session: CheckoutSession;
  app: WindowBlocklet | null | undefined;
}) {
  const { t } = useI18n();
  const { mode } = useSettings();
  const { css } = useCss();
  const brand = checkoutBrand(session, app) || t('checkout.title');
  const logo = safeImageSrc((mode === 'dark' ? app?.appLogoDark || app?.appLogo : app?.appLogo) ?? null);
  return (
    <header
      part="checkout-header"
      className={css`display: flex; align-items: center; gap: 10px; min-height: 64px; box-sizing: border-box; padding: 12px 24px; border-bottom: 1px solid var(--pay-color-border); font-weight: 600; font-size: 16px; color: var(--pay-color-text);`}
    >
      {logo ? (
        <img
          part="checkout-logo"
          src={logo}
          alt=""
          width={32}
          height={32}
          className={css`width: 32px; height: 32px; border-radius: 6px; object-fit: contain; flex: none;`}
        />
      ) : null}
      <span part="checkout-brand" dir="auto" className={css`min-width: 0; ${dataEllipsis}`}>
        {brand}
      </span>
    </header>
  );
}

export function StandaloneFooter({
  session,
  app,
}: {
  session: CheckoutSession;
  app: WindowBlocklet | null | undefined;
}) {
  const { t, locale } = useI18n();
  const { css } = useCss();
  const links = session.consent_collection?.terms_of_service === 'required' ? consentLinks(app, locale) : [];
  return (
    <footer
      part="checkout-footer"
      className={css`display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 4px 16px; padding: 14px 24px; border-top: 1px solid var(--pay-color-border); color: var(--pay-color-muted); font-size: 12px;`}
    >
      <span part="powered-by">
        {t('checkout.poweredBy')} <strong className={css`font-weight: 700;`}>ArcBlock</strong>
      </span>
      {links.length > 0 ? (
        <nav
          aria-label={t('checkout.legalLinks')}
          className={css`display: flex; flex-wrap: wrap; gap: 4px 16px; padding-inline-start: 16px; border-inline-start: 1px solid var(--pay-color-border);`}
        >
          {links.map((l) => (
            <a
              key={l.kind}
              part={`consent-link ${l.kind}-link`}
              href={l.href}
              target="_blank"
              rel="noopener noreferrer"
              className={css`color: inherit; text-decoration: underline; text-underline-offset: 2px; &:hover { color: var(--pay-color-text); }`}
            >
              {l.title}
            </a>
          ))}
        </nav>
      ) : null}
    </footer>
  );
}
