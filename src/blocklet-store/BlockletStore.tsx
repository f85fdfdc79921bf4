/**
 * <blocklet-store> first screen: search (debounced 300 ms, ?keyword= kept in the URL), category filter, responsive grid
 * of blocklet cards, loading / empty / error states, and a simple detail view at {base}blocklets/{did}.
 */
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { formatNumber, pickLocaleText } from '../core/locale.ts';
import type { StoreBlocklet, StoreCategory } from '../api/types.ts';
import { Alert } from '../ui/Alert.tsx';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useEmit, useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { Container, Grid } from '../ui/Layout.tsx';
import { useQuery } from '../ui/query.ts';
import { focusRing } from '../ui/shared-css.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useCss } from '../ui/styles.tsx';
import { TextField } from '../ui/TextField.tsx';
import { checkHref } from '../ui/url.ts';
import { detailPath, matchRoute, normalizeBase, useLocation, type Route } from './router.ts';

export type BlockletStoreProps = { basePath?: string };

export const SEARCH_DEBOUNCE_MS = 300;
export const PAGE_SIZE = 18;

export function BlockletStore({ basePath }: BlockletStoreProps) {
  const base = normalizeBase(basePath);
  const loc = useLocation();
  const route = matchRoute(loc.pathname, base);
  const emit = useEmit();
  const { css } = useCss();

  // Unknown paths under the base go back to the store home (spec: any other path redirects to /).
  useEffect(() => {
    if (!route && loc.pathname.startsWith(base)) loc.replace(base);
  }, [route, loc, base]);

  /** Move inside the store: `store-navigate` first (cancelable), then our own History API navigation. */
  const go = (path: string) => {
    if (emit('navigate', { path }, { cancelable: true })) loc.navigate(path);
  };

  const r: Route = route ?? { name: 'home' };
  return (
    <div className={css`background: var(--pay-color-bg); color: var(--pay-color-text); padding: 24px 0 48px; min-height: 320px;`}>
      <Container>
        {r.name === 'detail' ? (
          <Detail did={r.did} version={r.version} base={base} go={go} />
        ) : (
          <Home base={base} category={r.category} search={loc.search} replace={loc.replace} go={go} />
        )}
      </Container>
    </div>
  );
}

const categoryId = (c: StoreCategory): string => c.id ?? c._id ?? c.name ?? '';

