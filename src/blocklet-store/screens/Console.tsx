/**
 * Console (owner and admin): /console/blocklets (all blocklets, 20 a page with a keyword: block with a reason /
 * unblock, approve or reject a version under review, approving with a category, set the category and the review type) and /console/categories (a name per locale, create and edit).
 */
import { queryKey } from '../../api/query-keys.ts';
import { invalidate } from '../../api/query-invalidate.ts';
import { formatError } from '../../core/errors.ts';
import { useEffect, useState } from 'react';
import { formatNumber, pickLocaleText } from '../../core/locale.ts';
import type { StoreManagedBlocklet, StoreReviewAction } from '../../api/resources/store.ts';
import type { StoreCategory } from '../../api/types.ts';
import { Alert } from '../../ui/Alert.tsx';
import { useApi } from '../../ui/api.tsx';
import { Button } from '../../ui/Button.tsx';
import { useSettings } from '../../ui/context.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useT } from '../../ui/i18n.tsx';
import { useMutation, useQuery, useQueryClient } from '../../ui/query.ts';
import { Select } from '../../ui/Select.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { useCss } from '../../ui/styles.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { categoryId } from './Home.tsx';
import { ErrorLine, ReviewChip, Table, VersionHistory } from './manage-shared.tsx';
import { PageTitle } from './shared.tsx';
import { isolate } from '../../core/bidi.ts';
import { tIsolated } from '../../ui/bidi.tsx';

export const BLOCK_REASON_MAX = 255;
/** The console list pages like the store's Datatable: 20 a page, with a keyword. */
export const CONSOLE_PAGE_SIZE = 20;
const REVIEW_TYPES = ['FIRST', 'EACH'] as const;
const PENDING_STATUSES = ['PENDING_REVIEW', 'IN_REVIEW'];

