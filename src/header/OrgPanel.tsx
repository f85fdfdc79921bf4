/**
 * Lazily loaded part of the organization switcher: the dropdown (search with a 500 ms debounce, a scrollable list
 * of max height 240 that loads the next page of 20 within 50 px of its end, owners in a distinct avatar colour,
 * Create new, View all) and the create-org dialog (spec §2, §4, §5, §9).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createOrgs, type Org } from '../api/resources/orgs.ts';
import { validateOrgDescription, validateOrgName, type ValidationError } from '../core/validation.ts';
import { Alert } from '../ui/Alert.tsx';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { useEmit, useSettings } from '../ui/context.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useT } from '../ui/i18n.tsx';
import { dataEllipsis, focusRing } from '../ui/shared-css.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { useCss } from '../ui/styles.tsx';
import { TextField } from '../ui/TextField.tsx';
import { checkHref } from '../ui/url.ts';
import { OrgAvatar } from './OrgAvatar.tsx';
import { usePanelMessages } from './panel-messages.ts';
import { nearEnd, ORG_LIST_MAX_HEIGHT, ORG_PAGE_SIZE, ORG_SEARCH_DEBOUNCE_MS } from './org-rules.ts';

/** What the list draws; the paging itself is in `loaded` (a ref: the scroll handler must see a page as it lands). */
type ListState = { orgs: Org[]; loading: boolean };

