/**
 * The sandbox's currency and method logos: a label on a coloured disc. `npm run sandbox:logos` renders them to the
 * PNG files in ./logos (scripts/sandbox-logos.ts), which logos.ts serves.
 */
export const LOGO_SPECS = {
  arcblock: { label: 'ABT', color: '#4598FA' },
  tba: { label: 'TBA', color: '#4598FA' },
  credit: { label: 'CR', color: '#8B5CF6' },
  ethereum: { label: 'ETH', color: '#627EEA' },
  base: { label: 'B', color: '#0052FF' },
  usdc: { label: 'USDC', color: '#2775CA' },
  bitcoin: { label: 'BTC', color: '#F7931A' },
  stripe: { label: 'S', color: '#635BFF' },
  usd: { label: '$', color: '#16A34A' },
} as const;

export type LogoName = keyof typeof LOGO_SPECS;

/** The logo as an SVG document (the source the PNG is rendered from). */
export function logoSvg({ label, color }: { label: string; color: string }): string {
  const text = label.length > 3 ? label.slice(0, 3) : label;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/><text x="32" y="39" font-family="Arial,sans-serif" font-size="${text.length > 2 ? 18 : 22}" font-weight="700" fill="#fff" text-anchor="middle">${text}</text></svg>`;
}
