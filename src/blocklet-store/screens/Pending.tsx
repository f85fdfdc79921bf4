/** Routes whose screens are not built yet (wallet connect pages, join, developer and console tables): a plain notice. */
import { Alert } from '../../ui/Alert.tsx';
import { useT } from '../../ui/i18n.tsx';
import { PageTitle, StoreLink, useStoreNav } from './shared.tsx';

export function Pending({ title }: { title: string }) {
  const t = useT();
  const { base } = useStoreNav();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
      <PageTitle>{title}</PageTitle>
      <Alert tone="info" title={t('store.notYet')}>
        <StoreLink href={base}>{t('store.backToList')}</StoreLink>
      </Alert>
    </div>
  );
}
