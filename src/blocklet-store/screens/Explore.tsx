/**
 * Explore sections of the plain store home (GET /api/blocklets/explore: trending, topRated, recentlyUpdated, ≤ 4
 * each). Loaded lazily and only while no search or filter is active; empty sections (topRated on the store is
 * always empty) are left out, and so is the whole block when the request fails (the full list below still works).
 * The preference banner (HomeBanner.tsx) comes first when the platform sets one.
 */
import { exploreQuery } from '../queries.ts';
import { useQueryOf } from '../../ui/query.ts';
import { useApi } from '../../ui/api.tsx';
import { useT } from '../../ui/i18n.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useCss } from '../../ui/styles.tsx';
import { HomeBanner } from './HomeBanner.tsx';
import { CardGrid } from './shared.tsx';

const KNOWN = new Set(['trending', 'topRated', 'recentlyUpdated']);
export const EXPLORE_MAX = 4;

export default function Explore() {
  return (
    <>
      <HomeBanner />
      <ExploreSections />
    </>
  );
}

function ExploreSections() {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const q = useQueryOf(exploreQuery(api));
  if (q.isPending) return <Skeleton variant="rect" height={120} announce={false} />;
  if (q.isError) return null;
  const sections = q.data.filter((s) => KNOWN.has(s.type) && s.blocklets.length > 0);
  if (!sections.length) return null;
  return (
    <div part="explore" className={css`display: flex; flex-direction: column; gap: 20px;`}>
      {sections.map((s) => (
        <section
          key={s.type}
          aria-labelledby={`store-explore-${s.type}`}
          data-section={s.type}
          className={css`display: flex; flex-direction: column; gap: 10px;`}
        >
          <h2 id={`store-explore-${s.type}`} className={css`margin: 0; font-size: 18px; font-weight: 700;`}>
            {t(`store.explore.${s.type}`)}
          </h2>
          <CardGrid items={s.blocklets.slice(0, EXPLORE_MAX)} headingLevel={3} part="explore-card" min={220} />
        </section>
      ))}
    </div>
  );
}