export function AllBlocklets() {
  const api = useApi();
  const t = useT();
  const { locale } = useSettings();
  const { css } = useCss();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [notice, setNotice] = useState('');
  // "Pending review": blocklets whose newest version waits for (or is in) review — the admin's work queue.
  const [view, setView] = useState<'all' | 'pending'>('all');
  useEffect(() => {
    const id = setTimeout(() => {
      if (input.trim() !== keyword) {
        setKeyword(input.trim());
        setPage(1);
      }
    }, 300);
    return () => clearTimeout(id);
  }, [input, keyword]);
  const q = useQuery(
    queryKey('store', 'console', page, keyword, view),
    () =>
      api.store.allBlocklets({
        page,
        pageSize: CONSOLE_PAGE_SIZE,
        keyword: keyword || undefined,
        ...(view === 'pending' ? { reviewStatus: PENDING_STATUSES } : {}),
      }),
    {
      placeholderData: (prev) => prev,
    },
  );
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / CONSOLE_PAGE_SIZE));
  const cats = useQuery(queryKey('store', 'categories'), () => api.store.categories(), { staleTime: 60_000 });
  const [blocking, setBlocking] = useState<StoreManagedBlocklet | null>(null);
  const [approving, setApproving] = useState<StoreManagedBlocklet | null>(null);
  const refresh = () => {
    void invalidate.store(qc);
  };
  const unblock = useMutation((did: string) => api.store.block(did, null), { onSuccess: refresh });
  // The review type goes with the current category (the store's category endpoint takes both).
  const reviewType = useMutation(
    (v: { b: StoreManagedBlocklet; category: string; reviewType: 'FIRST' | 'EACH' }) =>
      api.store.setCategory(v.b.did, { category: v.category, reviewType: v.reviewType }),
    {
      onSuccess: (_r, v) => {
        setNotice(
          t('store.console.reviewTypeSaved', {
            name: v.b.meta.title ?? v.b.meta.name ?? v.b.did,
            type: t(`store.console.review${v.reviewType}`),
          }),
        );
        refresh();
      },
    },
  );
  // Set a blocklet's category outside a review (spec §6: admins set categories); its review type goes along unchanged.
  const category = useMutation(
    (v: { b: StoreManagedBlocklet; category: string }) => api.store.setCategory(v.b.did, { category: v.category }),
    {
      onSuccess: (_r, v) => {
        setNotice(
          t('store.console.categorySaved', {
            name: v.b.meta.title ?? v.b.meta.name ?? v.b.did,
            category: catName(v.category),
          }),
        );
        refresh();
      },
    },
  );
  const decide = useMutation(
    (v: { b: StoreManagedBlocklet; action: StoreReviewAction; category?: string }) =>
      api.store.decide(v.b.did, { version: v.b.reviewVersion?.version ?? '', action: v.action, category: v.category }),
    {
      onSuccess: () => {
        setApproving(null);
        refresh();
      },
    },
  );
  const catName = (id: string | undefined) => {
    const c = (cats.data ?? []).find((x) => categoryId(x) === id);
    return c ? pickLocaleText(c.locales, locale) : '';
  };
  return (
    <div className={css`display: flex; flex-direction: column; gap: 20px;`}>
      <PageTitle>{t('store.pages.console-blocklets')}</PageTitle>
      <div className={css`display: flex; gap: 12px; align-items: flex-end; flex-wrap: wrap;`}>
        <div role="search" className={css`flex: 1 1 260px; max-width: 420px;`}>
          <TextField
            type="search"
            label={t('store.console.searchLabel')}
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
        </div>
        <Select
          part="review-filter"
          label={t('store.console.show')}
          value={view}
          onChange={(e) => {
            setView(e.target.value === 'pending' ? 'pending' : 'all');
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('store.console.showAll') },
            { value: 'pending', label: t('store.console.showPending') },
          ]}
        />
      </div>
      <div role="status" part="notice">
        {notice ? <Alert tone="success" title={notice} /> : null}
      </div>
      {unblock.error ? <ErrorLine error={unblock.error} /> : null}
      {reviewType.error ? <ErrorLine error={reviewType.error} /> : null}
      {category.error ? <ErrorLine error={category.error} /> : null}
      {decide.error && !approving ? <ErrorLine error={decide.error} /> : null}
      {q.isPending ? (
        <Skeleton lines={5} />
      ) : q.isError ? (
        <Alert tone="error" title={t('store.loadError')}>
          {formatError(q.error)}
        </Alert>
      ) : (
        <>
          <div aria-live="polite" className={css`font-size: 13px; color: var(--pay-color-muted);`}>
            {t('store.results', { count: q.data.total, formatted: formatNumber(q.data.total, locale) })}
          </div>
          <Table
            caption={t('store.pages.console-blocklets')}
            head={[
              t('store.dev.name'),
              t('store.owner'),
              t('store.versionLabel'),
              t('store.console.status'),
              t('store.console.category'),
              t('store.console.reviewType'),
              t('store.dev.actions'),
            ]}
          >
            {q.data.dataList.map((b) => {
              const rv = b.reviewVersion;
              const underReview = rv && ['PENDING_REVIEW', 'IN_REVIEW'].includes(rv.status);
              const name = b.meta.title ?? b.meta.name ?? b.did;
              const cat = typeof b.meta.category === 'object' && b.meta.category ? b.meta.category.id : undefined;
              return (
                <tr key={b.did} data-did={b.did}>
                  <td>{name}</td>
                  <td>{b.meta.owner?.fullName ?? ''}</td>
                  <td>
                    <span className={css`display: inline-flex; gap: 6px; align-items: center; flex-wrap: wrap;`}>
                      {b.currentVersion ? `v${b.currentVersion.version}` : ''}
                      {rv ? (
                        <>
                          {` v${rv.version}`} <ReviewChip version={rv} />
                        </>
                      ) : null}
                    </span>
                    <VersionHistory versions={b.versions} except={rv?.version} />
                  </td>
                  <td>
                    {b.status === 'blocked' ? (
                      <>
                        <StatusChip tone="error">{t('store.console.blocked')}</StatusChip>
                        {b.blockReason ? (
                          <div className={css`font-size: 12px; color: var(--pay-color-muted);`}>{b.blockReason}</div>
                        ) : null}
                      </>
                    ) : (
                      <StatusChip tone="success">{t('store.console.normal')}</StatusChip>
                    )}
                  </td>
                  <td>
                    <Select
                      label={tIsolated(t, 'store.console.categoryOf', { name }, ['name'])}
                      hideLabel
                      value={cat ?? ''}
                      disabled={category.isPending}
                      onChange={(e) =>
                        e.target.value && e.target.value !== cat && category.mutate({ b, category: e.target.value })
                      }
                      options={[
                        ...(cat ? [] : [{ value: '', label: t('store.console.noCategory'), disabled: true }]),
                        ...(cats.data ?? [])
                          .filter((c) => categoryId(c) !== 'all')
                          .map((c) => ({ value: categoryId(c), label: pickLocaleText(c.locales, locale) })),
                      ]}
                    />
                  </td>
                  <td>
                    <Select
                      label={tIsolated(t, 'store.console.reviewTypeOf', { name }, ['name'])}
                      hideLabel
                      value={b.reviewType === 'FIRST' ? 'FIRST' : 'EACH'}
                      disabled={!cat || reviewType.isPending}
                      onChange={(e) =>
                        cat &&
                        reviewType.mutate({
                          b,
                          category: cat,
                          reviewType: e.target.value === 'FIRST' ? 'FIRST' : 'EACH',
                        })
                      }
                      options={REVIEW_TYPES.map((r) => ({ value: r, label: t(`store.console.review${r}`) }))}
                    />
                  </td>
                  <td>
                    <span className={css`display: inline-flex; gap: 6px; flex-wrap: wrap;`}>
                      {underReview ? (
                        <>
                          <Button
                            size="sm"
                            onClick={() => setApproving(b)}
                            aria-label={t('store.console.approveOf', { name: isolate(name) })}
                          >
                            {t('store.console.approve')}
                          </Button>
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={decide.isPending}
                            onClick={() => decide.mutate({ b, action: 'REJECTED' })}
                            aria-label={t('store.console.rejectOf', { name: isolate(name) })}
                          >
                            {t('store.console.reject')}
                          </Button>
                        </>
                      ) : null}
                      {b.status === 'blocked' ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={unblock.isPending}
                          onClick={() => unblock.mutate(b.did)}
                          aria-label={t('store.console.unblockOf', { name: isolate(name) })}
                        >
                          {t('store.console.unblock')}
                        </Button>
                      ) : (
                        <Button
                          size="sm"
                          variant="danger"
                          onClick={() => setBlocking(b)}
                          aria-label={t('store.console.blockOf', { name: isolate(name) })}
                        >
                          {t('store.console.block')}
                        </Button>
                      )}
                    </span>
                  </td>
                </tr>
              );
            })}
          </Table>
          {pages > 1 ? (
            <nav
              aria-label={t('store.pagination')}
              part="pagination"
              className={css`display: flex; align-items: center; justify-content: center; gap: 12px;`}
            >
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('store.prevPage')}
              </Button>
              <span aria-current="page">{t('store.pageOf', { page, pages })}</span>
              <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('store.nextPage')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
      <BlockDialog blocklet={blocking} onClose={() => setBlocking(null)} onDone={refresh} />
      {/* Always mounted (open toggles) so focus returns to the row's Approve button on cancel. */}
      <ApproveDialog
        blocklet={approving}
        categories={(cats.data ?? []).filter((c) => categoryId(c) !== 'all')}
        busy={decide.isPending}
        error={decide.error}
        onClose={() => setApproving(null)}
        onApprove={(category) => approving && decide.mutate({ b: approving, action: 'APPROVED', category })}
      />
    </div>
  );
}

