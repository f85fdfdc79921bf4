/**
 * Organization switcher (first paint: only the button). The dropdown and the create dialog are in a lazily
 * imported chunk (OrgPanel.tsx), loaded on first open.
 *
 * Current org: createOrgs(api).currentOrgId(role) → get(id). Loading that org failing signs the user out (spec §4):
 * a failure the server answered. A request that got no answer (the page navigating away aborts it; a dropped
 * connection) is not the org failing, and signing out then would end the session of anyone who clicks a link early.
 * Switching: the passport switch with the orgId, then `header-org-change {orgId}` (cancelable); not canceled → reload.
 */
import { queryKey } from '../api/query-keys.ts';
import { useDismiss } from '../ui/dismiss.ts';
import { formatError } from '../core/errors.ts';
import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ApiError } from '../api/errors.ts';
import { createOrgs, type Org } from '../api/resources/orgs.ts';
import { useApi } from '../ui/api.tsx';
import { useEmit, useToast } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useQuery, useQueryClient } from '../ui/query.ts';
import { useSession } from '../ui/session.tsx';
import { dataEllipsis, focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';
import { OrgAvatar } from './OrgAvatar.tsx';
import { ORG_MENU_WIDTH } from './org-rules.ts';
import { isolate } from '../core/bidi.ts';

const loadPanel = () => import('./OrgPanel.tsx');
const OrgPanel = lazy(() => loadPanel().then((m) => ({ default: m.OrgPanel })));
const CreateOrgDialog = lazy(() => loadPanel().then((m) => ({ default: m.CreateOrgDialog })));

export function OrgSwitch({ compact, onReady }: { compact: boolean; onReady?: () => void }) {
  const api = useApi();
  const t = useT();
  const emit = useEmit<'site-header'>();
  const toast = useToast();
  const session = useSession();
  const qc = useQueryClient();
  const { css } = useCss();
  const [open, setOpen] = useState(false);
  const closePanel = useCallback(() => setOpen(false), []);
  const [creating, setCreating] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const user = session.user;
  const key = queryKey('header', 'org', user?.did ?? '');
  const current = useQuery(
    key,
    async (): Promise<Org | null> => {
      const id = await createOrgs(api).currentOrgId(typeof user?.role === 'string' ? user.role : undefined);
      return id ? createOrgs(api).get(id) : null;
    },
    { staleTime: 5 * 60_000, retry: false },
  );
  const failed = !!(current.error as ApiError | null)?.status;
  useEffect(() => {
    if (!failed) return;
    console.warn('[site-header] loading the organization failed; signing out', current.error);
    void session.logout().catch((err: unknown) => console.warn('[site-header] logout failed', err));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sign out once when loading the organization fails
  }, [failed]);

  // Outside click and Escape close the dropdown (Escape returns focus to the button).
  useDismiss(open, closePanel, wrapRef);

  // The header lays itself out as soon as this button is in: while the organization loads, its name's room is
  // reserved at the most the button shows (the name can then only make it narrower, never push the nav out).
  const pendingName = current.isPending;
  useLayoutEffect(() => onReady?.(), [onReady]);
  const org = current.data ?? null;
  const name = org?.name ?? t('header.org.none');

  const switchTo = async (target: Org) => {
    setOpen(false);
    buttonRef.current?.focus();
    if (target.id === org?.id) return;
    try {
      await createOrgs(api).switchTo(target.id);
      qc.setQueryData(key, target);
      if (emit('org-change', { orgId: target.id }, { cancelable: true })) window.location.reload();
    } catch (err) {
      toast.show({ tone: 'error', title: t('header.org.switchFailed'), message: formatError(err) });
    }
  };

  return (
    <div ref={wrapRef} className={css`position: relative; flex: none;`}>
      <button
        ref={buttonRef}
        type="button"
        part="org-switch"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
        onMouseEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        className={css`
          display: inline-flex; align-items: center; gap: 8px; min-height: 36px; max-width: 200px; padding: 0 8px;
          border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius); background: transparent; color: inherit;
          font: inherit; font-weight: 550; cursor: pointer;
          &:hover { background: var(--pay-color-hover); } ${focusRing}
        `}
      >
        <OrgAvatar name={pendingName ? null : org?.name} owner={org?.isOwner === true} />
        {compact ? (
          <VisuallyHidden>{t('header.org.button', { name: isolate(name) })}</VisuallyHidden>
        ) : (
          <>
            <VisuallyHidden>{t('header.org.title')}: </VisuallyHidden>
            <span dir="auto" className={css`${dataEllipsis} ${pendingName ? 'width: 130px;' : ''}`}>
              {pendingName ? '' : name}
            </span>
          </>
        )}
        <svg
          width="14"
          height="14"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          className={css`@media (max-width: 359px) { display: none; }`}
        >
          <path
            d="M6 9l6 6 6-6"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {open ? (
        <div
          className={css`
            position: absolute; top: calc(100% + 6px); inset-inline-end: 0; z-index: 1100; width: min(${ORG_MENU_WIDTH}px, calc(100vw - 32px));
            @media (max-width: 599px) { position: fixed; top: calc(var(--pay-header-height) + 4px); inset-inline-end: 16px; }
          `}
        >
          <Suspense fallback={null}>
            <OrgPanel
              id={panelId}
              currentId={org?.id}
              onSwitch={(o) => void switchTo(o)}
              onClose={() => {
                setOpen(false);
                buttonRef.current?.focus();
              }}
              onCreate={() => {
                setOpen(false);
                buttonRef.current?.focus();
                setCreating(true);
              }}
            />
          </Suspense>
        </div>
      ) : null}
      {creating ? (
        <Suspense fallback={null}>
          <CreateOrgDialog onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
