/** Pieces the store screens share: navigation context, in-store links, the logo tile and the blocklet card. */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { formatNumber } from '../../core/locale.ts';
import type { StoreBlocklet } from '../../api/types.ts';
import { useSettings } from '../../ui/context.tsx';
import { useT } from '../../ui/i18n.tsx';
import { routeClick } from '../../ui/navigate.ts';
import { dataText, focusRing } from '../../ui/shared-css.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { useCss } from '../../ui/styles.tsx';
import { checkHref } from '../../ui/url.ts';
import { detailPath } from '../router.ts';
import { tIsolated } from '../../ui/bidi.tsx';

export type StoreNav = {
  base: string;
  search: string;
  /** Move inside the store (push), after the cancelable `store-navigate` event. */
  go: (path: string) => void;
  /** Replace the current entry (filters, typing). */
  replace: (path: string) => void;
};
export const StoreNavContext = createContext<StoreNav | null>(null);
export function useStoreNav(): StoreNav {
  const v = useContext(StoreNavContext);
  if (!v) throw new Error('useStoreNav outside <BlockletStore>');
  return v;
}

/** A real link (new tab, copy) that routes inside the store on a plain click. */
export function StoreLink({
  href,
  children,
  className,
  part,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  part?: string;
}) {
  const { go } = useStoreNav();
  return (
    <a
      href={href}
      part={part}
      className={className}
      onClick={(e) => {
        routeClick(e, () => {
          go(href);
          return true;
        });
      }}
    >
      {children}
    </a>
  );
}

export const titleOf = (b: StoreBlocklet): string => b.title || b.name || b.did;
export const ownerName = (b: StoreBlocklet): string | undefined => b.owner?.fullName || b.author?.name;

export function Logo({ blocklet, size }: { blocklet: StoreBlocklet; size: number }) {
  const { css } = useCss();
  const [broken, setBroken] = useState(false);
  const src = checkHref(blocklet.logo);
  const box = css`
    flex: none; width: ${size}px; height: ${size}px; border-radius: ${Math.round(size / 5)}px; overflow: hidden;
    display: inline-flex; align-items: center; justify-content: center; background: var(--pay-color-secondary-bg);
    color: var(--pay-color-secondary); font-weight: 750; font-size: ${Math.round(size * 0.42)}px;
  `;
  if (src && !broken) {
    return (
      <span className={box}>
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          onError={() => setBroken(true)}
          className={css`width: 100%; height: 100%; object-fit: cover;`}
        />
      </span>
    );
  }
  return (
    <span className={box} aria-hidden="true">
      {[...titleOf(blocklet)][0]?.toUpperCase()}
    </span>
  );
}

export const DownloadIcon = () => (
  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d="M12 4v11M7 10l5 5 5-5M5 20h14"
      stroke="currentColor"
      strokeWidth="2"
      fill="none"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

export function useDownloads(): (n: number | undefined) => string {
  const t = useT();
  const { locale } = useSettings();
  return (n = 0) =>
    t('store.downloads', {
      count: n,
      formatted: formatNumber(n, locale, { notation: 'compact', maximumFractionDigits: 1 }),
    });
}

/** Paid when the meta carries a price with a non-zero value. */
export const isPaid = (b: StoreBlocklet): boolean => {
  const price = b.payment?.price;
  return Array.isArray(price) && price.some((p) => Number(p?.value) > 0);
};

export function BlockletCard({
  blocklet,
  headingLevel = 2,
  part = 'blocklet-card',
}: {
  blocklet: StoreBlocklet;
  headingLevel?: 2 | 3;
  part?: string;
}) {
  const { css } = useCss();
  const t = useT();
  const { base } = useStoreNav();
  const downloads = useDownloads();
  const owner = ownerName(blocklet);
  const H = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <StoreLink
      href={detailPath(base, blocklet.did)}
      part={part}
      className={css`
        display: flex; flex-direction: column; gap: 12px; height: 100%; box-sizing: border-box; padding: 16px; border-radius: var(--pay-radius-lg);
        background: var(--pay-color-surface-raised); border: 1px solid var(--pay-color-border); color: inherit; text-decoration: none;
        transition: border-color var(--pay-transition), box-shadow var(--pay-transition);
        &:hover { border-color: var(--pay-color-border-strong); box-shadow: var(--pay-shadow); }
        ${focusRing}
      `}
    >
      {/* The name comes first and gets the whole width (two lines before it is cut); the Official badge goes beside
          the author, where it can wrap below instead of squeezing the name. */}
      <div className={css`display: flex; gap: 12px; align-items: center; min-width: 0;`}>
        <Logo blocklet={blocklet} size={48} />
        <div className={css`min-width: 0; flex: 1;`}>
          <H
            className={css`margin: 0; font-size: 16px; font-weight: 650; line-height: 1.3; overflow-wrap: anywhere; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden;`}
          >
            {titleOf(blocklet)}
          </H>
          {owner || blocklet.isOfficial ? (
            <div
              className={css`display: flex; flex-wrap: wrap; align-items: center; gap: 2px 8px; margin-top: 2px; font-size: 12px; color: var(--pay-color-muted); min-width: 0;`}
            >
              {owner ? (
                <span className={css`min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;`}>
                  {tIsolated(t, 'store.by', { name: owner }, ['name'])}
                </span>
              ) : null}
              {blocklet.isOfficial ? <StatusChip tone="info">{t('store.official')}</StatusChip> : null}
            </div>
          ) : null}
        </div>
      </div>
      <p
        className={css`
          margin: 0; color: var(--pay-color-muted); font-size: 13px; line-height: 1.5; min-height: 3em;
          display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; ${dataText}
        `}
      >
        {blocklet.description || t('store.noDescription')}
      </p>
      <div
        className={css`display: flex; align-items: center; gap: 6px; margin-top: auto; font-size: 12px; color: var(--pay-color-muted);`}
      >
        <DownloadIcon />
        <span>{downloads(blocklet.stats?.downloads)}</span>
        {isPaid(blocklet) ? <StatusChip tone="warning">{t('store.paid')}</StatusChip> : null}
        {blocklet.version ? <span className={css`margin-inline-start: auto;`}>v{blocklet.version}</span> : null}
      </div>
    </StoreLink>
  );
}

/** `min` is a card's least width: the explore rows (4 cards) use a narrower one so that they fill one row on desktop. */
export function CardGrid({
  items,
  headingLevel,
  part,
  min = 280,
}: {
  items: StoreBlocklet[];
  headingLevel?: 2 | 3;
  part?: string;
  min?: number;
}) {
  const { css } = useCss();
  return (
    <ul
      part="grid"
      className={css`list-style: none; margin: 0; padding: 0; display: grid; gap: 16px; grid-template-columns: repeat(auto-fill, minmax(min(${min}px, 100%), 1fr));`}
    >
      {items.map((b) => (
        <li key={b.did}>
          <BlockletCard blocklet={b} headingLevel={headingLevel} part={part} />
        </li>
      ))}
    </ul>
  );
}

export function PageTitle({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  const { css } = useCss();
  return (
    <div className={css`display: flex; flex-direction: column; gap: 4px;`}>
      <h1
        className={css`margin: 0; font-size: 28px; font-weight: 750; letter-spacing: -0.01em; @media (max-width: 599px) { font-size: 22px; }`}
      >
        {children}
      </h1>
      {sub ? <p className={css`margin: 0; color: var(--pay-color-muted); overflow-wrap: anywhere;`}>{sub}</p> : null}
    </div>
  );
}
