/** /profile (?did= for someone else's): the person's public blocklets; without ?did= the signed-in user's. */
import { queryKey } from '../../api/query-keys.ts';
import { queryParams } from '../../core/params.ts';
import { useApi } from '../../ui/api.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { useT } from '../../ui/i18n.tsx';
import { useQuery } from '../../ui/query.ts';
import { useSession } from '../../ui/session.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useCss } from '../../ui/styles.tsx';
import { Guard } from './Guard.tsx';
import { CardGrid, PageTitle, useStoreNav } from './shared.tsx';

export function Profile() {
  const { search } = useStoreNav();
  const did = queryParams(search).get('did');
  if (did) return <ProfileOf did={did} />;
  return (
    <Guard>
      <Mine />
    </Guard>
  );
}

function Mine() {
  const { user } = useSession();
  return user ? <ProfileOf did={user.did} name={user.fullName} /> : null;
}

function ProfileOf({ did, name }: { did: string; name?: string | undefined }) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const q = useQuery(queryKey('store', 'profile', did), () =>
    api.store.list({ owner: did, pageSize: 1000, sortBy: 'stats.downloads', sortDirection: 'desc' }),
  );
  const owner = name ?? q.data?.dataList[0]?.owner?.fullName ?? did;
  return (
    <div className={css`display: flex; flex-direction: column; gap: 20px;`}>
      <PageTitle sub={did}>{owner}</PageTitle>
      <h2 className={css`margin: 0; font-size: 18px;`}>{t('store.profileBlocklets')}</h2>
      {q.isPending ? (
        <Skeleton lines={3} />
      ) : q.isError ? (
        <Alert
          tone="error"
          title={t('store.loadError')}
          action={
            <Button variant="secondary" size="sm" onClick={() => void q.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : q.data.dataList.length ? (
        <CardGrid items={q.data.dataList} headingLevel={3} />
      ) : (
        <p>{t('store.profileEmpty')}</p>
      )}
    </div>
  );
}
