/**
 * Store home (/, /search, /category/{id}): debounced search, category chips, price and sort, all kept in the URL
 * (keyword, category, price, sortBy, page); paged list (18 a page, so a catalog of thousands stays light);
 * loading, empty and error states.
 */
import { formatError } from '../../core/errors.ts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatNumber, pickLocaleText } from '../../core/locale.ts';
import type { StoreCategory } from '../../api/types.ts';
import { Alert } from '../../ui/Alert.tsx';
import { useApi } from '../../ui/api.tsx';
import { Button } from '../../ui/Button.tsx';
import { useSettings } from '../../ui/context.tsx';
import { useT } from '../../ui/i18n.tsx';
import { useQueryOf } from '../../ui/query.ts';
import { Select } from '../../ui/Select.tsx';
import { focusRing } from '../../ui/shared-css.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useCss } from '../../ui/styles.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { categoriesQuery, homeListQuery, isFiltered, PAGE_SIZE, showsExplore } from '../queries.ts';
import { filtersPath, readFilters, SORTS, type HomeFilters } from '../router.ts';
import { CardGrid, PageTitle, useStoreNav } from './shared.tsx';

// The explore sections load on first use of the plain home (out of the first-paint bundle).
const Explore = lazy(() => import('./Explore.tsx'));

export const SEARCH_DEBOUNCE_MS = 300;

export const categoryId = (c: StoreCategory): string => c.id ?? c._id ?? c.name ?? '';

export function Home({ category: routeCategory }: { category?: string | undefined }) {
  const api = useApi();
  const t = useT();
  const { locale } = useSettings();
  const { css } = useCss();
  const { base, search, replace, go } = useStoreNav();
  const f = readFilters(search, routeCategory);
  const [input, setInput] = useState(f.keyword);
  /** The keyword this field last put in the URL: a URL that comes back with it is the field's own echo. */
  const typed = useRef(f.keyword);
  const listTop = useRef<HTMLDivElement>(null);

  /** A filter change goes back to page 1; keyword typing replaces the entry, other changes push one. */
  const apply = (patch: Partial<HomeFilters>, push = false) => {
    const cur = readFilters(window.location.search, routeCategory);
    const next = filtersPath(base, { ...cur, page: 1, ...patch });
    if (next === `${window.location.pathname}${window.location.search}`) return;
    (push ? go : replace)(next);
  };

  // Debounce typing, then keep ?keyword= in the URL.
  useEffect(() => {
    const id = setTimeout(() => {
      const k = input.trim();
      typed.current = k;
      if (k !== readFilters(window.location.search, routeCategory).keyword) apply({ keyword: k });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the debounce restarts on typing only
  }, [input]);

  // Back/forward (or a link) to another keyword updates the field. The URL catching up with what was typed does not:
  // on a slow device the person has typed on by then, and resetting the field to the echo would eat those letters.
  useEffect(() => {
    if (f.keyword === typed.current) return;
    typed.current = f.keyword;
    setInput((cur) => (cur.trim() === f.keyword ? cur : f.keyword));
  }, [f.keyword]);

  const categories = useQueryOf(categoriesQuery(api));
  const list = useQueryOf(homeListQuery(api, f), { placeholderData: (prev) => prev });

  const cats = (categories.data ?? []).filter((c) => categoryId(c) && categoryId(c) !== 'all');
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = isFiltered(f);

  const toPage = (page: number) => {
    apply({ page }, true);
    listTop.current?.focus();
  };

  return (
    <div className={css`display: flex; flex-direction: column; gap: 20px;`}>
      <PageTitle sub={t('store.subtitle')}>{t('store.title')}</PageTitle>
      <div className={css`display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end;`}>
        <div role="search" part="search" className={css`flex: 1 1 320px; max-width: 560px;`}>
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
        <div part="filters" className={css`display: flex; gap: 12px; flex-wrap: wrap; & > * { min-width: 150px; }`}>
          <Select
            label={t('store.price')}
            value={f.price}
            onChange={(e) => apply({ price: e.target.value as HomeFilters['price'] }, true)}
            options={[
              { value: '', label: t('store.priceAll') },
              { value: 'free', label: t('store.priceFree') },
              { value: 'payment', label: t('store.pricePaid') },
            ]}
          />
          <Select
            label={t('store.sort')}
            value={f.sort}
            onChange={(e) => apply({ sort: e.target.value as HomeFilters['sort'] }, true)}
            options={SORTS.map((s) => ({ value: s, label: t(`store.sortBy.${s}`) }))}
          />
        </div>
      </div>
      {cats.length > 0 ? (
        <div
          role="group"
          aria-label={t('store.categories')}
          part="categories"
          className={css`display: flex; gap: 8px; overflow-x: auto; padding: 2px 2px 6px; scrollbar-width: thin; @media (min-width: 900px) { flex-wrap: wrap; }`}
        >
          <CategoryChip label={t('store.all')} pressed={!f.category} onClick={() => apply({ category: '' }, true)} />
          {cats.map((c) => (
            <CategoryChip
              key={categoryId(c)}
              label={pickLocaleText(c.locales, locale) || c.name || categoryId(c)}
              pressed={f.category === categoryId(c)}
              onClick={() => apply({ category: f.category === categoryId(c) ? '' : categoryId(c) }, true)}
            />
          ))}
        </div>
      ) : null}
      {showsExplore(f) ? (
        <Suspense fallback={null}>
          <Explore />
        </Suspense>
      ) : null}
      <div
        ref={listTop}
        tabIndex={-1}
        aria-live="polite"
        className={css`font-size: 13px; color: var(--pay-color-muted); min-height: 20px; outline: none;`}
      >
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
          {formatError(list.error)}
        </Alert>
      ) : list.isPending ? (
        <div
          aria-busy="true"
          className={css`display: grid; gap: 16px; grid-template-columns: repeat(auto-fill, minmax(min(280px, 100%), 1fr));`}
        >
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rect" height={148} announce={i === 0} />
          ))}
        </div>
      ) : (list.data?.dataList.length ?? 0) === 0 ? (
        <div
          className={css`display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 48px 16px; text-align: center;`}
        >
          <svg
            width="44"
            height="44"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
            style={{ color: 'var(--pay-color-muted)' }}
          >
            <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="1.5" fill="none" />
            <path d="M20 20l-4-4M8.5 11h5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          </svg>
          <h2 className={css`margin: 0; font-size: 18px;`}>{t('store.empty')}</h2>
          <p className={css`margin: 0; color: var(--pay-color-muted);`}>{t('store.emptyHint')}</p>
          {filtered || f.page > 1 ? (
            <Button
              variant="text"
              onClick={() => {
                setInput('');
                go(base);
              }}
            >
              {t('store.clearSearch')}
            </Button>
          ) : null}
        </div>
      ) : (
        <>
          <CardGrid items={list.data?.dataList ?? []} />
          {pages > 1 ? (
            <nav
              aria-label={t('store.pagination')}
              part="pagination"
              className={css`display: flex; align-items: center; justify-content: center; gap: 12px;`}
            >
              <Button variant="secondary" size="sm" disabled={f.page <= 1} onClick={() => toPage(f.page - 1)}>
                {t('store.prevPage')}
              </Button>
              <span aria-current="page">{t('store.pageOf', { page: f.page, pages })}</span>
              <Button variant="secondary" size="sm" disabled={f.page >= pages} onClick={() => toPage(f.page + 1)}>
                {t('store.nextPage')}
              </Button>
            </nav>
          ) : null}
        </>
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