function Home({
  base,
  category: routeCategory,
  search,
  replace,
  go,
}: {
  base: string;
  category?: string | undefined;
  search: string;
  replace: (path: string) => void;
  go: (path: string) => void;
}) {
  const api = useApi();
  const t = useT();
  const { locale } = useSettings();
  const { css } = useCss();
  const params = new URLSearchParams(search);
  const urlKeyword = params.get('keyword') ?? '';
  const category = params.get('category') ?? routeCategory ?? '';
  const [input, setInput] = useState(urlKeyword);
  const [keyword, setKeyword] = useState(urlKeyword);

  // Debounce typing, then keep ?keyword= in the URL (replaceState: typing is not history).
  useEffect(() => {
    const id = setTimeout(() => {
      const k = input.trim();
      setKeyword(k);
      const next = new URLSearchParams(window.location.search);
      if (k) next.set('keyword', k);
      else next.delete('keyword');
      const qs = next.toString();
      const target = `${window.location.pathname}${qs ? `?${qs}` : ''}${window.location.hash}`;
      if (target !== `${window.location.pathname}${window.location.search}${window.location.hash}`) replace(target);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [input, replace]);

  // Back/forward to another keyword updates the field.
  useEffect(() => {
    setInput((cur) => (cur.trim() === urlKeyword ? cur : urlKeyword));
    setKeyword(urlKeyword);
  }, [urlKeyword]);

  const setCategory = (id: string) => {
    const next = new URLSearchParams(window.location.search);
    if (id) next.set('category', id);
    else next.delete('category');
    const qs = next.toString();
    replace(`${base}${qs ? `search?${qs}` : ''}`);
  };

  const categories = useQuery(['store', 'categories'], () => api.store.categories(), { staleTime: 5 * 60_000 });
  const list = useQuery(
    ['store', 'list', keyword, category],
    () => api.store.list({ keyword: keyword || undefined, category: category || undefined, page: 1, pageSize: PAGE_SIZE }),
    { placeholderData: (prev) => prev },
  );

  const cats = (categories.data ?? []).filter((c) => categoryId(c) && categoryId(c) !== 'all');
  const total = list.data?.total ?? 0;

  return (
    <div className={css`display: flex; flex-direction: column; gap: 20px;`}>
      <div className={css`display: flex; flex-direction: column; gap: 4px;`}>
        <h1 className={css`margin: 0; font-size: 28px; font-weight: 750; letter-spacing: -0.01em; @media (max-width: 599px) { font-size: 22px; }`}>
          {t('store.title')}
        </h1>
        <p className={css`margin: 0; color: var(--pay-color-muted);`}>{t('store.subtitle')}</p>
      </div>
      <div role="search" part="search" className={css`display: block; max-width: 560px;`}>
        <TextField
          type="search"
          label={t('store.searchLabel')}
          hideLabel
          placeholder={t('store.searchPlaceholder')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          adornment={
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" fill="none" />
              <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          }
        />
      </div>
      {cats.length > 0 ? (
        <div
          role="group"
          aria-label={t('store.categories')}
          part="categories"
          className={css`display: flex; gap: 8px; overflow-x: auto; padding: 2px 2px 6px; scrollbar-width: thin; @media (min-width: 900px) { flex-wrap: wrap; }`}
        >
          <CategoryChip label={t('store.all')} pressed={!category} onClick={() => setCategory('')} />
          {cats.map((c) => (
            <CategoryChip
              key={categoryId(c)}
              label={pickLocaleText(c.locales, locale) || c.name || categoryId(c)}
              pressed={category === categoryId(c)}
              onClick={() => setCategory(category === categoryId(c) ? '' : categoryId(c))}
            />
          ))}
        </div>
      ) : null}
      <div aria-live="polite" className={css`font-size: 13px; color: var(--pay-color-muted); min-height: 20px;`}>
        {list.data ? t('store.results', { count: total, formatted: formatNumber(total, locale) }) : null}
      </div>
      {list.isError && !list.data ? (
        <Alert
          tone="error"
          title={t('store.loadError')}
          action={
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {list.error instanceof Error ? list.error.message : null}
        </Alert>
      ) : list.isPending ? (
        <Grid min={260} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rect" height={148} announce={i === 0} />
          ))}
        </Grid>
      ) : (list.data?.dataList.length ?? 0) === 0 ? (
        <div className={css`display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 48px 16px; text-align: center;`}>
          <svg width="44" height="44" viewBox="0 0 24 24" aria-hidden="true" focusable="false" style={{ color: 'var(--pay-color-muted)' }}>
            <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="1.5" fill="none" />
            <path d="M20 20l-4-4M8.5 11h5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
          <h2 className={css`margin: 0; font-size: 18px;`}>{t('store.empty')}</h2>
          <p className={css`margin: 0; color: var(--pay-color-muted);`}>{t('store.emptyHint')}</p>
          {keyword || category ? (
            <Button
              variant="text"
              onClick={() => {
                setInput('');
                replace(base);
              }}
            >
              {t('store.clearSearch')}
            </Button>
          ) : null}
        </div>
      ) : (
        <ul part="grid" className={css`list-style: none; margin: 0; padding: 0; display: grid; gap: 16px; grid-template-columns: repeat(auto-fill, minmax(min(280px, 100%), 1fr));`}>
          {list.data?.dataList.map((b) => (
            <li key={b.did}>
              <BlockletCard blocklet={b} href={detailPath(base, b.did)} go={go} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CategoryChip({ label, pressed, onClick }: { label: string; pressed: boolean; onClick: () => void }) {
  const { css } = useCss();
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={css`
        flex: none; min-height: 32px; padding: 0 14px; border-radius: 999px; font: inherit; font-size: 13px; cursor: pointer;
        border: 1px solid var(--pay-color-border-strong); background: transparent; color: var(--pay-color-text); white-space: nowrap;
        &:hover { background: var(--pay-color-hover); }
        &[aria-pressed='true'] { background: var(--pay-color-primary); border-color: var(--pay-color-primary); color: var(--pay-color-on-primary); font-weight: 600; }
        ${focusRing}
      `}
    >
      {label}
    </button>
  );
}

const titleOf = (b: StoreBlocklet): string => b.title || b.name || b.did;

function Logo({ blocklet, size }: { blocklet: StoreBlocklet; size: number }) {
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
        <img src={src} alt="" width={size} height={size} loading="lazy" onError={() => setBroken(true)} className={css`width: 100%; height: 100%; object-fit: cover;`} />
      </span>
    );
  }
  return (
    <span className={box} aria-hidden="true">
      {[...titleOf(blocklet)][0]?.toUpperCase()}
    </span>
  );
}

function BlockletCard({ blocklet, href, go }: { blocklet: StoreBlocklet; href: string; go: (p: string) => void }) {
  const { css } = useCss();
  const t = useT();
  const { locale } = useSettings();
  const downloads = blocklet.stats?.downloads ?? 0;
  const owner = blocklet.owner?.fullName || blocklet.author?.name;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(href);
  };
  return (
    <a
      href={href}
      onClick={onClick}
      part="blocklet-card"
      className={css`
        display: flex; flex-direction: column; gap: 12px; height: 100%; padding: 16px; border-radius: var(--pay-radius-lg);
        background: var(--pay-color-surface-raised); border: 1px solid var(--pay-color-border); color: inherit; text-decoration: none;
        transition: border-color var(--pay-transition), box-shadow var(--pay-transition);
        &:hover { border-color: var(--pay-color-border-strong); box-shadow: var(--pay-shadow); }
        ${focusRing}
      `}
    >
      <div className={css`display: flex; gap: 12px; align-items: center; min-width: 0;`}>
        <Logo blocklet={blocklet} size={48} />
        <div className={css`min-width: 0; flex: 1;`}>
          <h2 className={css`margin: 0; font-size: 16px; font-weight: 650; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;`}>
            {titleOf(blocklet)}
          </h2>
          {owner ? (
            <div className={css`font-size: 12px; color: var(--pay-color-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap;`}>
              {t('store.by', { name: owner })}
            </div>
          ) : null}
        </div>
        {blocklet.isOfficial ? <StatusChip tone="info">{t('store.official')}</StatusChip> : null}
      </div>
      <p
        className={css`
          margin: 0; color: var(--pay-color-muted); font-size: 13px; line-height: 1.5; min-height: 3em;
          display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden;
        `}
      >
        {blocklet.description || t('store.noDescription')}
      </p>
      <div className={css`display: flex; align-items: center; gap: 6px; margin-top: auto; font-size: 12px; color: var(--pay-color-muted);`}>
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 4v11M7 10l5 5 5-5M5 20h14" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span>{t('store.downloads', { count: downloads, formatted: formatNumber(downloads, locale, { notation: 'compact', maximumFractionDigits: 1 }) })}</span>
        {blocklet.version ? <span className={css`margin-inline-start: auto;`}>v{blocklet.version}</span> : null}
      </div>
    </a>
  );
}

function Detail({ did, version, base, go }: { did: string; version?: string | undefined; base: string; go: (p: string) => void }) {
  const api = useApi();
  const t = useT();
  const { locale } = useSettings();
  const { css } = useCss();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The store API has no single-blocklet call in src/api yet: the list endpoint filtered by `didList` gives the card data.
  const q = useQuery(['store', 'blocklet', did, version ?? ''], async () => {
    const res = await api.store.list({ didList: did, pageSize: 1 });
    return res.dataList.find((x) => x.did === did) ?? null;
  });
  const b = q.data;
  useEffect(() => {
    if (b) headingRef.current?.focus();
  }, [b]);
  const back = (
    <a
      href={base}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        go(base);
      }}
      className={css`display: inline-flex; align-items: center; gap: 6px; min-height: 32px; color: var(--pay-color-primary); text-decoration: none; font-weight: 600; border-radius: 4px; &:hover { text-decoration: underline; } ${focusRing}`}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M15 6l-6 6 6 6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('store.backToList')}
    </a>
  );
  const meta = useMemo(() => {
    if (!b) return [];
    const rows: Array<[string, string]> = [];
    if (b.version) rows.push([t('store.versionLabel'), b.version]);
    const owner = b.owner?.fullName || b.author?.name;
    if (owner) rows.push([t('store.owner'), owner]);
    rows.push([t('store.did'), b.did]);
    if (b.stats?.downloads !== undefined) rows.push([t('store.downloadsLabel'), formatNumber(b.stats.downloads, locale)]);
    return rows;
  }, [b, t, locale]);
  return (
    <div className={css`display: flex; flex-direction: column; gap: 20px;`}>
      <div>{back}</div>
      {q.isPending ? (
        <Skeleton lines={4} />
      ) : q.isError || !b ? (
        <Alert tone="error" title={t('store.notFound')} action={<Button variant="secondary" size="sm" onClick={() => void q.refetch()}>{t('common.retry')}</Button>}>
          {q.error instanceof Error ? q.error.message : null}
        </Alert>
      ) : (
        <article className={css`display: flex; flex-direction: column; gap: 20px;`}>
          <div className={css`display: flex; gap: 20px; align-items: center; @media (max-width: 599px) { flex-direction: column; align-items: flex-start; }`}>
            <Logo blocklet={b} size={88} />
            <div className={css`min-width: 0;`}>
              <h1 ref={headingRef} tabIndex={-1} className={css`margin: 0 0 6px; font-size: 28px; font-weight: 750; outline: none; @media (max-width: 599px) { font-size: 22px; }`}>
                {titleOf(b)}
              </h1>
              <p className={css`margin: 0; color: var(--pay-color-muted); max-width: 720px;`}>{b.description || t('store.noDescription')}</p>
              <div className={css`display: flex; gap: 8px; margin-top: 10px; flex-wrap: wrap;`}>
                {b.version ? <StatusChip tone="secondary">{t('store.version', { version: b.version })}</StatusChip> : null}
                {b.isOfficial ? <StatusChip tone="info">{t('store.official')}</StatusChip> : null}
              </div>
            </div>
          </div>
          <section aria-labelledby="store-details" className={css`border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); padding: 16px 20px; background: var(--pay-color-surface-raised);`}>
            <h2 id="store-details" className={css`margin: 0 0 8px; font-size: 16px;`}>{t('store.details')}</h2>
            <dl className={css`display: grid; grid-template-columns: max-content 1fr; gap: 8px 24px; margin: 0; @media (max-width: 599px) { grid-template-columns: 1fr; gap: 2px; } & dd { margin: 0 0 6px; overflow-wrap: anywhere; } & dt { color: var(--pay-color-muted); }`}>
              {meta.map(([k, v]) => (
                <div key={k} style={{ display: 'contents' }}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
          </section>
        </article>
      )}
    </div>
  );
}
