/**
 * Developer area: /developer/blocklets (my blocklets: create with the name rules, edit remark and visibility,
 * request / cancel review, upload a release zip) and
 * /developer/access-tokens (create with a required name, the secret shown once with the CLI command, delete).
 */
import { queryKey } from '../../api/query-keys.ts';
import { invalidate } from '../../api/query-invalidate.ts';
import { formatError } from '../../core/errors.ts';
import { useEffect, useRef, useState } from 'react';
import { validateStoreName } from '../../core/validation.ts';
import { formatDate } from '../../core/dates.ts';
import type { StoreAccessToken, StoreManagedBlocklet } from '../../api/resources/store.ts';
import { Alert } from '../../ui/Alert.tsx';
import { useApi } from '../../ui/api.tsx';
import { Button } from '../../ui/Button.tsx';
import { useSettings } from '../../ui/context.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useT } from '../../ui/i18n.tsx';
import { useMutation, useQuery, useQueryClient } from '../../ui/query.ts';
import { Select } from '../../ui/Select.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useCss } from '../../ui/styles.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  ErrorLine,
  FormDialog,
  isForbidden,
  NeedsPassport,
  ReviewChip,
  Table,
  VersionHistory,
} from './manage-shared.tsx';
import { PageTitle } from './shared.tsx';
import { isDeveloperUser } from './Guard.tsx';
import { useSession } from '../../ui/session.tsx';
import { isolate } from '../../core/bidi.ts';
import { tIsolated } from '../../ui/bidi.tsx';

export const STORE_NAME_MIN = 3;
export const STORE_NAME_MAX = 64;
export const TOKEN_NAME_MAX = 64;

