import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useCss } from './styles.tsx';
import { FieldNotes, useFieldClasses, useFieldIds } from './TextField.tsx';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & {
  label: ReactNode;
  options: SelectOption[];
  hint?: ReactNode;
  error?: ReactNode;
  hideLabel?: boolean;
};

/** Native select (keyboard and screen-reader behaviour of the platform), themed like TextField. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, options, hint, error, hideLabel, id, className, ...rest },
  ref,
) {
  const c = useFieldClasses();
  const { css, cx } = useCss();
  const { controlId: selectId, hintId, errorId, describedBy } = useFieldIds(id, 's', hint, error);
  // The chosen option's text is one line (the engines' own `white-space: pre` for a select), and may come as data
  // (a payment method's name). `overflow: hidden` keeps it inside the control, cut with an ellipsis: WebKit lays a
  // select's text out in a box as wide as the text and, unless the select clips, counts it in the page's scroll
  // width (a 10,000-character name made a 390 px page 130,738 px wide there); Chromium and Firefox clip it anyway.
  const select = css`
    appearance: none; -webkit-appearance: none; flex: 1; min-width: 0; height: calc(var(--pay-control-height) - 2px);
    border: 0; outline: none; background: transparent; color: inherit; font: inherit; padding-inline-end: 24px; cursor: pointer;
    overflow: hidden; text-overflow: ellipsis;
    & option { background: var(--pay-color-surface-raised); color: var(--pay-color-text); }
  `;
  const chevron = css`position: absolute; inset-inline-end: 12px; pointer-events: none; color: var(--pay-color-muted);`;
  return (
    <div className={cx(c.wrap, className)} part="field">
      <label htmlFor={selectId} className={hideLabel ? c.hidden : c.label}>
        {label}
      </label>
      <div className={cx(c.control, css`position: relative;`)} data-invalid={error ? 'true' : undefined}>
        <select
          {...rest}
          ref={ref}
          id={selectId}
          className={select}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          part="select"
        >
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <svg className={chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.6" fill="none" strokeLinecap="round" />
        </svg>
      </div>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
});
