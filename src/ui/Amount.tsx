import { formatAmount, type FormatAmountOptions } from '../core/money.ts';
import { useSettings } from './context.tsx';
import { useCss } from './styles.tsx';

export type AmountProps = {
  /** Amount in the smallest unit (string, as the API sends it). */
  amount: string | number | bigint | null | undefined;
  /** Currency decimals (e.g. 2 for USD, 18 for tokens). */
  decimals: number;
  /** Currency symbol shown after the number (e.g. `TBA`, `USD`). */
  symbol?: string;
  /** Max fraction digits (default 6, spec). */
  precision?: number;
  minPrecision?: number;
  rounding?: FormatAmountOptions['rounding'];
  /** Emphasis: `strong` for totals. */
  strong?: boolean;
  className?: string;
};

/** A money amount formatted with core `formatAmount` in the element's locale, plus its symbol. Tabular digits. */
export function Amount({
  amount,
  decimals,
  symbol,
  precision,
  minPrecision,
  rounding,
  strong,
  className,
}: AmountProps) {
  const { locale } = useSettings();
  const { css, cx } = useCss();
  const text = formatAmount(amount, decimals, {
    locale,
    ...(precision !== undefined ? { precision } : {}),
    ...(minPrecision !== undefined ? { minPrecision } : {}),
    ...(rounding !== undefined ? { rounding } : {}),
  });
  return (
    <span
      part="amount"
      dir="ltr"
      className={cx(
        css`font-variant-numeric: tabular-nums; white-space: nowrap; ${strong ? 'font-weight: 700;' : ''}`,
        className,
      )}
    >
      {text}
      {symbol ? <span className={css`margin-inline-start: 0.3em;`}>{symbol}</span> : null}
    </span>
  );
}