export function MyBlocklets() {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const qc = useQueryClient();
  // Without a developer passport nothing here can be created or uploaded: say so and offer the way to one instead
  // of buttons that fail on submit (the server refuses with 403 too).
  const developer = isDeveloperUser(useSession().user);
  const q = useQuery(queryKey('store', 'mine'), () => api.store.myBlocklets({ pageSize: 100 }), { enabled: developer });
  const [open, setOpen] = useState(false);
  // The last blocklet edited stays, so the closing dialog can return focus to its Edit button.
  const [editing, setEditing] = useState<StoreManagedBlocklet | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState('');
  const review = useMutation(
    (v: { b: StoreManagedBlocklet; action: 'request' | 'cancel' }) =>
      api.store.review(v.b.did, v.b.reviewVersion?.version ?? '', v.action),
    {
      onSuccess: () => void invalidate.storeMine(qc),
    },
  );
  return (
    <div className={css`display: flex; flex-direction: column; gap: 20px;`}>
      <div
        className={css`display: flex; justify-content: space-between; align-items: flex-end; gap: 12px; flex-wrap: wrap;`}
      >
        <PageTitle>{t('store.pages.developer-blocklets')}</PageTitle>
        {developer ? (
          <span className={css`display: inline-flex; gap: 8px; flex-wrap: wrap;`}>
            <Button variant="secondary" onClick={() => setUploading(true)}>
              {t('store.dev.upload')}
            </Button>
            <Button onClick={() => setOpen(true)}>{t('store.dev.create')}</Button>
          </span>
        ) : null}
      </div>
      {developer ? null : <NeedsPassport />}
      <div role="status" part="notice">
        {notice ? <Alert tone="success" title={notice} /> : null}
      </div>
      {review.error ? <ErrorLine error={review.error} /> : null}
      {!developer ? null : q.isPending ? (
        <Skeleton lines={4} />
      ) : q.isError && isForbidden(q.error) ? (
        <NeedsPassport />
      ) : q.isError ? (
        <Alert
          tone="error"
          title={t('store.loadError')}
          action={
            <Button variant="secondary" size="sm" onClick={() => void q.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {formatError(q.error)}
        </Alert>
      ) : q.data.dataList.length === 0 ? (
        <p>{t('store.dev.none')}</p>
      ) : (
        <Table
          caption={t('store.pages.developer-blocklets')}
          head={[
            t('store.dev.name'),
            t('store.versionLabel'),
            t('store.dev.permission'),
            t('store.dev.remark'),
            t('store.dev.actions'),
          ]}
        >
          {q.data.dataList.map((b) => {
            const rv = b.reviewVersion;
            const canRequest = rv && ['DRAFT', 'REJECTED', 'CANCELLED'].includes(rv.status);
            const canCancel = rv && ['PENDING_REVIEW', 'IN_REVIEW'].includes(rv.status);
            const name = b.meta.name ?? b.meta.title ?? '';
            return (
              <tr key={b.did}>
                <td>{b.meta.name ?? b.meta.title}</td>
                <td>
                  <span className={css`display: inline-flex; gap: 6px; align-items: center;`}>
                    {rv ? `v${rv.version}` : b.currentVersion ? `v${b.currentVersion.version}` : ''}
                    <ReviewChip
                      version={
                        rv ?? (b.currentVersion ? { version: b.currentVersion.version, status: 'PUBLISHED' } : null)
                      }
                    />
                  </span>
                  <VersionHistory versions={b.versions} except={rv?.version} />
                </td>
                <td>{b.permission === 'Private' ? t('store.dev.private') : t('store.dev.public')}</td>
                <td>{b.remark ?? ''}</td>
                <td>
                  <span className={css`display: inline-flex; gap: 6px; flex-wrap: wrap;`}>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => {
                        setEditing(b);
                        setEditOpen(true);
                      }}
                      aria-label={t('store.dev.editOf', { name: isolate(name) })}
                    >
                      {t('store.dev.edit')}
                    </Button>
                    {canRequest ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={review.isPending}
                        onClick={() => review.mutate({ b, action: 'request' })}
                        aria-label={t('store.dev.requestReviewOf', { name: isolate(name) })}
                      >
                        {t('store.dev.requestReview')}
                      </Button>
                    ) : canCancel ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={review.isPending}
                        onClick={() => review.mutate({ b, action: 'cancel' })}
                        aria-label={t('store.dev.cancelReviewOf', { name: isolate(name) })}
                      >
                        {t('store.dev.cancelReview')}
                      </Button>
                    ) : null}
                  </span>
                </td>
              </tr>
            );
          })}
        </Table>
      )}
      <BlockletDialog open={open} onClose={() => setOpen(false)} />
      <BlockletDialog open={editOpen} blocklet={editing ?? undefined} onClose={() => setEditOpen(false)} />
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onDone={(b) => {
          setUploading(false);
          setNotice(t('store.dev.uploaded', { version: b.reviewVersion?.version ?? '', name: b.meta?.name ?? '' }));
        }}
      />
    </div>
  );
}

