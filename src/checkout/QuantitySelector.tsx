/**
 * Quantity with minus and plus (spec §2, §5): range max(minimum,1)…min(maximum, limit, available); minus/plus
 * disabled at the bounds; typed values out of range are ignored (the last good one comes back on blur); a cleared
 * value disables paying; 'Exceed inventory' / 'Exceed purchase limit' under the row.
 */
import { useEffect, useId, useState } from 'react';
import type { LineItem } from '../api/types.ts';
import { errorText } from '../core/errors.ts';
import { acceptQuantity, quantityBounds, validateQuantity } from '../core/checkout.ts';
import { useT } from '../ui/i18n.tsx';
import { focusRing } from '../ui/shared-css.ts';
import { useCss } from '../ui/styles.tsx';
import { useOnChange } from '../ui/useOnChange.ts';
import { isolate } from '../core/bidi.ts';

export type QuantitySelectorProps = {
  item: LineItem;
  name: string;
  disabled: boolean;
  /** Ask the server for the new quantity; rejects with the error text to show. */
  onChange: (quantity: number) => Promise<void>;
  /** Paying is possible only with a quantity (false while cleared). */
  onPayable: (payable: boolean) => void;
};

/** Typing settles for this long before the quantity is sent. */
export const QUANTITY_DEBOUNCE_MS = 400;

export function QuantitySelector({ item, name, disabled, onChange, onPayable }: QuantitySelectorProps) {
  const t = useT();
  const { css } = useCss();
  const errorId = useId();
  const bounds = quantityBounds(item);
  const [text, setText] = useState(String(item.quantity));
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  // The server's quantity (after a change or a refusal) replaces the field's text; not on mount (see useOnChange).
  useOnChange(item.quantity, (q) => setText(String(q)));

  const send = async (q: number) => {
    const local = validateQuantity(item.price, q);
    if (local) {
      setError(t(local));
      // The order keeps the server's quantity, and so does the field.
      setText(String(item.quantity));
      return;
    }
    setPending(true);
    try {
      await onChange(q);
      setError('');
    } catch (err) {
      setError(errorText(err, t));
      setText(String(item.quantity));
    } finally {
      setPending(false);
    }
  };

  // Typed values: debounce, then send the accepted one.
  useEffect(() => {
    const accepted = acceptQuantity(text, bounds);
    onPayable(accepted !== null);
    if (accepted === null) setError(t('checkout.quantityCleared'));
    if (accepted === undefined || accepted === null || accepted === item.quantity) return;
    const id = setTimeout(() => void send(accepted), QUANTITY_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]); // eslint-disable-line react-hooks/exhaustive-deps -- the debounce restarts on typing only

  const current = acceptQuantity(text, bounds) ?? item.quantity;
  const step = (delta: number) => {
    const next = current + delta;
    if (next < bounds.min || next > bounds.max) return;
    setText(String(next));
  };

  const btn = css`
    width: 30px; height: 30px; display: grid; place-items: center; border: 1px solid var(--pay-color-border-strong);
    background: var(--pay-color-bg); color: var(--pay-color-text); border-radius: var(--pay-radius-sm); cursor: pointer; font: inherit; font-size: 16px;
    &:disabled { opacity: 0.45; cursor: not-allowed; }
    ${focusRing}
  `;
  const busy = disabled || pending;
  return (
    <div className={css`display: flex; flex-direction: column; gap: 4px;`}>
      <div
        role="group"
        aria-label={t('checkout.quantityLabel', { name: isolate(name) })}
        part="quantity"
        className={css`display: inline-flex; align-items: center; gap: 6px;`}
      >
        <button
          type="button"
          className={btn}
          aria-label={t('checkout.decrease')}
          disabled={busy || current <= bounds.min}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          aria-label={t('checkout.quantityLabel', { name: isolate(name) })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value.replace(/[^\d]/g, ''))}
          onBlur={() => {
            if (acceptQuantity(text, bounds) === undefined) setText(String(item.quantity));
          }}
          className={css`width: 52px; height: 30px; text-align: center; border: 1px solid var(--pay-color-border-strong); border-radius: var(--pay-radius-sm); background: var(--pay-color-bg); color: var(--pay-color-text); font: inherit; font-variant-numeric: tabular-nums; ${focusRing}`}
        />
        <button
          type="button"
          className={btn}
          aria-label={t('checkout.increase')}
          disabled={busy || current >= bounds.max}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      <p
        id={errorId}
        role="alert"
        className={css`margin: 0; font-size: 12px; color: var(--pay-color-danger); &:empty { display: none; }`}
      >
        {error}
      </p>
    </div>
  );
}