export function OrgPanel({
  id,
  currentId,
  onSwitch,
  onClose,
  onCreate,
}: {
  id: string;
  currentId: string | undefined;
  onSwitch: (org: Org) => void;
  onClose: () => void;
  onCreate: () => void;
}) {
  const api = useApi();
  const t = useT();
  const { locale } = useSettings();
  const { css } = useCss();
  const titleId = useId();
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState('');
  const [list, setList] = useState<ListState>({ orgs: [], loading: true });
  const inflight = useRef<AbortController | null>(null);
  /** The pages loaded so far, kept as they land: scroll events can come before the render that shows them. */
  const loaded = useRef({ page: 0, total: 0, count: 0 });
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    searchRef.current?.focus();
  }, []);

  // Search: 500 ms after the last keystroke.
  useEffect(() => {
    if (term === query) return;
    const timer = setTimeout(() => setQuery(term), ORG_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, query]);

  const load = useCallback(
    async (q: string, page: number) => {
      inflight.current?.abort();
      const ctrl = new AbortController();
      inflight.current = ctrl;
      setList((s) => ({ orgs: page === 1 ? [] : s.orgs, loading: true }));
      try {
        const res = await createOrgs(api).list({ search: q, page, pageSize: ORG_PAGE_SIZE }, ctrl.signal);
        if (ctrl.signal.aborted) return;
        const count = (page === 1 ? 0 : loaded.current.count) + res.orgs.length;
        loaded.current = { page, total: res.paging.total, count };
        setList((s) => ({ orgs: page === 1 ? res.orgs : [...s.orgs, ...res.orgs], loading: false }));
      } catch (err) {
        if (ctrl.signal.aborted) return;
        // A failing list is an empty list with total 0 (spec §8).
        console.warn('[site-header] listing organizations failed', err);
        if (page === 1) loaded.current = { page, total: 0, count: 0 };
        else loaded.current = { ...loaded.current, page, total: loaded.current.count };
        setList((s) => ({ orgs: page === 1 ? [] : s.orgs, loading: false }));
      } finally {
        if (inflight.current === ctrl) inflight.current = null;
      }
    },
    [api],
  );

  useEffect(() => {
    void load(query, 1);
    return () => inflight.current?.abort();
  }, [query, load]);

  // One page at a time, from what has landed (not this render's `list`: two scroll events can come before the next
  // render, and the second would ask for the same page again).
  const onScroll = () => {
    const el = listRef.current;
    const { page, total, count } = loaded.current;
    if (el && !inflight.current && count < total && nearEnd(el)) void load(query, page + 1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    if (items.length === 0) return;
    const root = (e.currentTarget.getRootNode() as ShadowRoot | Document).activeElement;
    const i = items.indexOf(root as HTMLButtonElement);
    e.preventDefault();
    if (i < 0) (e.key === 'ArrowDown' ? items[0] : items[items.length - 1])?.focus();
    else if (e.key === 'ArrowDown') items[Math.min(items.length - 1, i + 1)]?.focus();
    else if (i === 0) searchRef.current?.focus();
    else items[i - 1]?.focus();
  };

  const cls = {
    panel: css`
      display: flex; flex-direction: column; gap: 8px; padding: 12px; border: 1px solid var(--pay-color-border);
      border-radius: var(--pay-radius-lg); background: var(--pay-color-surface-raised); color: var(--pay-color-text);
      box-shadow: var(--pay-shadow-lg);
    `,
    list: css`list-style: none; margin: 0 -4px; padding: 0 4px; max-height: ${ORG_LIST_MAX_HEIGHT}px; overflow-y: auto; overscroll-behavior: contain;`,
    item: css`
      display: flex; align-items: center; gap: 10px; width: 100%; min-height: 44px; padding: 6px 8px; border: 0;
      border-radius: var(--pay-radius); background: transparent; color: inherit; font: inherit; text-align: start; cursor: pointer;
      &:hover { background: var(--pay-color-hover); }
      &[aria-current='true'] { background: var(--pay-color-hover); font-weight: 650; }
      ${focusRing}
    `,
    name: css`flex: 1; min-width: 0; ${dataEllipsis}`,
    meta: css`flex: none; font-size: 12px; color: var(--pay-color-muted);`,
    muted: css`padding: 12px 8px; color: var(--pay-color-muted); text-align: center;`,
    foot: css`display: flex; justify-content: space-between; align-items: center; gap: 8px; padding-top: 8px; border-top: 1px solid var(--pay-color-border);`,
    link: css`
      display: inline-flex; align-items: center; min-height: 36px; padding: 0 10px; border-radius: var(--pay-radius);
      color: var(--pay-color-primary); font-weight: 600; text-decoration: none; &:hover { background: var(--pay-color-hover); } ${focusRing}
    `,
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape and Tab of its controls
    <div id={id} role="dialog" aria-labelledby={titleId} part="org-menu" className={cls.panel} onKeyDown={onKeyDown}>
      <div id={titleId} className={css`font-weight: 650;`}>
        {t('header.org.title')}
      </div>
      <TextField
        ref={searchRef}
        type="search"
        label={t('header.org.search')}
        hideLabel
        placeholder={t('header.org.search')}
        value={term}
        autoComplete="off"
        onChange={(e) => setTerm(e.currentTarget.value)}
      />
      <ul ref={listRef} className={cls.list} onScroll={onScroll} part="org-list" aria-busy={list.loading}>
        {list.orgs.map((o) => (
          <li key={o.id}>
            <button
              type="button"
              className={cls.item}
              aria-current={o.id === currentId ? 'true' : undefined}
              onClick={() => onSwitch(o)}
            >
              <OrgAvatar name={o.name} owner={o.isOwner === true} size={28} />
              <span dir="auto" className={cls.name}>
                {o.name}
              </span>
              {o.isOwner ? <span className={cls.meta}>{t('header.org.owner')}</span> : null}
              {o.id === currentId ? (
                <svg width="16" height="16" viewBox="0 0 24 24" role="img" aria-label={t('header.org.current')}>
                  <path
                    d="M5 12.5l4.5 4.5L19 7.5"
                    stroke="currentColor"
                    strokeWidth="2.2"
                    fill="none"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              ) : null}
            </button>
          </li>
        ))}
        {list.loading ? (
          <li className={cls.muted}>
            <Spinner size={18} label={list.orgs.length ? t('header.org.loadingMore') : t('header.org.loading')} />
          </li>
        ) : null}
        {!list.loading && list.orgs.length === 0 ? (
          <li className={cls.muted} part="org-empty">
            {t('header.org.empty')}
          </li>
        ) : null}
      </ul>
      <div className={cls.foot}>
        <Button variant="text" size="sm" onClick={onCreate} part="org-create">
          + {t('header.org.createNew')}
        </Button>
        <a className={cls.link} href={checkHref(createOrgs(api).listUrl(locale)) ?? '#'} part="org-view-all">
          {t('header.org.viewAll')}
        </a>
      </div>
    </div>
  );
}

type CreateStatus = 'idle' | 'submitting' | 'error';

export function CreateOrgDialog({ onClose }: { onClose: () => void }) {
  usePanelMessages();
  const api = useApi();
  const t = useT();
  const emit = useEmit<'site-header'>();
  const { locale } = useSettings();
  const { css } = useCss();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{
    name?: ValidationError | undefined;
    description?: ValidationError | undefined;
  }>({});
  const [status, setStatus] = useState<CreateStatus>('idle');
  const [failure, setFailure] = useState('');
  const nameRef = useRef<HTMLInputElement>(null);
  const descRef = useRef<HTMLInputElement>(null);
  const submitting = status === 'submitting';

  const submit = async (e?: FormEvent | KeyboardEvent) => {
    e?.preventDefault();
    if (submitting) return;
    const nameErr = validateOrgName(name);
    const descErr = validateOrgDescription(description);
    const next = { name: nameErr ?? undefined, description: descErr ?? undefined };
    setErrors(next);
    if (next.name || next.description) {
      (next.name ? nameRef : descRef).current?.focus();
      return;
    }
    setStatus('submitting');
    setFailure('');
    try {
      const org = await createOrgs(api).create({ name: name.trim(), description: description.trim() });
      setStatus('idle');
      if (emit('org-create', { org }, { cancelable: true })) window.location.assign(createOrgs(api).listUrl(locale));
      onClose();
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : t('header.org.create.failed'));
      setStatus('error');
    }
  };

  return (
    <Dialog
      open
      title={t('header.org.create.title')}
      dismissible={!submitting}
      onClose={onClose}
      initialFocusRef={nameRef}
      width={440}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => void submit()}
            pending={submitting}
            pendingLabel={t('header.org.create.submitting')}
            part="org-create-submit"
          >
            {t('header.org.create.submit')}
          </Button>
        </>
      }
    >
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Enter in a field submits: the submit button is in the dialog's actions, outside the form */}
      <form
        onSubmit={(e) => void submit(e)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') void submit(e);
        }}
        className={css`display: flex; flex-direction: column; gap: 12px;`}
        noValidate
      >
        {status === 'error' ? (
          <Alert tone="error" title={t('header.org.create.failed')}>
            {failure}
          </Alert>
        ) : null}
        <TextField
          ref={nameRef}
          label={t('header.org.create.name')}
          required
          value={name}
          disabled={submitting}
          error={errors.name ? t(errors.name.key, errors.name.params) : undefined}
          autoComplete="off"
          onChange={(e) => {
            setName(e.currentTarget.value);
            if (errors.name) setErrors((x) => ({ ...x, name: undefined }));
          }}
        />
        <TextField
          ref={descRef}
          label={t('header.org.create.description')}
          value={description}
          disabled={submitting}
          error={errors.description ? t(errors.description.key, errors.description.params) : undefined}
          autoComplete="off"
          onChange={(e) => {
            setDescription(e.currentTarget.value);
            if (errors.description) setErrors((x) => ({ ...x, description: undefined }));
          }}
        />
      </form>
    </Dialog>
  );
}