/** Create a blocklet (name, remark, visibility) or, given `blocklet`, edit its remark and visibility: one form. */
function BlockletDialog({
  open,
  onClose,
  blocklet,
}: {
  open: boolean;
  onClose: () => void;
  blocklet?: StoreManagedBlocklet;
}) {
  const api = useApi();
  const t = useT();
  const qc = useQueryClient();
  const editing = !!blocklet;
  const [name, setName] = useState('');
  const [remark, setRemark] = useState(blocklet?.remark ?? '');
  const [permission, setPermission] = useState<'Public' | 'Private'>(
    blocklet?.permission === 'Private' ? 'Private' : 'Public',
  );
  const [touched, setTouched] = useState(false);
  // Opening the edit form starts from the blocklet's current values.
  useEffect(() => {
    if (open && blocklet) {
      setRemark(blocklet.remark ?? '');
      setPermission(blocklet.permission === 'Private' ? 'Private' : 'Public');
    }
  }, [open, blocklet]);
  const invalid = editing ? null : validateStoreName(name, STORE_NAME_MIN, STORE_NAME_MAX);
  const save = useMutation(
    () =>
      blocklet
        ? api.store.updateBlocklet(blocklet.did, { remark: remark.trim(), permission })
        : api.store.createBlocklet({ name: name.trim(), remark: remark.trim(), permission }),
    {
      onSuccess: () => {
        void invalidate.storeMine(qc);
        setName('');
        setRemark('');
        setPermission('Public');
        setTouched(false);
        onClose();
      },
    },
  );
  const submit = () => {
    setTouched(true);
    if (!invalid && !save.isPending) save.mutate();
  };
  const label = blocklet?.meta.name ?? blocklet?.meta.title ?? '';
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? tIsolated(t, 'store.dev.editTitle', { name: label }, ['name']) : t('store.dev.create')}
      submitLabel={editing ? t('store.dev.save') : t('store.dev.createSubmit')}
      onSubmit={submit}
      busy={save.isPending}
      error={save.error}
    >
      {editing ? null : (
        <TextField
          label={t('store.dev.name')}
          value={name}
          required
          maxLength={STORE_NAME_MAX + 10}
          hint={t('store.dev.nameHint', { min: STORE_NAME_MIN, max: STORE_NAME_MAX })}
          error={touched && invalid ? t(invalid.key, invalid.params) : undefined}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setTouched(true)}
        />
      )}
      <TextField
        label={t('store.dev.remark')}
        value={remark}
        maxLength={255}
        onChange={(e) => setRemark(e.target.value)}
      />
      <Select
        label={t('store.dev.permission')}
        value={permission}
        onChange={(e) => setPermission(e.target.value === 'Private' ? 'Private' : 'Public')}
        options={[
          { value: 'Public', label: t('store.dev.public') },
          { value: 'Private', label: t('store.dev.private') },
        ]}
      />
    </FormDialog>
  );
}

/** Upload a release: a zip with blocklet.yml / blocklet.json; the server makes it a new draft version. */
function UploadDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (b: StoreManagedBlocklet) => void;
}) {
  const api = useApi();
  const t = useT();
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const invalid = !file
    ? t('store.dev.uploadRequired')
    : !/\.zip$/i.test(file.name)
      ? t('store.dev.uploadNotZip')
      : null;
  const upload = useMutation(() => api.store.uploadRelease(file!, file!.name), {
    onSuccess: (b) => {
      void invalidate.storeMine(qc);
      setFile(null);
      setTouched(false);
      onDone(b);
    },
  });
  const submit = () => {
    setTouched(true);
    if (!invalid && !upload.isPending) upload.mutate();
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('store.dev.upload')}
      submitLabel={t('store.dev.uploadSubmit')}
      onSubmit={submit}
      busy={upload.isPending}
      error={upload.error}
    >
      <TextField
        type="file"
        label={t('store.dev.uploadFile')}
        accept=".zip,application/zip"
        required
        hint={t('store.dev.uploadHint')}
        error={touched && invalid ? invalid : undefined}
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
    </FormDialog>
  );
}

