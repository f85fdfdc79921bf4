/**
 * Quantity with minus and plus (spec §2, §5): range max(minimum,1)…min(maximum, limit, available); minus/plus
 * disabled at the bounds; typed values out of range are ignored (the last good one comes back on blur); a cleared
 * value disables paying; 'Exceed inventory' / 'Exceed purchase limit' under the row.
 * The stepper keeps stepping while a change is on its way to the server: the field shows the payer's newest value,
 * which is sent after that answer (one request at a time, so no older answer can land last). Until the server has the
 * field's quantity, paying waits (onSettled): what is paid is the total on screen.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
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
  /** Paying is possible only with a quantity: false when the field is cleared, true once it holds one or goes away. */
  onPayable: (payable: boolean) => void;
  /**
   * False while the field's quantity is not yet the server's (a change waits to be sent or is on its way), true again
   * once it is, or when the selector goes away. Paying waits meanwhile: the total on screen is still the old one.
   */
  onSettled: (settled: boolean) => void;
};

/** Typing settles for this long before the quantity is sent. */
export const QUANTITY_DEBOUNCE_MS = 400;

export function QuantitySelector({ item, name, disabled, onChange, onPayable, onSettled }: QuantitySelectorProps) {
  const t = useT();
  const { css } = useCss();
  const errorId = useId();
  const bounds = quantityBounds(item);
  const [text, setText] = useState(String(item.quantity));
  const accepted = acceptQuantity(text, bounds);
  // A refusal (the server's, or the order's own rule); a cleared field shows why paying waits instead.
  const [error, setError] = useState('');
  // Derived, so it goes with the first quantity the field holds again: typed, stepped, or brought back on blur.
  const message = accepted === null ? t('checkout.quantityCleared') : error;
  // A change is on its way to the server. One at a time: with two, the older answer could come last and win.
  const [sending, setSending] = useState(false);
  // The quantity the field last agreed on with the server: the server's, or the one sent to it. A text other than
  // this is the payer's newer value, which no answer to an older one may overwrite.
  const [synced, setSynced] = useState(item.quantity);
  // This render's text and server quantity, for an answer that comes back some renders later.
  const latest = useRef({ text, quantity: item.quantity });
  latest.current = { text, quantity: item.quantity };

  const show = (q: number) => {
    setText(String(q));
    setSynced(q);
  };

  // The server's quantity (after a change, or a refresh of the order) replaces the field's text unless the payer has
  // typed or stepped since; not on mount (see useOnChange).
  useOnChange(item.quantity, (q) => {
    if (text === String(synced)) show(q);
  });
  // Paying is for the server's quantity: a change still waiting to be sent is dropped, never sent (not even once
  // paying stops), and the field shows the quantity paid for. Set in the render (as useOnChange does), so no effect
  // of this render can send it first.
  if (disabled && !sending && text !== String(item.quantity)) show(item.quantity);

  const send = async (q: number) => {
    const local = validateQuantity(item.price, q);
    if (local) {
      setError(t(local));
      // The order keeps the server's quantity, and so does the field.
      show(item.quantity);
      return;
    }
    setSending(true);
    setSynced(q);
    try {
      await onChange(q);
      // An earlier refusal no longer applies.
      setError('');
    } catch (err) {
      // The server keeps its quantity. A refusal of the payer's newest value shows, and the field goes back to the
      // server's quantity; one of a value the payer has left since does not: the newer value goes next and its
      // answer decides.
      if (latest.current.text === String(q)) {
        setError(errorText(err, t));
        show(latest.current.quantity);
      } else setSynced(latest.current.quantity);
    } finally {
      setSending(false);
    }
  };

  // A cleared field disables paying, said in the commit that shows its message (a layout effect), so a press on Pay in
  // the next task already finds it disabled; an earlier refusal does not come back after it.
  const cleared = accepted === null;
  useLayoutEffect(() => {
    if (!cleared) return;
    onPayable(false);
    setError('');
    return () => onPayable(true);
  }, [cleared]); // eslint-disable-line react-hooks/exhaustive-deps -- said when it changes, and once more on unmount

  // The field's quantity is not the server's yet: a change waits to be sent or is on its way. (A value out of range
  // is ignored and goes back on blur; a cleared one blocks paying through onPayable.) Said in the commit that shows
  // the change, as onPayable is, so a press on Pay in the next task already finds it waiting.
  const settled = !sending && (typeof accepted !== 'number' || accepted === item.quantity);
  useLayoutEffect(() => {
    if (settled) return;
    onSettled(false);
    return () => onSettled(true);
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps -- said when it changes, and once more on unmount

  // Typed and stepped values: once they settle, the accepted one is sent unless the server has it already. Not while
  // a change is on its way: what the payer does meanwhile waits for its answer and then goes the same way (only the
  // newest value, as every change restarts the wait). Never while paying (see above).
  useEffect(() => {
    if (disabled || sending || typeof accepted !== 'number' || accepted === item.quantity) return;
    const id = setTimeout(() => void send(accepted), QUANTITY_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text, sending, item.quantity, disabled]); // eslint-disable-line react-hooks/exhaustive-deps -- the wait restarts

  // Steps from the field's value; from a cleared or out-of-range one, from the last quantity agreed on.
  const current = accepted ?? synced;
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
  return (
    <div className={css`display: flex; flex-direction: column; gap: 4px;`}>
      <div
        role="group"
        aria-label={t('checkout.quantityLabel', { name: isolate(name) })}
        part="quantity"
        aria-busy={sending || undefined}
        className={css`display: inline-flex; align-items: center; gap: 6px;`}
      >
        <button
          type="button"
          className={btn}
          aria-label={t('checkout.decrease')}
          disabled={disabled || current <= bounds.min}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          aria-label={t('checkout.quantityLabel', { name: isolate(name) })}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value.replace(/[^\d]/g, ''))}
          onBlur={() => {
            if (accepted === undefined) setText(String(synced));
          }}
          className={css`width: 52px; height: 30px; text-align: center; border: 1px solid var(--pay-color-border-strong); border-radius: var(--pay-radius-sm); background: var(--pay-color-bg); color: var(--pay-color-text); font: inherit; font-variant-numeric: tabular-nums; ${focusRing}`}
        />
        <button
          type="button"
          className={btn}
          aria-label={t('checkout.increase')}
          disabled={disabled || current >= bounds.max}
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
        {message}
      </p>
    </div>
  );
}
