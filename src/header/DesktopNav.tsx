import { lazy, Suspense } from 'react';
import { MenuButton, type MenuItem } from '../ui/Menu.tsx';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { withTracking, type HeaderNavEntry } from './blocklet.ts';
import type { ProductsSlot } from './shared.ts';

const ProductsMenu = lazy(() => import('./ProductsMenu.tsx').then((m) => ({ default: m.ProductsMenu })));

/** The navigation inline in the bar (wide screens), with the Products menu in its place. */
export function DesktopNav({
  entries,
  current,
  label,
  products,
  navRef,
  hidden = false,
  onProductsReady,
}: {
  entries: HeaderNavEntry[];
  current: string | undefined;
  label: string;
  products?: ProductsSlot | undefined;
  navRef?: React.Ref<HTMLElement>;
  /** Laid out but not shown (useNavFit: until the controls have their final width). */
  hidden?: boolean;
  onProductsReady?: (() => void) | undefined;
}) {
  const { css } = useCss();
  const link = css`
    display: inline-flex; align-items: center; min-height: 36px; padding: 0 10px; border-radius: var(--pay-radius);
    color: var(--pay-color-muted); text-decoration: none; font-weight: 500; white-space: nowrap;
    &:hover { background: var(--pay-color-hover); color: var(--pay-color-text); }
    &[aria-current='page'] { color: var(--pay-color-text); font-weight: 650; }
    ${focusRing}
  `;
  // An item is as wide as its text in bold, current or not (a hidden bold copy of zero height under it): the item
  // that becomes current never widens the navigation past what useNavFit measured.
  const text = css`
    display: inline-flex; flex-direction: column; justify-content: center; align-items: center;
    &::after { content: attr(data-text); height: 0; overflow: hidden; visibility: hidden; font-weight: 650; }
  `;
  return (
    <nav
      ref={navRef}
      aria-label={label}
      part="nav"
      data-shown={hidden ? undefined : ''}
      className={css`min-width: 0; flex: 0 1 auto; margin-inline-start: 16px; ${hidden ? 'visibility: hidden;' : ''}`}
    >
      <ul
        className={css`display: flex; align-items: center; gap: 2px; list-style: none; margin: 0; padding: 0; & > li { flex: none; }`}
      >
        {entries.map((e, i) => [
          products?.index === i ? productsItem(products, link, onProductsReady) : null,
          <li key={e.key}>
            {e.children.length > 0 ? (
              <MenuButton
                label={
                  <span
                    data-text={e.title}
                    className={`${text} ${css`color: ${current === e.key ? 'var(--pay-color-text)' : 'var(--pay-color-muted)'}; font-weight: ${current === e.key ? 650 : 500};`}`}
                  >
                    {e.title}
                  </span>
                }
                items={e.children.map(toMenuItem)}
                width={280}
                part="nav-group"
              />
            ) : (
              <a
                className={`${link} ${text}`}
                data-text={e.title}
                href={e.href}
                aria-current={current === e.key ? 'page' : undefined}
                {...(e.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {e.title}
              </a>
            )}
          </li>,
        ])}
        {products && products.index >= entries.length ? productsItem(products, link, onProductsReady) : null}
      </ul>
    </nav>
  );
}

function productsItem(p: ProductsSlot, linkClass: string, onReady?: () => void) {
  return (
    <li key="__products">
      <Suspense fallback={<span className={linkClass} />}>
        <ProductsMenu
          variant={p.variant}
          locale={p.locale}
          buttonClass={linkClass}
          track={withTracking}
          iconHosts={p.iconHosts}
          {...(onReady ? { onReady } : {})}
        />
      </Suspense>
    </li>
  );
}

function toMenuItem(e: HeaderNavEntry): MenuItem {
  return {
    key: e.key,
    label: e.title,
    ...(e.description ? { description: e.description } : {}),
    ...(e.href ? { href: e.href } : {}),
    newTab: e.external,
  };
}
