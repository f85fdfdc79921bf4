/**
 * Blocklet detail (/blocklets/{did}/{version?}, /blocklet/{did}): logo, title, description, author, downloads,
 * category, version with its review status, launch link, screenshots, readme (lazy, sanitized), versions with change
 * logs, requirements and capabilities, more by the author and in the category.
 */
import { queryKey } from '../../api/query-keys.ts';
import { readStorage } from '../../core/storage.ts';
import { blockletMetaUrl } from '../../api/resources/store.ts';
import { errorStatus, formatError } from '../../core/errors.ts';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { formatDate } from '../../core/format-date.ts';
import { formatNumber, pickLocaleText } from '../../core/locale.ts';
import { safeUrl, withQuery } from '../../core/url.ts';
import type { StoreBlocklet } from '../../api/types.ts';
import { Alert } from '../../ui/Alert.tsx';
import { useApi } from '../../ui/api.tsx';
import { Button, useButtonClass } from '../../ui/Button.tsx';
import { useSettings } from '../../ui/context.tsx';
import { useT } from '../../ui/i18n.tsx';
import { useQuery, useQueryOf } from '../../ui/query.ts';
import { dataText, flipInRtl, focusRing } from '../../ui/shared-css.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { useCss } from '../../ui/styles.tsx';
import { blockletQuery, categoriesQuery } from '../queries.ts';
import { reviewStatus } from '../review.ts';
import { capabilityLabels, requirementLines } from '../requirements.ts';
import { detailPath, normalizeBase } from '../router.ts';
import { useStorePreferences, type StorePreferences } from '../preferences.ts';
import { categoryId } from './Home.tsx';
import { CardGrid, DownloadIcon, Logo, ownerName, StoreLink, titleOf, useDownloads, useStoreNav } from './shared.tsx';
import { isolate } from '../../core/bidi.ts';
import { tIsolated } from '../../ui/bidi.tsx';

const Readme = lazy(() => import('./Readme.tsx').then((m) => ({ default: m.Readme })));

type Meta = StoreBlocklet & {
  homepage?: string;
  documentation?: string;
  community?: string;
  blocklet?: {
    reviewVersion?: { version?: string; status?: string } | null;
    currentVersion?: { version?: string } | null;
  };
};

/** The launcher URL (B.3): localStorage.launcherUrl, else preferences.launcherUrl, else the public launcher. */
function launchUrl(metaUrl: string, locale: string, prefs: StorePreferences): string | undefined {
  const launcher =
    readStorage('launcherUrl') ||
    (typeof prefs.launcherUrl === 'string' ? prefs.launcherUrl : 'https://launcher.arcblock.io/');
  const safe = safeUrl(launcher);
  return safe ? withQuery(safe, { blocklet_meta_url: metaUrl, locale }) : undefined;
}

