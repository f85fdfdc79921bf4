import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from './i18n.tsx';
import { useCss } from './styles.tsx';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: ReactNode;
  /** Help text under the field (linked with aria-describedby). */
  hint?: ReactNode;
  /** Error text: sets aria-invalid and is announced (role=alert). */
  error?: ReactNode;
  /** Hide the label visually (it stays the accessible name). */
  hideLabel?: boolean;
  /** Content inside the field's start (e.g. a currency symbol or search icon). */
  adornment?: ReactNode;
  endAdornment?: ReactNode;
  fullWidth?: boolean;
};

export function useFieldClasses() {
  const { css } = useCss();
  return {
    wrap: css`display: flex; flex-direction: column; gap: 6px; min-width: 0;`,
    label: css`font-weight: 600; font-size: 13px; color: var(--pay-color-text);`,
    required: css`color: var(--pay-color-danger); margin-inline-start: 2px;`,
    control: css`
      display: flex; align-items: center; gap: 8px; min-height: var(--pay-control-height); padding: 0 12px;
      background: var(--pay-color-bg); color: var(--pay-color-text);
      border: 1px solid var(--pay-color-border-strong); border-radius: var(--pay-radius);
      transition: border-color var(--pay-transition), box-shadow var(--pay-transition);
      &:focus-within { border-color: var(--pay-color-focus); box-shadow: 0 0 0 1px var(--pay-color-focus); }
      &[data-invalid='true'] { border-color: var(--pay-color-danger); }
      &[data-invalid='true']:focus-within { box-shadow: 0 0 0 1px var(--pay-color-danger); }
      &[data-disabled='true'] { opacity: 0.6; }
      & > svg { flex: none; color: var(--pay-color-muted); }
    `,
    input: css`
      flex: 1; min-width: 0; height: calc(var(--pay-control-height) - 2px); border: 0; outline: none; padding: 0;
      background: transparent; color: inherit; font: inherit;
      &::placeholder { color: var(--pay-color-muted); opacity: 1; }
      &:disabled { cursor: not-allowed; }
      &[data-empty='true'], &[data-empty='true']::-webkit-datetime-edit { color: var(--pay-color-muted); }
    `,
    hint: css`font-size: 12px; color: var(--pay-color-muted); margin: 0;`,
    error: css`font-size: 12px; color: var(--pay-color-danger); margin: 0; &:empty { display: none; }`,
    hidden: css`position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;`,
  };
}

/** Ids of a field's control, hint and error, and the aria-describedby that links the ones shown. */
export function useFieldIds(id: string | undefined, prefix: string, hint: ReactNode, error: ReactNode) {
  const auto = useId();
  const controlId = id ?? `${prefix}${auto}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

/** The hint and the announced error under a field (the error paragraph is always there so role=alert announces). */
export function FieldNotes({
  hint,
  error,
  hintId,
  errorId,
}: {
  hint: ReactNode;
  error: ReactNode;
  hintId: string;
  errorId: string;
}) {
  const c = useFieldClasses();
  return (
    <>
      {hint ? (
        <p id={hintId} className={c.hint}>
          {hint}
        </p>
      ) : null}
      <p id={errorId} role="alert" className={c.error}>
        {error || null}
      </p>
    </>
  );
}

const DATE_TYPES = new Set(['date', 'datetime-local', 'month', 'week', 'time']);

/** Labelled input with hint and error (aria-invalid, aria-describedby, announced error), required mark. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  {
    label,
    hint,
    error,
    hideLabel,
    adornment,
    endAdornment,
    fullWidth = true,
    id,
    required,
    className,
    disabled,
    ...rest
  },
  ref,
) {
  const c = useFieldClasses();
  const { cx } = useCss();
  const t = useT();
  const { controlId: inputId, hintId, errorId, describedBy } = useFieldIds(id, 'f', hint, error);
  // An empty date or time field: WebKit draws today's date in it in the text colour, so it looks set; the muted
  // colour says "no value" in every engine (placeholder-shown does not apply to these inputs).
  const emptyDate = DATE_TYPES.has(String(rest.type)) && rest.value === '';
  return (
    <div className={cx(c.wrap, className)} style={fullWidth ? undefined : { display: 'inline-flex' }} part="field">
      <label htmlFor={inputId} className={hideLabel ? c.hidden : c.label}>
        {label}
        {required ? (
          <span className={c.required} aria-hidden="true">
            *
          </span>
        ) : null}
        {required ? <span className={c.hidden}> ({t('common.required')})</span> : null}
      </label>
      <div
        className={c.control}
        data-invalid={error ? 'true' : undefined}
        data-disabled={disabled ? 'true' : undefined}
      >
        {adornment}
        <input
          {...rest}
          ref={ref}
          id={inputId}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={c.input}
          data-empty={emptyDate ? 'true' : undefined}
          part="input"
        />
        {endAdornment}
      </div>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
});
