/** Small inline SVG logos (data: URLs), so currency and method logos work on any origin with no extra route. */
function svg(label: string, color: string): string {
  const text = label.length > 3 ? label.slice(0, 3) : label;
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/><text x="32" y="39" font-family="Arial,sans-serif" font-size="${text.length > 2 ? 18 : 22}" font-weight="700" fill="#fff" text-anchor="middle">${text}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(body).toString('base64')}`;
}

export const LOGOS = {
  arcblock: svg('ABT', '#4598FA'),
  tba: svg('TBA', '#4598FA'),
  credit: svg('CR', '#8B5CF6'),
  ethereum: svg('ETH', '#627EEA'),
  base: svg('B', '#0052FF'),
  usdc: svg('USDC', '#2775CA'),
  bitcoin: svg('BTC', '#F7931A'),
  stripe: svg('S', '#635BFF'),
  usd: svg('$', '#16A34A'),
};
