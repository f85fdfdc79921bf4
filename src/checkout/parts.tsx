/** Small pieces the checkout's screens share: amounts in a currency, a product's picture. */
import { useState } from 'react';
import type { PaymentCurrency } from '../api/types.ts';
import { formatAmount } from '../core/money.ts';
import { safeImageSrc } from '../core/url.ts';
import { useSettings } from '../ui/context.tsx';
import { useCss } from '../ui/styles.tsx';

/** Price and amount text for one currency: '12.5 TBA'; fiat with its minor digits: '9.00 USD'. */
export function useMoney(currency: PaymentCurrency | undefined, fiat = false) {
  const { locale } = useSettings();
  const decimals = currency?.decimal ?? 2;
  return (amount: string | null | undefined) =>
    formatAmount(amount ?? '0', decimals, {
      locale,
      ...(currency?.symbol ? { symbol: currency.symbol } : {}),
      ...(fiat ? { minPrecision: decimals } : {}),
    });
}

/**
 * A product's picture (48 px, rounded); its initial on a tile when it has none or the image does not load (a broken
 * picture never shows). Decorative: the name is next to it.
 */
export function ProductImage({
  src,
  name,
  size = 48,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
}) {
  const { css } = useCss();
  const href = safeImageSrc(src);
  const [broken, setBroken] = useState<string | null>(null);
  const tile = css`width: ${size}px; height: ${size}px; flex: none; border-radius: var(--pay-radius-sm); background: var(--pay-color-neutral-bg); border: 1px solid var(--pay-color-border); box-sizing: border-box;`;
  if (href && broken !== href) {
    return (
      <img
        part="product-image"
        src={href}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={() => setBroken(href)}
        className={`${tile} ${css`object-fit: cover; display: block;`}`}
      />
    );
  }
  const fallback = String(name).trim().slice(0, 1).toUpperCase() || '·';
  return (
    <span
      part="product-image-fallback"
      aria-hidden="true"
      className={`${tile} ${css`display: grid; place-items: center; font-weight: 700; color: var(--pay-color-muted);`}`}
    >
      {fallback}
    </span>
  );
}