function ApproveDialog(props: {
  blocklet: StoreManagedBlocklet | null;
  categories: StoreCategory[];
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onApprove: (category: string) => void;
}) {
  const t = useT();
  const { locale } = useSettings();
  const initial = (): string => {
    const c = props.blocklet?.meta.category;
    const own = typeof c === 'object' && c ? c.id : undefined;
    return own ?? (props.categories[0] ? categoryId(props.categories[0]) : '');
  };
  const [category, setCategory] = useState(initial);
  // Each opening (another blocklet, or the categories arriving) starts from the blocklet's own category.
  const [shownFor, setShownFor] = useState<{ b: StoreManagedBlocklet | null; n: number }>({
    b: props.blocklet,
    n: props.categories.length,
  });
  if (shownFor.b !== props.blocklet || shownFor.n !== props.categories.length) {
    setShownFor({ b: props.blocklet, n: props.categories.length });
    setCategory(initial());
  }
  return (
    <Dialog
      open={!!props.blocklet}
      onClose={props.onClose}
      title={tIsolated(t, 'store.console.approveTitle', { name: props.blocklet?.meta.title ?? '' }, ['name'])}
      actions={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            {t('common.cancel')}
          </Button>
          <Button disabled={props.busy || !category} onClick={() => props.onApprove(category)}>
            {t('store.console.approve')}
          </Button>
        </>
      }
    >
      <Select
        label={t('store.category')}
        value={category}
        onChange={(e) => setCategory(e.target.value)}
        options={props.categories.map((c) => ({ value: categoryId(c), label: pickLocaleText(c.locales, locale) }))}
      />
      {props.error ? <ErrorLine error={props.error} /> : null}
    </Dialog>
  );
}

