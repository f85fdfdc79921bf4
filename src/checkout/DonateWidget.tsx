/**
 * The donate widget (spec §2 "Donation settings page", §3 "Donate settings", §4 "Donation settings inactive", §6, §7
 * POST /api/settings): a host page mounts <pay-checkout donation-mount-location="…" donation-settings='{…}'>. The
 * widget gets-or-creates the donate settings of that location (cached 1 hour). Active: the donation checkout of the
 * target's payment link. Inactive: the owner or an admin sees "Enable donations", then is asked to configure now (the
 * donation settings page, {mount point}/integrations/donations, in a new tab) or later; everyone else is told that
 * donations are not enabled. Loaded lazily with its `donate` strings.
 */
import { queryKey } from '../api/query-keys.ts';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { errorText } from '../core/errors.ts';
import { createDonations, type DonationSettingsInput } from '../api/resources/donations.ts';
import { Alert } from '../ui/Alert.tsx';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useT } from '../ui/i18n.tsx';
import { useMutation, useQuery, useQueryClient } from '../ui/query.ts';
import { useSession } from '../ui/session.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { useCss } from '../ui/styles.tsx';
import { useDonateMessages } from './donate-messages.ts';

export type DonateWidgetProps = {
  mountLocation: string;
  settings?: DonationSettingsInput | undefined;
  /** Renders the donation checkout of a payment link (the element's own checkout loader). */
  renderCheckout: (paymentLinkId: string) => ReactNode;
};

/** Roles that may enable donation settings (spec §6). */
const MANAGERS = new Set(['owner', 'admin']);

export function DonateWidget(props: DonateWidgetProps) {
  const ready = useDonateMessages();
  return ready ? <DonateWidgetBody {...props} /> : <Skeleton lines={3} />;
}

function DonateWidgetBody({ mountLocation, settings, renderCheckout }: DonateWidgetProps) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const client = useQueryClient();
  const session = useSession();
  const donations = useMemo(() => createDonations(api), [api]);
  const target = settings?.target || mountLocation;
  const key = queryKey('donation', 'settings', mountLocation);
  const setting = useQuery(
    key,
    () =>
      donations.getOrCreate({
        mountLocation,
        description: settings?.description ?? settings?.title ?? '',
        settings: settings ?? {},
      }),
    {
      staleTime: 60 * 60 * 1000,
    },
  );
  const active = setting.data?.active === true;
  const link = useQuery(queryKey('donation', 'link', target), () => donations.link({ ...(settings ?? {}), target }), {
    enabled: active,
    staleTime: Infinity,
  });
  const [asking, setAsking] = useState(false);
  // The enable button is gone once enabled: closing the question moves focus to the donation checkout instead.
  const landing = useRef<HTMLDivElement>(null);
  const closeQuestion = () => {
    setAsking(false);
    requestAnimationFrame(() => landing.current?.focus());
  };
  const enable = useMutation((id: string) => donations.enable(id), {
    onSuccess: (doc) => {
      client.setQueryData(key, doc);
      setAsking(true);
    },
  });

  const box = css`display: grid; gap: 12px; padding: 16px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-surface);`;
  const title = settings?.title || t('donate.title');

  if (setting.isError && !setting.data) {
    return (
      <div part="donate" className={box}>
        <Alert
          tone="error"
          title={t('donate.loadFailed')}
          action={
            <Button variant="secondary" size="sm" onClick={() => void setting.refetch()}>
              {t('donate.retry')}
            </Button>
          }
        >
          {errorText(setting.error, t)}
        </Alert>
      </div>
    );
  }
  if (!setting.data || !session.initialized) return <Skeleton lines={3} />;

  const dialog = (
    <Dialog
      open={asking}
      onClose={closeQuestion}
      title={t('donate.configureTitle')}
      description={t('donate.configureText')}
      actions={
        <>
          <Button variant="secondary" onClick={closeQuestion}>
            {t('donate.configureLater')}
          </Button>
          <ConfigureNow donations={donations} label={t('donate.configureNow')} onOpen={closeQuestion} />
        </>
      }
    />
  );

  if (active) {
    if (link.data) {
      return (
        <>
          <div ref={landing} tabIndex={-1} className={css`outline: none;`}>
            {renderCheckout(link.data.id)}
          </div>
          {dialog}
        </>
      );
    }
    if (link.isError) {
      return (
        <div part="donate" className={box}>
          <Alert
            tone="error"
            title={t('donate.loadFailed')}
            action={
              <Button variant="secondary" size="sm" onClick={() => void link.refetch()}>
                {t('donate.retry')}
              </Button>
            }
          >
            {errorText(link.error, t)}
          </Alert>
          {dialog}
        </div>
      );
    }
    return (
      <>
        <Skeleton lines={3} />
        {dialog}
      </>
    );
  }

  const role = session.user?.role;
  const manager = typeof role === 'string' && MANAGERS.has(role);
  return (
    <section part="donate" className={box} aria-labelledby="donate-title">
      <h2 id="donate-title" className={css`margin: 0; font-size: 1.15rem;`}>
        {title}
      </h2>
      {manager ? (
        <>
          <p className={css`margin: 0; color: var(--pay-color-muted);`}>{t('donate.inactiveManager')}</p>
          <div>
            <Button
              pending={enable.isPending}
              pendingLabel={t('donate.enabling')}
              onClick={() => enable.mutate(setting.data!.id)}
            >
              {t('donate.enable')}
            </Button>
          </div>
        </>
      ) : (
        <Alert tone="info">{t('donate.notEnabled')}</Alert>
      )}
      <div aria-live="assertive">
        {enable.isError ? (
          <Alert tone="error">{t('donate.enableFailed', { message: errorText(enable.error, t) })}</Alert>
        ) : null}
      </div>
    </section>
  );
}

/** "Configure now": the donation settings page in a new tab. */
function ConfigureNow({
  donations,
  label,
  onOpen,
}: {
  donations: ReturnType<typeof createDonations>;
  label: string;
  onOpen: () => void;
}) {
  const page = useQuery(queryKey('donation', 'settings-page'), () => donations.settingsPageUrl(), {
    staleTime: Infinity,
  });
  return (
    <Button href={page.data ?? '#'} newTab onClick={onOpen}>
      {label}
    </Button>
  );
}
