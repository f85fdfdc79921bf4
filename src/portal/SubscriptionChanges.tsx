/**
 * Change plan and change payment method of a subscription (a lazy chunk of the subscription detail). Both show
 * what changes, what it costs and from when before the customer confirms; no proration: a change applies from
 * the next renewal (the current period is already paid). 'Plan updates are not available' when the product has no
 * other plan; 'Failed to upgrade your subscription' when the change fails.
 */
import { queryKey } from '../api/query-keys.ts';
import { useId, useState, type ReactNode } from 'react';
import type { PaymentOption, PlanOption } from '../api/resources/customers.ts';
import type { Price, Subscription } from '../api/types.ts';
import { intervalText } from '../core/billing.ts';
import { formatError } from '../core/errors.ts';
import { Alert } from '../ui/Alert.tsx';
import { useApi } from '../ui/api.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useT } from '../ui/i18n.tsx';
import { useMutation, useQuery } from '../ui/query.ts';
import { useCss } from '../ui/styles.tsx';
import { useFieldClasses } from '../ui/TextField.tsx';
import { day, LoadError, Loading, useMethodText, useMoney } from './parts.tsx';

type ChangeProps = { open: boolean; sub: Subscription; onClose: () => void; onDone: (s: Subscription) => void };

function usePer() {
  const t = useT();
  return (price: Price | null | undefined): string => {
    const r = price?.recurring;
    if (!r) return '';
    const i = intervalText(r);
    return t(i.key, i.params);
  };
}

/** A radio list of choices (native radios: arrow keys move, the group is one tab stop). */
function Choices<T>({
  legend,
  name,
  items,
  value,
  onChange,
  keyOf,
  label,
}: {
  legend: string;
  name: string;
  items: T[];
  value: string;
  onChange: (k: string) => void;
  keyOf: (x: T) => string;
  label: (x: T) => ReactNode;
}) {
  const { css } = useCss();
  const c = useFieldClasses();
  return (
    // The fieldset sits in a plain box, not straight in the dialog's flex column: as a flex item WebKit counts its
    // legend twice in its height (19 px of blank space under the choices).
    <div className={css`min-width: 0;`}>
      <fieldset
        part="choices"
        className={css`border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px;`}
      >
        <legend className={c.label}>{legend}</legend>
        {items.map((x) => {
          const k = keyOf(x);
          return (
            <label
              key={k}
              part="choice"
              className={css`display: flex; gap: 10px; align-items: center; min-height: 44px; padding: 8px 12px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius); cursor: pointer; &:has(input:checked) { border-color: var(--pay-color-primary); }`}
            >
              <input
                type="radio"
                name={name}
                value={k}
                checked={value === k}
                onChange={() => onChange(k)}
                className={css`width: 18px; height: 18px; margin: 0; flex: none; accent-color: var(--pay-color-primary);`}
              />
              <span className={css`display: flex; flex-direction: column; gap: 2px; min-width: 0;`}>{label(x)}</span>
            </label>
          );
        })}
      </fieldset>
    </div>
  );
}