function BlockDialog({
  blocklet,
  onClose,
  onDone,
}: {
  blocklet: StoreManagedBlocklet | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const api = useApi();
  const t = useT();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const invalid = !reason.trim()
    ? t('validation.required')
    : reason.trim().length > BLOCK_REASON_MAX
      ? t('validation.maxLength', { max: BLOCK_REASON_MAX })
      : null;
  const block = useMutation(() => api.store.block(blocklet?.did ?? '', reason.trim()), {
    onSuccess: () => {
      setReason('');
      setTouched(false);
      onClose();
      onDone();
    },
  });
  const submit = () => {
    setTouched(true);
    if (!invalid && !block.isPending) block.mutate();
  };
  return (
    <Dialog
      open={!!blocklet}
      onClose={onClose}
      title={tIsolated(t, 'store.console.blockTitle', { name: blocklet?.meta.title ?? '' }, ['name'])}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={submit} disabled={block.isPending}>
            {t('store.console.block')}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('store.console.reason')}
          value={reason}
          required
          error={touched && invalid ? invalid : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {block.error ? <ErrorLine error={block.error} /> : null}
      </form>
    </Dialog>
  );
}

/** The two languages a category must be named in (the platform's store requires both). */
const REQUIRED_LANGUAGES = ['en', 'zh'];

/**
 * The languages a category is named in, as the platform's store builds its form: one per app language
 * (`window.blocklet.languages`, by the app's name for it), English and Chinese always, and first.
 */
function useCategoryLanguages(): Array<{ code: string; label: string; required: boolean }> {
  const app = useApi().blocklet.current()?.languages ?? [];
  const label = (code: string, fallback: string) => app.find((l) => l.code === code)?.name || fallback;
  return [
    { code: 'en', label: label('en', 'English'), required: true },
    { code: 'zh', label: label('zh', '简体中文'), required: true },
    ...app
      .filter((l) => l && typeof l.code === 'string' && !REQUIRED_LANGUAGES.includes(l.code))
      .map((l) => ({ code: l.code, label: l.name || l.code, required: false })),
  ];
}

export function Categories() {
  const api = useApi();
  const t = useT();
  const { locale } = useSettings();
  const { css } = useCss();
  const q = useQuery(queryKey('store', 'categories'), () => api.store.categories());
  const [editing, setEditing] = useState<StoreCategory | 'new' | null>(null);
  const languages = useCategoryLanguages();
  return (
    <div className={css`display: flex; flex-direction: column; gap: 20px;`}>
      <div
        className={css`display: flex; justify-content: space-between; align-items: flex-end; gap: 12px; flex-wrap: wrap;`}
      >
        <PageTitle>{t('store.pages.console-categories')}</PageTitle>
        <Button onClick={() => setEditing('new')}>{t('store.cat.create')}</Button>
      </div>
      {q.isPending ? (
        <Skeleton lines={4} />
      ) : q.isError ? (
        <Alert tone="error" title={t('store.loadError')}>
          {formatError(q.error)}
        </Alert>
      ) : (
        <Table
          caption={t('store.pages.console-categories')}
          head={[...languages.map((l) => l.label), t('store.dev.actions')]}
        >
          {q.data
            .filter((c) => categoryId(c) !== 'all')
            .map((c) => (
              <tr key={categoryId(c)}>
                {languages.map((l) => (
                  <td key={l.code} lang={l.code}>
                    {c.locales[l.code] ?? ''}
                  </td>
                ))}
                <td>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing(c)}
                    aria-label={t('store.cat.editOf', { name: isolate(pickLocaleText(c.locales, locale)) })}
                  >
                    {t('store.cat.edit')}
                  </Button>
                </td>
              </tr>
            ))}
        </Table>
      )}
      {/* Always mounted (open toggles) so the Dialog sees itself close and returns focus to the opener. */}
      <CategoryDialog
        open={editing !== null}
        category={editing === 'new' || editing === null ? null : editing}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}

function CategoryDialog({
  open,
  category,
  onClose,
}: {
  open: boolean;
  category: StoreCategory | null;
  onClose: () => void;
}) {
  const api = useApi();
  const t = useT();
  const qc = useQueryClient();
  const languages = useCategoryLanguages();
  const initial = () => Object.fromEntries(languages.map((l) => [l.code, category?.locales[l.code] ?? '']));
  const [names, setNames] = useState<Record<string, string>>(initial);
  const [touched, setTouched] = useState(false);
  // Each opening starts from the category's names (or empty for a new one).
  const [shownFor, setShownFor] = useState<{ open: boolean; category: StoreCategory | null }>({ open, category });
  if (shownFor.open !== open || shownFor.category !== category) {
    setShownFor({ open, category });
    if (open) {
      setNames(initial());
      setTouched(false);
    }
  }
  const errors = Object.fromEntries(
    languages.map((l) => [
      l.code,
      l.required && !names[l.code]?.trim()
        ? t('validation.required')
        : (names[l.code]?.trim().length ?? 0) > 64
          ? t('validation.maxLength', { max: 64 })
          : null,
    ]),
  );
  const save = useMutation(
    () =>
      api.store.saveCategory(
        // The names given: English and Chinese always, another language when it has one.
        Object.fromEntries(
          languages
            .map((l) => [l.code, names[l.code]?.trim() ?? ''])
            .filter(([code, name]) => name || REQUIRED_LANGUAGES.includes(code!)),
        ),
        category ? categoryId(category) : undefined,
      ),
    {
      onSuccess: () => {
        void invalidate.store(qc);
        onClose();
      },
    },
  );
  const resetSave = save.reset;
  useEffect(() => {
    if (open) resetSave();
  }, [open, category, resetSave]);
  const submit = () => {
    setTouched(true);
    if (Object.values(errors).every((e) => !e) && !save.isPending) save.mutate();
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={category ? t('store.cat.edit') : t('store.cat.create')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={save.isPending}>
            {t('store.cat.save')}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        {languages.map((l) => (
          <TextField
            key={l.code}
            label={t('store.cat.nameIn', { language: l.label })}
            lang={l.code}
            value={names[l.code] ?? ''}
            required={l.required}
            error={touched ? (errors[l.code] ?? undefined) : undefined}
            onChange={(e) => setNames((n) => ({ ...n, [l.code]: e.target.value }))}
          />
        ))}
        {save.error ? <ErrorLine error={save.error} /> : null}
      </form>
    </Dialog>
  );
}
