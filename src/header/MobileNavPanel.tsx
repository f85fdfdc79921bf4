/**
 * The burger menu's panel of <site-header> (below md): the header navigation as a list, the Products section and, on
 * a phone, the app shortcuts. Loaded on its own (a wide screen never needs it); the burger button stays in the header.
 */
import { lazy, Suspense, useEffect, useRef, type RefObject } from 'react';
import { useT } from '../ui/i18n.tsx';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import type { AppInfo, HeaderNavEntry, withTracking } from './blocklet.ts';
import type { AppsSection as AppsSectionType } from './AppsGrid.tsx';
import type { ProductsSlot } from './shared.ts';

const ProductsSection = lazy(() => import('./ProductsMenu.tsx').then((m) => ({ default: m.ProductsSection })));
const AppsSection = lazy(() => import('./AppsGrid.tsx').then((m) => ({ default: m.AppsSection })));

export function MobileNavPanel({
  panelId,
  open,
  onClose,
  buttonRef,
  entries,
  current,
  products,
  apps,
  helpers,
  track,
}: {
  panelId: string;
  open: boolean;
  /** Close the panel; `refocus` returns the focus to the burger (Escape). */
  onClose: (refocus: boolean) => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
  entries: HeaderNavEntry[];
  current: string | undefined;
  products?: ProductsSlot | undefined;
  apps?: { info: AppInfo; role: string | undefined } | undefined;
  helpers: Parameters<typeof AppsSectionType>[0]['helpers'];
  track: typeof withTracking;
}) {
  const { css } = useCss();
  const t = useT();
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose(true);
    };
    const onPointer = (e: PointerEvent) => {
      const path = e.composedPath();
      if (!path.includes(panelRef.current as EventTarget) && !path.includes(buttonRef.current as EventTarget))
        onClose(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- listeners bound per opening; handlers read current props
  const item = css`
    display: flex; align-items: center; min-height: 44px; padding: 0 12px; border-radius: var(--pay-radius);
    color: var(--pay-color-text); text-decoration: none;
    &:hover { background: var(--pay-color-hover); }
    &[aria-current='page'] { font-weight: 650; background: var(--pay-color-hover); }
    ${focusRing}
  `;
  const renderList = (list: HeaderNavEntry[], depth: number) => (
    <ul className={css`list-style: none; margin: 0; padding: 0; padding-inline-start: ${depth ? 12 : 0}px;`}>
      {list.map((e) => (
        <li key={e.key}>
          {e.children.length > 0 ? (
            <>
              <div
                className={css`padding: 12px 12px 4px; font-size: 12px; font-weight: 650; color: var(--pay-color-muted); text-transform: uppercase; letter-spacing: 0.04em;`}
              >
                {e.title}
              </div>
              {renderList(e.children, depth + 1)}
            </>
          ) : (
            <a
              className={item}
              href={e.href}
              aria-current={current === e.key ? 'page' : undefined}
              onClick={() => onClose(false)}
              {...(e.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {e.title}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <nav
      ref={panelRef}
      id={panelId}
      hidden={!open}
      aria-label={t('header.nav')}
      part="mobile-nav"
      className={css`
        position: absolute; top: 100%; inset-inline: 0; z-index: 1000; max-height: calc(100vh - var(--pay-header-height));
        overflow: auto; padding: 8px 12px 16px; background: var(--pay-color-bg); border-bottom: 1px solid var(--pay-color-border);
        box-shadow: var(--pay-shadow-lg);
      `}
    >
      {products && products.index < entries.length
        ? renderList(entries.slice(0, products.index), 0)
        : renderList(entries, 0)}
      {products && open ? (
        <Suspense fallback={null}>
          <ProductsSection
            variant={products.variant}
            locale={products.locale}
            track={track}
            iconHosts={products.iconHosts}
            onNavigate={() => onClose(false)}
          />
        </Suspense>
      ) : null}
      {products && products.index < entries.length ? renderList(entries.slice(products.index), 0) : null}
      {apps && open ? (
        <Suspense fallback={null}>
          <AppsSection info={apps.info} role={apps.role} helpers={helpers} onNavigate={() => onClose(false)} />
        </Suspense>
      ) : null}
    </nav>
  );
}
