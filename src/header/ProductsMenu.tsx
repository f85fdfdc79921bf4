/**
 * The Products menu (lazily loaded): a disclosure button in the navigation and a panel of product groups in 1, 2 or
 * 3 columns (at least 260 px each, plus 64 px padding). Each entry: icon, name, one-line description (wrapping to a
 * second line where a column is narrow, never cut), new tab.
 * Escape closes and returns focus to the button; a click outside closes.
 */
import { useDismiss } from '../ui/dismiss.ts';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { normalizeLocale, type Locale } from '../core/locale.ts';
import { useT } from '../ui/i18n.tsx';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
import { IconTile, useIcons } from './Icon.tsx';
import {
  groupsFor,
  productColumns,
  productHref,
  productLang,
  PRODUCT_COLUMN_MIN,
  PRODUCT_PANEL_PADDING,
  PRODUCTS_LABEL,
  type ProductLang,
} from './products.ts';

function useViewportWidth(): number {
  const [w, setW] = useState(() => window.innerWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const on = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setW(window.innerWidth), 100);
    };
    window.addEventListener('resize', on);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', on);
    };
  }, []);
  return w;
}

export function ProductsMenu({
  variant,
  locale,
  buttonClass,
  track,
  iconHosts,
  onReady,
}: {
  variant: 1 | 2;
  /** Icon service hosts (blocklet.ts iconHostsOf). */
  iconHosts: string[];
  /** The element's raw locale tag (attribute or nearest lang) and its resolved locale. */
  locale: { raw: string; resolved: Locale };
  buttonClass: string;
  /** blocklet.ts withTracking (passed in: see products.ts). */
  track: (link: string, section?: string) => string;
  /** Called once the button is in place (the header measures its navigation then). */
  onReady?: () => void;
}) {
  useLayoutEffect(() => onReady?.(), [onReady]);
  const { css } = useCss();
  const t = useT();
  const [open, setOpen] = useState(false);
  const closePanel = useCallback(() => setOpen(false), []);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const width = useViewportWidth();
  const cols = productColumns(width);
  const groups = groupsFor(variant);
  const icons = useIcons(open ? groups.flatMap((g) => g.items.map((p) => p.icon)) : [], iconHosts);
  // The catalog speaks en, zh, zh-TW and ja: the raw tag while it agrees with the resolved locale, else the latter.
  const lang: ProductLang =
    normalizeLocale(locale.raw) === locale.resolved ? productLang(locale.raw) : productLang(locale.resolved);

  useDismiss(open, closePanel, wrap, button);

  const item = css`
    display: flex; gap: 12px; align-items: flex-start; padding: 8px; border-radius: var(--pay-radius); color: inherit; text-decoration: none;
    &:hover { background: var(--pay-color-hover); } ${focusRing}
  `;
  return (
    <div ref={wrap} className={css`position: relative;`}>
      <button
        ref={button}
        type="button"
        part="products"
        data-variant={variant}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={`${buttonClass} ${css`border: 0; background: transparent; font: inherit; cursor: pointer; gap: 4px;`}`}
      >
        {PRODUCTS_LABEL[lang]}
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 9l6 6 6-6"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {open ? (
        <div
          id={panelId}
          part="products-panel"
          data-columns={cols}
          className={css`
            position: absolute; top: calc(100% + 8px); inset-inline-start: 0; z-index: 1100; box-sizing: border-box;
            width: ${cols * PRODUCT_COLUMN_MIN + PRODUCT_PANEL_PADDING}px; max-width: calc(100vw - 16px); max-height: calc(100vh - 96px); overflow: auto;
            padding: ${PRODUCT_PANEL_PADDING / 2}px; display: grid; grid-template-columns: repeat(${cols}, minmax(0, 1fr)); gap: 16px 0;
            border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-surface-raised);
            color: var(--pay-color-text); box-shadow: var(--pay-shadow-lg);
          `}
        >
          {groups.map((g) => {
            const headingId = `${panelId}-${g.key}`;
            return (
              <section
                key={g.key}
                aria-labelledby={headingId}
                part="products-group"
                className={css`min-width: 0; padding-inline-end: 8px;`}
              >
                <h2
                  id={headingId}
                  className={css`margin: 0 0 6px; margin-inline-start: 8px; font-size: 12px; font-weight: 650; letter-spacing: 0.04em; text-transform: uppercase; color: var(--pay-color-muted);`}
                >
                  {g.title[lang]}
                </h2>
                <ul className={css`list-style: none; margin: 0; padding: 0;`}>
                  {g.items.map((p) => (
                    <li key={p.name}>
                      <a
                        className={item}
                        href={checkHref(productHref(g, p, lang, track)) ?? '#'}
                        target="_blank"
                        rel="noopener noreferrer"
                        onClick={() => setOpen(false)}
                      >
                        <IconTile
                          part="products-icon"
                          name={p.icon}
                          data={p.icon ? icons.get(p.icon) : undefined}
                          label={p.name}
                          size={32}
                          className={css`flex: none; display: inline-flex; align-items: center; justify-content: center; width: 32px; height: 32px; border-radius: var(--pay-radius-sm); background: var(--pay-color-secondary-bg); color: var(--pay-color-secondary); font-weight: 700;`}
                        />
                        <span className={css`min-width: 0;`}>
                          <span className={css`display: block; font-weight: 600;`}>{p.name}</span>
                          <span
                            className={css`display: block; font-size: 13px; line-height: 1.4; color: var(--pay-color-muted); text-wrap: pretty;`}
                          >
                            {p.description[lang]}
                          </span>
                          <span
                            className={css`position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);`}
                          >
                            {t('common.opensInNewTab')}
                          </span>
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The Products menu inside the burger panel (below md, or when the links do not fit): a disclosure button that
 * opens the groups in one column, each entry with its icon, name and description, in a new tab.
 */
export function ProductsSection({
  variant,
  locale,
  track,
  iconHosts,
  onNavigate,
}: {
  variant: 1 | 2;
  iconHosts: string[];
  locale: { raw: string; resolved: Locale };
  track: (link: string, section?: string) => string;
  /** Called when a product link is followed (closes the burger panel). */
  onNavigate?: () => void;
}) {
  const { css } = useCss();
  const t = useT();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const groups = groupsFor(variant);
  const icons = useIcons(open ? groups.flatMap((g) => g.items.map((p) => p.icon)) : [], iconHosts);
  const lang: ProductLang =
    normalizeLocale(locale.raw) === locale.resolved ? productLang(locale.raw) : productLang(locale.resolved);
  const row = css`
    display: flex; align-items: center; gap: 12px; width: 100%; min-height: 44px; padding: 0 12px; border: 0; border-radius: var(--pay-radius);
    background: transparent; color: var(--pay-color-text); font: inherit; text-align: start; text-decoration: none; cursor: pointer;
    &:hover { background: var(--pay-color-hover); } ${focusRing}
  `;
  return (
    <div part="mobile-products" data-variant={variant}>
      <button
        type="button"
        className={`${row} ${css`justify-content: space-between;`}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {PRODUCTS_LABEL[lang]}
        <svg
          width="14"
          height="14"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          style={{ transform: open ? 'rotate(180deg)' : undefined }}
        >
          <path
            d="M6 9l6 6 6-6"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <div id={listId} hidden={!open}>
        {open
          ? groups.map((g) => {
              const headingId = `${listId}-${g.key}`;
              return (
                <section key={g.key} aria-labelledby={headingId} className={css`padding-inline-start: 12px;`}>
                  <h2
                    id={headingId}
                    className={css`margin: 0; padding: 12px 12px 4px; font-size: 12px; font-weight: 650; letter-spacing: 0.04em; text-transform: uppercase; color: var(--pay-color-muted);`}
                  >
                    {g.title[lang]}
                  </h2>
                  <ul className={css`list-style: none; margin: 0; padding: 0;`}>
                    {g.items.map((p) => (
                      <li key={p.name}>
                        <a
                          className={row}
                          href={checkHref(productHref(g, p, lang, track)) ?? '#'}
                          target="_blank"
                          rel="noopener noreferrer"
                          onClick={onNavigate}
                        >
                          <IconTile
                            part="products-icon"
                            name={p.icon}
                            data={p.icon ? icons.get(p.icon) : undefined}
                            label={p.name}
                            size={28}
                            className={css`flex: none; display: inline-flex; align-items: center; justify-content: center; width: 28px; height: 28px; border-radius: var(--pay-radius-sm); background: var(--pay-color-secondary-bg); color: var(--pay-color-secondary); font-weight: 700;`}
                          />
                          <span className={css`min-width: 0; padding: 6px 0;`}>
                            <span className={css`display: block; font-weight: 600;`}>{p.name}</span>
                            <span className={css`display: block; font-size: 13px; color: var(--pay-color-muted);`}>
                              {p.description[lang]}
                            </span>
                            <span
                              className={css`position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);`}
                            >
                              {t('common.opensInNewTab')}
                            </span>
                          </span>
                        </a>
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })
          : null}
      </div>
    </div>
  );
}