/** Current → new, with the date the change applies from (read out when the choice changes). */
function Summary({ rows, note }: { rows: Array<[string, ReactNode]>; note: string }) {
  const { css } = useCss();
  return (
    <div
      part="change-summary"
      aria-live="polite"
      className={css`display: flex; flex-direction: column; gap: 8px; padding: 12px 16px; border-radius: var(--pay-radius); background: var(--pay-color-surface, transparent); border: 1px solid var(--pay-color-border);`}
    >
      <dl
        className={css`display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; & dt { color: var(--pay-color-muted); } & dd { margin: 0; font-weight: 600; }`}
      >
        {rows.map(([k, v]) => (
          <div key={k} className={css`display: contents;`}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p className={css`margin: 0; color: var(--pay-color-muted); font-size: 14px;`}>{note}</p>
    </div>
  );
}

/**
 * The frame both changes share: the choices (or why there are none), Close, the confirm button while there is
 * something to choose, and the failure under it (spec §8 text as the title, the server's reason below).
 */
function ChangeDialog({
  open,
  onClose,
  title,
  part,
  confirmPart,
  confirmLabel,
  failedTitle,
  hasChoices,
  chosen,
  mutation,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  part: string;
  confirmPart: string;
  confirmLabel: string;
  failedTitle: string;
  hasChoices: boolean;
  chosen: boolean;
  mutation: { isPending: boolean; isError: boolean; error: unknown; mutate: () => void };
  children: ReactNode;
}) {
  const t = useT();
  const { css } = useCss();
  const m = mutation;
  return (
    <Dialog
      open={open}
      onClose={() => (m.isPending ? undefined : onClose())}
      dismissible={!m.isPending}
      title={title}
      width={520}
      actions={
        <>
          <Button variant="secondary" disabled={m.isPending} onClick={onClose}>
            {t('portal.change.close')}
          </Button>
          {hasChoices ? (
            <Button part={confirmPart} disabled={!chosen} pending={m.isPending} onClick={() => m.mutate()}>
              {confirmLabel}
            </Button>
          ) : null}
        </>
      }
    >
      <div part={part} className={css`display: flex; flex-direction: column; gap: 16px;`}>
        {children}
        {m.isError ? (
          <Alert tone="error" title={failedTitle}>
            {formatError(m.error)}
          </Alert>
        ) : null}
      </div>
    </Dialog>
  );
}

export function ChangePlanDialog({ open, sub, onClose, onDone }: ChangeProps) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const per = usePer();
  const name = useId();
  const q = useQuery(queryKey('subscription', sub.id, 'plans'), () => api.subscriptions.planOptions(sub.id), {
    staleTime: 0,
  });
  const [choice, setChoice] = useState('');
  const keyOf = (p: PlanOption) => `${p.item_id}:${p.price.id}`;
  const plans = q.data?.plans ?? [];
  const chosen = plans.find((p) => keyOf(p) === choice);
  const current = (sub.items ?? []).find((i) => i.id === chosen?.item_id)?.price;
  const m = useMutation(
    () => api.subscriptions.changePlan(sub.id, { item_id: chosen!.item_id, price_id: chosen!.price.id }),
    { onSuccess: onDone },
  );
  const date = day(q.data?.effective_at ?? sub.current_period_end);
  const label = (p: PlanOption) => (
    <>
      <span className={css`font-weight: 600;`}>{p.price.nickname || p.price.product?.name || p.price.id}</span>
      <span className={css`color: var(--pay-color-muted); font-size: 14px;`}>
        {money(p.amount, sub.paymentCurrency)} {per(p.price)}
      </span>
    </>
  );
  let body: ReactNode;
  if (q.isError && !q.data) body = <LoadError error={q.error} retry={() => void q.refetch()} />;
  else if (!q.data) body = <Loading rows={2} />;
  else if (!plans.length)
    body = (
      <Alert tone="info" title={t('portal.change.noPlans')}>
        {t('portal.change.noPlansText')}
      </Alert>
    );
  else
    body = (
      <>
        <Choices
          legend={t('portal.change.choosePlan')}
          name={name}
          items={plans}
          value={choice}
          onChange={setChoice}
          keyOf={keyOf}
          label={label}
        />
        {chosen ? (
          <Summary
            rows={[
              [
                t('portal.change.current'),
                `${current?.product?.name ?? ''} · ${money(q.data.current_amount, sub.paymentCurrency)} ${per(current)}`.replace(
                  /^ · /,
                  '',
                ),
              ],
              [
                t('portal.change.new'),
                `${chosen.price.product?.name ?? ''} · ${money(chosen.amount, sub.paymentCurrency)} ${per(chosen.price)}`.replace(
                  /^ · /,
                  '',
                ),
              ],
            ]}
            note={t('portal.change.fromRenewal', { date, amount: money(chosen.amount, sub.paymentCurrency) })}
          />
        ) : null}
      </>
    );
  return (
    <ChangeDialog
      open={open}
      onClose={onClose}
      title={t('portal.change.planTitle')}
      part="change-plan"
      confirmPart="confirm-change-plan"
      confirmLabel={t('portal.change.confirmPlan')}
      failedTitle={t('portal.change.planFailed')}
      hasChoices={plans.length > 0}
      chosen={!!chosen}
      mutation={m}
    >
      {body}
    </ChangeDialog>
  );
}

export function ChangePaymentDialog({ open, sub, onClose, onDone }: ChangeProps) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const money = useMoney();
  const methodText = useMethodText();
  const name = useId();
  const q = useQuery(
    queryKey('subscription', sub.id, 'payment-options'),
    () => api.subscriptions.paymentOptions(sub.id),
    { staleTime: 0 },
  );
  const options = (q.data?.options ?? []).filter((o) => !o.current);
  const [choice, setChoice] = useState('');
  const chosen = options.find((o) => o.currency.id === choice);
  const m = useMutation(() => api.subscriptions.changePayment(sub.id, { currency_id: chosen!.currency.id }), {
    onSuccess: onDone,
  });
  const date = day(q.data?.effective_at ?? sub.current_period_end);
  const describe = (o: Pick<PaymentOption, 'currency' | 'method'>) => methodText(o.method.name, o.currency.symbol);
  const current = sub.paymentMethod
    ? methodText(sub.paymentMethod.name, sub.paymentCurrency?.symbol)
    : (sub.paymentCurrency?.symbol ?? '');
  let body: ReactNode;
  if (q.isError && !q.data) body = <LoadError error={q.error} retry={() => void q.refetch()} />;
  else if (!q.data) body = <Loading rows={2} />;
  else if (!options.length)
    body = (
      <Alert tone="info" title={t('portal.change.noMethods')}>
        {t('portal.change.noMethodsText')}
      </Alert>
    );
  else
    body = (
      <>
        <Choices
          legend={t('portal.change.chooseMethod')}
          name={name}
          items={options}
          value={choice}
          onChange={setChoice}
          keyOf={(o) => o.currency.id}
          label={(o) => (
            <>
              <span className={css`font-weight: 600;`}>{describe(o)}</span>
              <span className={css`color: var(--pay-color-muted); font-size: 14px;`}>
                {money(o.amount, o.currency)}
              </span>
            </>
          )}
        />
        {chosen ? (
          <Summary
            rows={[
              [t('portal.change.current'), current],
              [t('portal.change.new'), describe(chosen)],
            ]}
            note={t('portal.change.methodFromRenewal', { date, amount: money(chosen.amount, chosen.currency) })}
          />
        ) : null}
      </>
    );
  return (
    <ChangeDialog
      open={open}
      onClose={onClose}
      title={t('portal.change.methodTitle')}
      part="change-payment"
      confirmPart="confirm-change-payment"
      confirmLabel={t('portal.change.confirmMethod')}
      failedTitle={t('portal.change.methodFailed')}
      hasChoices={options.length > 0}
      chosen={!!chosen}
      mutation={m}
    >
      {body}
    </ChangeDialog>
  );
}