export function Detail({ did, version }: { did: string; version?: string | undefined }) {
  const api = useApi();
  const prefs = useStorePreferences();
  const t = useT();
  const { locale } = useSettings();
  const { css } = useCss();
  const { base } = useStoreNav();
  const downloads = useDownloads();
  const primaryBtn = useButtonClass('primary', 'md');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bq = blockletQuery(api, did, version);
  const q = useQueryOf({ ...bq, queryFn: bq.queryFn as () => Promise<Meta> });
  const info = useQuery(queryKey('store', 'info', did, version ?? ''), () => api.store.info(did, version), {
    enabled: q.isSuccess,
  });
  const versions = useQuery(queryKey('store', 'versions', did), () => api.store.versions(did), {
    enabled: q.isSuccess,
  });
  const storeBase = useQuery(queryKey('store', 'base'), async () => (await api.resolve()).store);
  // A meta whose category is only an id (or a bare string) is named from the category list (the home's, cached).
  const categories = useQueryOf(categoriesQuery(api), { enabled: q.isSuccess });
  const b = q.data;
  useEffect(() => {
    if (b) headingRef.current?.focus();
  }, [b]);

  const back = (
    <StoreLink
      href={normalizeBase(base)}
      className={css`display: inline-flex; align-items: center; gap: 6px; min-height: 32px; color: var(--pay-color-primary); text-decoration: none; font-weight: 600; border-radius: 4px; &:hover { text-decoration: underline; } ${focusRing}`}
    >
      <svg
        className={css`${flipInRtl}`}
        width="16"
        height="16"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M15 6l-6 6 6 6"
          stroke="currentColor"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {t('store.backToList')}
    </StoreLink>
  );
  const section = css`border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); padding: 16px 20px; background: var(--pay-color-surface-raised); & > h2 { margin: 0 0 12px; font-size: 16px; }`;

  if (q.isPending)
    return (
      <div className={css`display: flex; flex-direction: column; gap: 20px;`}>
        {back}
        <Skeleton lines={4} />
      </div>
    );
  if (q.isError || !b) {
    return (
      <div className={css`display: flex; flex-direction: column; gap: 20px;`}>
        {back}
        {/* A blocklet that does not exist is not retried; any other failure (network, 5xx) offers Retry. */}
        {!b && (!q.isError || errorStatus(q.error) === 404) ? (
          <Alert tone="error" title={t('store.notFound')} />
        ) : (
          <Alert
            tone="error"
            title={t('store.detailLoadError')}
            action={
              <Button variant="secondary" size="sm" onClick={() => void q.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {formatError(q.error)}
          </Alert>
        )}
      </div>
    );
  }

  const cat = typeof b.category === 'object' && b.category ? b.category : null;
  const catId = typeof b.category === 'string' ? b.category : (cat?.id ?? cat?._id);
  const listed = catId ? categories.data?.find((c) => categoryId(c) === catId) : undefined;
  const catName =
    (cat?.locales && pickLocaleText(cat.locales, locale)) ||
    (listed && pickLocaleText(listed.locales, locale)) ||
    listed?.name ||
    '';
  const owner = ownerName(b);
  const shownVersion = b.version ?? '';
  const vStatus =
    versions.data?.find((v) => v.version === shownVersion)?.status ?? b.blocklet?.reviewVersion?.status ?? 'PUBLISHED';
  const rs = reviewStatus(vStatus);
  const metaUrl = storeBase.data ? blockletMetaUrl(storeBase.data, b.did, shownVersion) : '';
  const launch = metaUrl ? launchUrl(metaUrl, locale, prefs) : undefined;
  const readme = info.data?.readme
    ? (info.data.readme[locale] ?? info.data.readme.en ?? Object.values(info.data.readme)[0] ?? '')
    : '';
  const screenshots = (b.screenshots ?? []).map((s) => safeUrl(s)).filter((s): s is string => !!s);
  const rows: Array<[string, string]> = [[t('store.did'), b.did]];
  if (owner) rows.push([t('store.owner'), owner]);
  if (catName) rows.push([t('store.category'), catName]);
  if (b.lastPublishedAt)
    rows.push([t('store.lastPublished'), `v${shownVersion} · ${formatDate(b.lastPublishedAt, locale)}`]);
  rows.push([t('store.downloadsLabel'), formatNumber(b.stats?.downloads ?? 0, locale)]);
  for (const line of requirementLines(b.requirements)) {
    const name = 'key' in line.name ? t(`store.req.name.${line.name.key}`) : line.name.text;
    const range = line.range
      .map((alt) =>
        alt.map((c) => (c.op === 'raw' ? c.v : t(`store.req.cond.${c.op}`, { v: c.v }))).join(t('store.req.and')),
      )
      .join(t('store.req.or'));
    const list = line.list
      .map((x) => ('key' in x ? t(`store.req.value.${x.key}`) : x.text))
      .join(t('store.req.listSep'));
    rows.push([t('store.requirement', { name }), [range, list].filter(Boolean).join(' ')]);
  }
  const caps = capabilityLabels(b.capabilities).map((c) => ('key' in c ? t(`store.cap.${c.key}`) : c.text));
  if (caps.length) rows.push([t('store.capabilities'), caps.join(t('store.req.listSep'))]);

  return (
    <div className={css`display: flex; flex-direction: column; gap: 20px;`}>
      <div>{back}</div>
      <article className={css`display: flex; flex-direction: column; gap: 20px;`}>
        <header
          className={css`display: flex; gap: 20px; align-items: center; @media (max-width: 599px) { flex-direction: column; align-items: flex-start; }`}
        >
          <Logo blocklet={b} size={100} />
          <div className={css`min-width: 0; flex: 1;`}>
            <h1
              ref={headingRef}
              tabIndex={-1}
              className={css`margin: 0 0 6px; font-size: 28px; font-weight: 750; outline: none; @media (max-width: 599px) { font-size: 22px; }`}
            >
              {titleOf(b)}
            </h1>
            <p className={css`margin: 0; color: var(--pay-color-muted); max-width: 720px; ${dataText}`}>
              {b.description || t('store.noDescription')}
            </p>
            <div
              className={css`display: flex; gap: 8px 14px; margin-top: 10px; flex-wrap: wrap; align-items: center; font-size: 13px;`}
            >
              {owner ? <span>{tIsolated(t, 'store.by', { name: owner }, ['name'])}</span> : null}
              <span
                className={css`display: inline-flex; gap: 4px; align-items: center; color: var(--pay-color-muted);`}
              >
                <DownloadIcon />
                {downloads(b.stats?.downloads)}
              </span>
              {catId && catName ? (
                <StoreLink
                  href={`${normalizeBase(base)}category/${encodeURIComponent(catId)}`}
                  className={css`color: var(--pay-color-primary); border-radius: 4px; ${focusRing}`}
                >
                  {catName}
                </StoreLink>
              ) : null}
              {shownVersion ? (
                <span part="version" className={css`display: inline-flex; gap: 6px; align-items: center;`}>
                  {t('store.version', { version: shownVersion })}
                  <StatusChip tone={rs.tone}>{t(`store.review.${rs.key}`)}</StatusChip>
                </span>
              ) : null}
              {b.isOfficial ? <StatusChip tone="info">{t('store.official')}</StatusChip> : null}
            </div>
          </div>
          {launch ? (
            <a href={launch} target="_blank" rel="noopener noreferrer" part="launch" className={primaryBtn}>
              {t('store.launch')}
              <span
                className={css`position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);`}
              >
                {t('store.newTab')}
              </span>
            </a>
          ) : null}
        </header>

        {screenshots.length ? (
          <section aria-labelledby="store-shots" className={section}>
            <h2 id="store-shots">{t('store.screenshots')}</h2>
            {/* Wider than a phone: the strip scrolls sideways in its own box. The list takes focus, named by the
                heading, so the keyboard scrolls it too (as ScrollTable's frame does). */}
            {/* eslint-disable jsx-a11y/no-noninteractive-tabindex -- a scroll box takes focus to scroll by keys */}
            <ul
              aria-labelledby="store-shots"
              tabIndex={0}
              className={css`list-style: none; margin: 0; padding: 0 0 6px; display: flex; gap: 12px; overflow-x: auto; border-radius: var(--pay-radius); ${focusRing}`}
            >
              {/* eslint-enable jsx-a11y/no-noninteractive-tabindex -- only the scroll box */}
              {screenshots.map((s, i) => (
                <li key={s} className={css`flex: none;`}>
                  <img
                    src={s}
                    alt={t('store.screenshotAlt', { title: isolate(titleOf(b)), n: i + 1 })}
                    loading="lazy"
                    width={320}
                    height={200}
                    className={css`display: block; width: 320px; height: 200px; object-fit: cover; border-radius: var(--pay-radius); border: 1px solid var(--pay-color-border);`}
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div
          className={css`display: grid; gap: 20px; grid-template-columns: minmax(0, 1fr) 320px; @media (max-width: 899px) { grid-template-columns: 1fr; }`}
        >
          <section aria-labelledby="store-readme" className={section}>
            <h2 id="store-readme">{t('store.readme')}</h2>
            {info.isPending ? (
              <Skeleton lines={5} />
            ) : readme ? (
              <Suspense fallback={<Skeleton lines={5} />}>
                <Readme markdown={readme} />
              </Suspense>
            ) : (
              <p>{t('store.noReadme')}</p>
            )}
          </section>
          <div className={css`display: flex; flex-direction: column; gap: 20px;`}>
            <section aria-labelledby="store-details" className={section}>
              <h2 id="store-details">{t('store.details')}</h2>
              <dl
                className={css`display: grid; grid-template-columns: 1fr; gap: 2px; margin: 0; & dd { margin: 0 0 8px; overflow-wrap: anywhere; } & dt { color: var(--pay-color-muted); font-size: 13px; }`}
              >
                {rows.map(([k, v]) => (
                  <div key={k} style={{ display: 'contents' }}>
                    <dt>{k}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <section aria-labelledby="store-versions" className={section}>
              <h2 id="store-versions">{t('store.versions')}</h2>
              {versions.isPending ? (
                <Skeleton lines={3} />
              ) : (
                <ol
                  part="versions"
                  className={css`list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px;`}
                >
                  {(versions.data ?? []).map((v) => (
                    <li key={v.version}>
                      <div className={css`display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap;`}>
                        <StoreLink
                          href={detailPath(base, b.did, v.version)}
                          className={css`font-weight: 650; color: var(--pay-color-primary); border-radius: 4px; ${focusRing}`}
                        >
                          v{v.version}
                        </StoreLink>
                        {v.publishedAt ? (
                          <span className={css`font-size: 12px; color: var(--pay-color-muted);`}>
                            {formatDate(v.publishedAt, locale)}
                          </span>
                        ) : null}
                      </div>
                      {v.changeLog ? (
                        <Suspense fallback={<Skeleton lines={2} announce={false} />}>
                          <Readme markdown={v.changeLog} compact part="changelog" />
                        </Suspense>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
        </div>
        {info.data?.authorBlocklets?.length ? (
          <section
            aria-labelledby="store-by-author"
            className={css`display: flex; flex-direction: column; gap: 12px; & > h2 { margin: 0; font-size: 18px; }`}
          >
            <h2 id="store-by-author">{tIsolated(t, 'store.moreByAuthor', { name: owner ?? '' }, ['name'])}</h2>
            <CardGrid items={info.data.authorBlocklets} headingLevel={3} />
          </section>
        ) : null}
        {info.data?.categoriesBlocklets?.length && catName ? (
          <section
            aria-labelledby="store-in-category"
            className={css`display: flex; flex-direction: column; gap: 12px; & > h2 { margin: 0; font-size: 18px; }`}
          >
            <h2 id="store-in-category">{tIsolated(t, 'store.moreInCategory', { name: catName }, ['name'])}</h2>
            <CardGrid items={info.data.categoriesBlocklets} headingLevel={3} />
          </section>
        ) : null}
      </article>
    </div>
  );
}