export function AccessTokens() {
  const api = useApi();
  const t = useT();
  const { locale } = useSettings();
  const { css } = useCss();
  const qc = useQueryClient();
  const developer = isDeveloperUser(useSession().user);
  const q = useQuery(queryKey('store', 'tokens'), () => api.store.accessTokens(), { enabled: developer });
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<StoreAccessToken | null>(null);
  const [confirm, setConfirm] = useState<StoreAccessToken | null>(null);
  const createBtn = useRef<HTMLButtonElement>(null);
  const del = useMutation((id: string) => api.store.deleteAccessToken(id), {
    onSuccess: () => {
      setConfirm(null);
      void invalidate.storeTokens(qc);
    },
  });
  return (
    <div className={css`display: flex; flex-direction: column; gap: 20px;`}>
      <div
        className={css`display: flex; justify-content: space-between; align-items: flex-end; gap: 12px; flex-wrap: wrap;`}
      >
        <PageTitle>{t('store.pages.developer-tokens')}</PageTitle>
        {developer ? (
          <Button ref={createBtn} onClick={() => setOpen(true)}>
            {t('store.tokens.create')}
          </Button>
        ) : null}
      </div>
      {!developer ? (
        <NeedsPassport />
      ) : q.isPending ? (
        <Skeleton lines={3} />
      ) : q.isError && isForbidden(q.error) ? (
        <NeedsPassport />
      ) : q.isError ? (
        <Alert tone="error" title={t('store.loadError')}>
          {formatError(q.error)}
        </Alert>
      ) : q.data.dataList.length === 0 ? (
        <p>{t('store.tokens.none')}</p>
      ) : (
        <Table
          caption={t('store.pages.developer-tokens')}
          head={[t('store.tokens.name'), t('store.tokens.created'), t('store.dev.actions')]}
        >
          {q.data.dataList.map((tok) => (
            <tr key={tok.id}>
              <td>{tok.remark}</td>
              <td>{tok.createdAt ? formatDate(tok.createdAt, locale) : ''}</td>
              <td>
                <Button
                  size="sm"
                  variant="danger"
                  onClick={() => setConfirm(tok)}
                  aria-label={t('store.tokens.deleteOf', { name: isolate(tok.remark) })}
                >
                  {t('store.tokens.delete')}
                </Button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <CreateToken
        open={open}
        onClose={() => setOpen(false)}
        onCreated={(tok) => {
          setOpen(false);
          setCreated(tok);
        }}
      />
      <Dialog
        open={!!created}
        onClose={() => setCreated(null)}
        title={t('store.tokens.createdTitle')}
        actions={<Button onClick={() => setCreated(null)}>{t('common.close')}</Button>}
      >
        {created ? (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
            <p style={{ margin: 0 }}>{t('store.tokens.once')}</p>
            <code
              part="token-secret"
              className={css`display: block; padding: 10px; border-radius: var(--pay-radius); background: var(--pay-color-secondary-bg); overflow-wrap: anywhere;`}
            >
              {created.secretKey}
            </code>
            <p style={{ margin: 0 }}>{t('store.tokens.cli')}</p>
            <code
              part="token-cli"
              className={css`display: block; padding: 10px; border-radius: var(--pay-radius); background: var(--pay-color-secondary-bg); overflow-wrap: anywhere;`}
            >
              {`blocklet config set accessToken ${created.secretKey ?? ''} --profile ${window.location.origin}`}
            </code>
          </div>
        ) : null}
      </Dialog>
      <Dialog
        open={!!confirm}
        onClose={() => setConfirm(null)}
        title={t('store.tokens.deleteTitle')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" disabled={del.isPending} onClick={() => confirm && del.mutate(confirm.id)}>
              {t('store.tokens.delete')}
            </Button>
          </>
        }
      >
        <p style={{ margin: 0 }}>
          {tIsolated(t, 'store.tokens.deleteBody', { name: confirm?.remark ?? '' }, ['name'])}
        </p>
        {del.error ? <ErrorLine error={del.error} /> : null}
      </Dialog>
    </div>
  );
}

function CreateToken({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (t: StoreAccessToken) => void;
}) {
  const api = useApi();
  const t = useT();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const invalid = !name.trim()
    ? t('validation.required')
    : name.trim().length > TOKEN_NAME_MAX
      ? t('validation.maxLength', { max: TOKEN_NAME_MAX })
      : null;
  const create = useMutation(() => api.store.createAccessToken(name.trim()), {
    onSuccess: (tok) => {
      void invalidate.storeTokens(qc);
      setName('');
      setTouched(false);
      onCreated(tok);
    },
  });
  const submit = () => {
    setTouched(true);
    if (!invalid && !create.isPending) create.mutate();
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('store.tokens.create')}
      submitLabel={t('store.tokens.createSubmit')}
      onSubmit={submit}
      busy={create.isPending}
      error={create.error}
    >
      <TextField
        label={t('store.tokens.name')}
        value={name}
        required
        error={touched && invalid ? invalid : undefined}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => setTouched(true)}
      />
    </FormDialog>
  );
}
