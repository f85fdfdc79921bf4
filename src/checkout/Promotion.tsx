/**
 * Promotion code (spec §2, §5, §8): 'Add promotion code' opens a dialog; the code is trimmed, must not be empty,
 * needs a signed-in payer (the server says so) and cannot be applied while paying. A failure shows the server's
 * text under the input; an applied code shows with its discount and a remove button; a coupon that gives nothing
 * in the chosen currency says noDiscount in red.
 */
import { useState, type FormEvent } from 'react';
import type { CheckoutSession } from '../api/types.ts';
import { errorText } from '../core/errors.ts';
import { toBigInt } from '../core/money.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useT } from '../ui/i18n.tsx';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { TextField } from '../ui/TextField.tsx';

export type PromotionProps = {
  session: CheckoutSession;
  disabled: boolean;
  money: (amount: string | null | undefined) => string;
  apply: (code: string) => Promise<void>;
  remove: () => Promise<void>;
};

export function Promotion({ session, disabled, money, apply, remove }: PromotionProps) {
  const t = useT();
  const { css } = useCss();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const applied = session.discounts?.[0];
  const appliedCode = applied
    ? ((applied.verification_data as { code?: string } | undefined)?.code ?? String(applied.promotion_code ?? ''))
    : '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const trimmed = code.trim();
    if (!trimmed || pending || disabled) {
      if (!trimmed) setError(t('validation.required'));
      return;
    }
    setPending(true);
    try {
      await apply(trimmed);
      setOpen(false);
      setCode('');
      setError('');
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setPending(false);
    }
  };

  if (applied) {
    const discount = String(applied.discount_amount ?? session.total_details?.amount_discount ?? '0');
    return (
      <div part="promotion" className={css`display: flex; flex-direction: column; gap: 4px;`}>
        <div className={css`display: flex; align-items: center; justify-content: space-between; gap: 8px;`}>
          <span
            className={css`display: inline-flex; align-items: center; gap: 6px; padding-block: 2px; padding-inline: 10px 4px; border-radius: 999px; background: var(--pay-color-neutral-bg); font-weight: 600; font-size: 13px;`}
          >
            {appliedCode}
            <button
              type="button"
              aria-label={t('checkout.promoRemove', { code: appliedCode })}
              disabled={disabled || pending}
              onClick={async () => {
                setPending(true);
                try {
                  await remove();
                } catch (err) {
                  // Spec §8: removal failures are only logged.
                  console.warn('[pay-checkout] remove promotion failed', err);
                } finally {
                  setPending(false);
                }
              }}
              className={css`width: 24px; height: 24px; flex: none; display: grid; place-items: center; border: 0; border-radius: 50%; background: transparent; color: var(--pay-color-muted); cursor: pointer; &:hover { background: var(--pay-color-hover); } &:disabled { cursor: not-allowed; } ${focusRing}`}
            >
              ×
            </button>
          </span>
          {toBigInt(discount) > 0n ? (
            <span data-amount className={css`color: var(--pay-color-success); font-variant-numeric: tabular-nums;`}>
              −{money(discount)}
            </span>
          ) : null}
        </div>
        {toBigInt(discount) > 0n ? null : (
          <p role="alert" className={css`margin: 0; font-size: 12px; color: var(--pay-color-danger);`}>
            {t('checkout.noDiscount')}
          </p>
        )}
      </div>
    );
  }

  return (
    <>
      {/* The link-like button's text lines up with the rows' labels (its padding and border hang outside). */}
      <div className={css`margin-inline-start: -9px;`}>
        <Button variant="text" size="sm" part="promotion-add" disabled={disabled} onClick={() => setOpen(true)}>
          {t('checkout.promoAdd')}
        </Button>
      </div>
      <Dialog open={open} onClose={() => !pending && setOpen(false)} title={t('checkout.promoTitle')}>
        <form onSubmit={submit} noValidate className={css`display: flex; flex-direction: column; gap: 14px;`}>
          <TextField
            label={t('checkout.promoLabel')}
            name="promotion_code"
            autoComplete="off"
            autoCapitalize="characters"
            value={code}
            error={error || undefined}
            onChange={(e) => {
              setCode(e.target.value);
              if (error) setError('');
            }}
            data-autofocus
          />
          <div className={css`display: flex; justify-content: flex-end; gap: 8px;`}>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" pending={pending} disabled={disabled}>
              {t('checkout.promoApply')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
