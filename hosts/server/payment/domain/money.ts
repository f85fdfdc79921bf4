/**
 * Money on strings, math in BigInt. Stored and returned amounts are integer strings in the currency's
 * smallest unit; merchant writes carry decimal strings in token units (the payment-js README convention), which
 * ../validate.ts `tokenAmount` checks and converts.
 */

/** '1500000000000000000' with 18 decimals -> '1.5'. */
export function fromUnit(amount: string, decimal: number): string {
  const v = BigInt(amount);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const base = 10n ** BigInt(decimal);
  const frac = (abs % base).toString().padStart(decimal, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${abs / base}${frac ? `.${frac}` : ''}`;
}

export function sum(amounts: Iterable<string>): string {
  let total = 0n;
  for (const a of amounts) total += BigInt(a);
  return total.toString();
}

export function mul(amount: string, quantity: number | string): string {
  return (BigInt(amount) * BigInt(quantity)).toString();
}

export function gte(a: string, b: string): boolean {
  return BigInt(a) >= BigInt(b);
}

export function sub(a: string, b: string): string {
  return (BigInt(a) - BigInt(b)).toString();
}
