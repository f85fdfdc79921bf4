/**
 * The Products menu (lazily loaded): a disclosure button in the navigation and a panel of product groups in 1, 2 or
 * 3 columns (at least 260 px each, plus 64 px padding). Each entry: icon, name, one-line description, new tab.
 * Escape closes and returns focus to the button; a click outside closes.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { normalizeLocale } from '../core/locale.ts';
import { useT } from '../ui/i18n.tsx';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';
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
}: {
  variant: 1 | 2;
  /** The element's raw locale tag (attribute or nearest lang) and its resolved locale. */
  locale: { raw: string; resolved: 'en' | 'zh' };
  buttonClass: string;
  /** blocklet.ts withTracking (passed in: see products.ts). */
  track: (link: string, section?: string) => string;
}) {
  const { css } = useCss();
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const width = useViewportWidth();
  const cols = productColumns(width);
  const groups = groupsFor(variant);
  // The catalog speaks en, zh, zh-TW and ja: the raw tag while it agrees with the resolved locale, else the latter.
  const lang: ProductLang = normalizeLocale(locale.raw) === locale.resolved ? productLang(locale.raw) : productLang(locale.resolved);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!e.composedPath().includes(wrap.current as EventTarget)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const item = css`
    display: flex; gap: 12px; align-items: flex-start; padding: 8px; border-radius: var(--pay-radius); color: inherit; text-decoration: none;
    &:hover { background: var(--pay-color-hover); } ${focusRing}
  `;
  return (
    <div
      ref={wrap}
      className={css`position: relative;`}
    >
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
          <path d="M6 9l6 6 6-6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <div
          id={panelId}
          part="products-panel"
          data-columns={cols}
          className={css`
            position: absolute; top: calc(100% + 8px); left: 0; z-index: 1100; box-sizing: border-box;
            width: ${cols * PRODUCT_COLUMN_MIN + PRODUCT_PANEL_PADDING}px; max-width: calc(100vw - 16px); max-height: calc(100vh - 96px); overflow: auto;
            padding: ${PRODUCT_PANEL_PADDING / 2}px; display: grid; grid-template-columns: repeat(${cols}, minmax(0, 1fr)); gap: 16px 0;
            border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-surface-raised);
            color: var(--pay-color-text); box-shadow: var(--pay-shadow-lg);
          `}
        >
          {groups.map((g) => {
            const headingId = `${panelId}-${g.key}`;
            return (
              <section key={g.key} aria-labelledby={headingId} part="products-group" className={css`min-width: 0; padding-inline-end: 8px;`}>
                <h2 id={headingId} className={css`margin: 0 0 6px 8px; font-size: 12px; font-weight: 650; letter-spacing: 0.04em; text-transform: uppercase; color: var(--pay-color-muted);`}>
                  {g.title[lang]}
                </h2>
                <ul className={css`list-style: none; margin: 0; padding: 0;`}>
                  {g.items.map((p) => (
                    <li key={p.name}>
                      <a className={item} href={checkHref(productHref(g, p, lang, track)) ?? '#'} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
                        <span
                          aria-hidden="true"
                          className={css`flex: none; display: inline-flex; align-items: center; justify-content: center; width: 32px; height: 32px; border-radius: var(--pay-radius-sm); background: var(--pay-color-secondary-bg); color: var(--pay-color-secondary); font-weight: 700;`}
                        >
                          {p.name[0]}
                        </span>
                        <span className={css`min-width: 0;`}>
                          <span className={css`display: block; font-weight: 600;`}>{p.name}</span>
                          <span className={css`display: block; font-size: 13px; color: var(--pay-color-muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis;`}>
                            {p.description[lang]}
                          </span>
                          <span className={css`position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);`}>{t('common.opensInNewTab')}</span>
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
