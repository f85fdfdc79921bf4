/**
 * The store home's banner: the platform preference `homeBanner[{did, remark, cover, name, desc, baseNum, link}]`
 * (platform-header-store.md A, app preferences), shown above the explore sections when set. Part of the lazy Explore
 * chunk. Every URL from the preference goes through safeUrl: an unsafe or missing `link` falls back to the blocklet's
 * detail page (by `did`), an unsafe `cover` is left out. `remark` is the admin's note and is not shown; `baseNum` is the
 * download figure shown on the card. Server strings render as text.
 */
import { safeUrl } from '../../core/url.ts';
import { useT } from '../../ui/i18n.tsx';
import { dataText, focusRing } from '../../ui/shared-css.ts';
import { useCss } from '../../ui/styles.tsx';
import { detailPath, storePathOf } from '../router.ts';
import { useStorePreferences } from '../preferences.ts';
import { StoreLink, useDownloads, useStoreNav } from './shared.tsx';

export type HomeBannerItem = {
  did: string;
  name: string;
  desc: string;
  cover: string | null;
  link: string | null;
  baseNum: number | null;
};
export const HOME_BANNER_MAX = 6;

const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/** The usable entries of preferences.homeBanner (at most HOME_BANNER_MAX; entries without a name are skipped). */
export function readHomeBanner(prefs: unknown): HomeBannerItem[] {
  const list = prefs && typeof prefs === 'object' ? (prefs as { homeBanner?: unknown }).homeBanner : undefined;
  if (!Array.isArray(list)) return [];
  const out: HomeBannerItem[] = [];
  for (const raw of list) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as Record<string, unknown>;
    const name = text(r.name, 120);
    if (!name) continue;
    const n =
      typeof r.baseNum === 'number'
        ? r.baseNum
        : typeof r.baseNum === 'string' && /^\d+$/.test(r.baseNum.trim())
          ? Number(r.baseNum)
          : NaN;
    out.push({
      did: text(r.did, 200).replace(/^did:abt:/, ''),
      name,
      desc: text(r.desc, 500),
      cover: typeof r.cover === 'string' ? safeUrl(r.cover) : null,
      link: typeof r.link === 'string' ? safeUrl(r.link) : null,
      baseNum: Number.isFinite(n) && n >= 0 ? n : null,
    });
    if (out.length >= HOME_BANNER_MAX) break;
  }
  return out;
}

export function HomeBanner() {
  const t = useT();
  const { css } = useCss();
  const { base } = useStoreNav();
  const downloads = useDownloads();
  const items = readHomeBanner(useStorePreferences());
  if (!items.length) return null;
  // Any count fills its rows: cards grow to share each row (one card is a full-width hero, two share the row, a
  // fourth of four takes the next row whole). A wide card lays its cover beside the text (cover and text wrap to
  // one above the other when the card is narrow). Covers keep the 16:10 of a screenshot: nothing is cropped into bands.
  const card = css`
    position: relative; flex: 1 1 320px; min-width: min(100%, 280px); display: flex;
    border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); overflow: hidden; background: var(--pay-color-surface-raised);
  `;
  const inner = css`display: flex; flex-wrap: wrap; align-items: center; width: 100%; & > * { flex: 1 1 240px; min-width: 0; }`;
  const linkCss = css`color: inherit; text-decoration: none; &::after { content: ''; position: absolute; inset: 0; } &:hover { text-decoration: underline; } ${focusRing}`;
  return (
    <section
      part="home-banner"
      aria-labelledby="store-home-banner"
      className={css`display: flex; flex-direction: column; gap: 10px;`}
    >
      <h2 id="store-home-banner" className={css`margin: 0; font-size: 18px; font-weight: 700;`}>
        {t('store.banner.label')}
      </h2>
      <ul className={css`list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 16px;`}>
        {items.map((b, i) => {
          const internal = b.link ? storePathOf(b.link, base, window.location.href) : null;
          const fallback = !b.link && b.did ? detailPath(base, b.did) : null;
          const name = b.name;
          return (
            <li key={`${b.did}-${i}`} part="banner-item" className={card}>
              <div className={inner}>
                {b.cover ? (
                  <img
                    src={b.cover}
                    alt=""
                    loading="lazy"
                    className={css`display: block; width: 100%; max-height: 260px; aspect-ratio: 16 / 10; object-fit: cover; background: var(--pay-color-surface);`}
                  />
                ) : null}
                <div
                  className={css`padding: 14px 16px; display: flex; flex-direction: column; gap: 6px; min-width: 0;`}
                >
                  <h3 className={css`margin: 0; font-size: 16px; font-weight: 700;`}>
                    {(internal ?? fallback) ? (
                      <StoreLink href={(internal ?? fallback)!} className={linkCss}>
                        {name}
                      </StoreLink>
                    ) : b.link ? (
                      <a href={b.link} target="_blank" rel="noopener noreferrer" className={linkCss}>
                        {name}
                      </a>
                    ) : (
                      name
                    )}
                  </h3>
                  {b.desc ? (
                    <p className={css`margin: 0; font-size: 14px; color: var(--pay-color-muted); ${dataText}`}>
                      {b.desc}
                    </p>
                  ) : null}
                  {b.baseNum !== null ? (
                    <span className={css`font-size: 13px; color: var(--pay-color-muted);`}>{downloads(b.baseNum)}</span>
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
