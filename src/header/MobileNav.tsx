import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useT } from '../ui/i18n.tsx';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { withTracking, type AppInfo, type HeaderNavEntry } from './blocklet.ts';
import { LINK_HELPERS, type ProductsSlot } from './shared.ts';

const MobileNavPanel = lazy(() => import('./MobileNavPanel.tsx').then((m) => ({ default: m.MobileNavPanel })));

/** The burger button (narrow screens) and its panel, loaded on its own. */
export function MobileNav({
  entries,
  current,
  products,
  apps,
}: {
  entries: HeaderNavEntry[];
  current: string | undefined;
  products?: ProductsSlot | undefined;
  /** The app shortcuts when the Apps button does not fit (below sm). */
  apps?: { info: AppInfo; role: string | undefined } | undefined;
}) {
  const [open, setOpen] = useState(false);
  const { css } = useCss();
  const t = useT();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The panel (its lists, products and apps) loads on its own: a wide screen never needs it. Until it is in, an empty
  // hidden <nav> holds its id, so the burger's aria-controls always names an element.
  const placeholder = <nav id={panelId} hidden aria-label={t('header.nav')} part="mobile-nav" />;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        part="burger"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
        onClick={() => setOpen((o) => !o)}
        className={css`
          display: inline-flex; align-items: center; justify-content: center; width: 40px; height: 40px; flex: none; margin-inline-start: -8px;
          border: 0; border-radius: var(--pay-radius); background: transparent; color: inherit; cursor: pointer;
          &:hover { background: var(--pay-color-hover); } ${focusRing}
        `}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
      </button>
      <Suspense fallback={placeholder}>
        <MobileNavPanel
          panelId={panelId}
          open={open}
          onClose={(refocus) => {
            setOpen(false);
            if (refocus) buttonRef.current?.focus();
          }}
          buttonRef={buttonRef}
          entries={entries}
          current={current}
          products={products}
          apps={apps}
          helpers={LINK_HELPERS}
          track={withTracking}
        />
      </Suspense>
    </>
  );
}
