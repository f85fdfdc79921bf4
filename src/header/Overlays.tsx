/**
 * Lazily loaded overlays of the header (spec §2, §4, §6, §9):
 * - DomainWarning: the temporary-domain notice. A modal that Escape does not close; 'Remind Me Later' stores the
 *   skip time (30 days); owner/admin also see the five benefits and 'Configure Domain' (admin domains page, new tab).
 * - CookieConsent: fixed at the bottom end corner (bottom right left to right; max width 440 px; full width with 16 px margins up to 480 px wide), one
 *   accept button that writes the CookieConsent cookie (src/header/storage.ts) and hides the notice.
 */
import { useId, useState } from 'react';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useEmit } from '../ui/context.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useT } from '../ui/i18n.tsx';
import { useCss } from '../ui/styles.tsx';
import { usePanelMessages } from './panel-messages.ts';
import { DOMAINS_PATH, storeDomainSkip, writeConsentCookie } from './storage.ts';

const BENEFITS = ['https', 'brand', 'short', 'professional', 'fast'] as const;

export function DomainWarning({ role }: { role: string | undefined }) {
  const ready = usePanelMessages();
  const [open, setOpen] = useState(true);
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  if (!ready || !open) return null;
  const admin = role === 'owner' || role === 'admin';
  const later = () => {
    storeDomainSkip();
    setOpen(false);
  };
  const configure = () => {
    const base = api.origin || window.location.origin;
    window.open(`${base}${DOMAINS_PATH}`, '_blank', 'noopener');
    setOpen(false);
  };
  return (
    <Dialog
      open
      dismissible={false}
      onClose={() => undefined}
      title={admin ? t('headerPanels.domain.adminTitle') : t('headerPanels.domain.title')}
      width={560}
      actions={
        <>
          <Button variant={admin ? 'secondary' : 'primary'} onClick={later} part="domain-later">
            {t('headerPanels.domain.later')}
          </Button>
          {admin ? (
            <Button onClick={configure} part="domain-configure">
              {t('headerPanels.domain.configure')}
            </Button>
          ) : null}
        </>
      }
    >
      <div part="domain-warning">
        <p className={css`margin: 0 0 8px;`}>
          {admin ? t('headerPanels.domain.adminText') : t('headerPanels.domain.guestText')}
        </p>
        {admin ? (
          <ul className={css`margin: 0; padding-inline-start: 20px; display: grid; gap: 4px;`}>
            {BENEFITS.map((b) => (
              <li key={b}>{t(`headerPanels.domain.benefits.${b}`)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </Dialog>
  );
}

export function CookieConsent() {
  const ready = usePanelMessages();
  const [open, setOpen] = useState(true);
  const emit = useEmit<'site-header'>();
  const t = useT();
  const { css } = useCss();
  const textId = useId();
  if (!ready || !open) return null;
  return (
    <section
      part="cookie-consent"
      aria-label={t('headerPanels.cookie.label')}
      aria-describedby={textId}
      className={css`
        position: fixed; z-index: 2147482000; inset-inline-end: 16px; bottom: 16px; max-width: 440px; box-sizing: border-box;
        display: flex; align-items: center; gap: 16px; padding: 16px; border: 1px solid var(--pay-color-border);
        border-radius: var(--pay-radius-lg); background: var(--pay-color-surface-raised); color: var(--pay-color-text);
        box-shadow: var(--pay-shadow-lg); font-size: 14px;
        @media (max-width: 480px) { inset-inline: 16px; max-width: none; width: auto; }
      `}
    >
      <p id={textId} className={css`margin: 0; flex: 1;`}>
        {t('headerPanels.cookie.text')}
      </p>
      <Button
        size="sm"
        part="cookie-accept"
        onClick={() => {
          writeConsentCookie();
          setOpen(false);
          emit('cookie-consent', {});
        }}
      >
        {t('headerPanels.cookie.accept')}
      </Button>
    </section>
  );
}
