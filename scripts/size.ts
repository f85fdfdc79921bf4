/**
 * npm run size — what each element loads before its first paint, in gzip bytes.
 *
 * For every element entry in dist/elements (run `npm run build` first), it follows the static imports
 * (`import … from "./chunks/…"`, `export … from`, bare `import "…"`) through the built chunks — the code
 * the browser must fetch and run before the element can render — and sums their gzip -9 sizes, shared
 * chunks included. Dynamic `import()`s (Stripe, phone metadata, the realtime client, lazy screens) are
 * listed separately: they load only when a screen needs them.
 *
 * axios is one of those lazy chunks (src/api/axios.ts): it loads with the first request, in parallel with the
 * first render. The "+ transport" column adds it, which is what an element loads before its first data.
 *
 * Exits 1 when an element is over its budget.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist/elements');
const KB = 1024;

/** First-paint budgets in gzip bytes (issue: any one element at most 160 KB; the header at most 140 KB). */
export const BUDGETS: Record<string, number> = {
  'pay-checkout': 160 * KB,
  'pay-portal': 160 * KB,
  'blocklet-store': 160 * KB,
  'site-header': 140 * KB,
  'pay-provider': 20 * KB,
};

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

function imports(file: string, pattern: RegExp): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(pattern)].map((m) => resolve(dirname(file), m[1] as string));
}

/** The static closure of an entry, and the dynamic imports reachable from it (not in the closure). */
export function closure(entry: string): { files: string[]; lazy: string[] } {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...imports(file, STATIC_IMPORT));
  }
  const lazy = new Set<string>();
  for (const f of seen) for (const d of imports(f, DYNAMIC_IMPORT)) if (!seen.has(d)) lazy.add(d);
  return { files: [...seen], lazy: [...lazy] };
}

function fmt(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

function main(): void {
  if (!existsSync(dist)) {
    console.error('dist/elements is missing: run `npm run build` first.');
    process.exit(2);
  }
  let failed = false;
  const rows: string[] = [];
  rows.push('| element | first paint (gzip) | budget | + transport (first request) | files | lazy chunks (gzip, not in first paint) |');
  rows.push('|---|---|---|---|---|---|');
  for (const [tag, budget] of Object.entries(BUDGETS)) {
    const entry = join(dist, `${tag}.js`);
    if (!existsSync(entry)) {
      rows.push(`| ${tag} | missing | ${fmt(budget)} | - | - | - |`);
      failed = true;
      continue;
    }
    const { files, lazy } = closure(entry);
    const total = files.reduce((n, f) => n + gzipSize(f), 0);
    const lazyTotal = lazy.reduce((n, f) => n + gzipSize(f), 0);
    const transport = lazy.filter((f) => /^axios-/.test(relative(join(dist, 'chunks'), f))).reduce((n, f) => n + gzipSize(f), 0);
    const over = total > budget;
    failed ||= over;
    rows.push(
      `| ${tag} | ${fmt(total)}${over ? ' OVER' : ''} | ${fmt(budget)} | ${transport ? fmt(total + transport) : '-'} | ${files.length} | ${lazy.length} (${fmt(lazyTotal)}) |`,
    );
    if (process.argv.includes('--verbose')) {
      for (const f of files.sort((a, b) => gzipSize(b) - gzipSize(a))) rows.push(`|   ${relative(dist, f)} | ${fmt(gzipSize(f))} | | | | |`);
    }
  }
  console.log(rows.join('\n'));
  if (process.argv.includes('--readme')) writeReadme(rows.filter((r) => !r.startsWith('|   ')));
  if (failed) {
    console.error('\nAn element is over its first-paint budget (or missing).');
    process.exit(1);
  }
}

/** `npm run size -- --readme` puts the table into README.md between `<!-- size:start -->` and `<!-- size:end -->`. */
function writeReadme(rows: string[]): void {
  const path = join(root, 'README.md');
  const text = readFileSync(path, 'utf8');
  const start = '<!-- size:start -->';
  const end = '<!-- size:end -->';
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i < 0 || j < i) throw new Error(`README.md lacks the ${start} … ${end} markers`);
  const stamp = `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run build && npm run size -- --readme\` (gzip level 9).`;
  writeFileSync(path, `${text.slice(0, i + start.length)}\n${stamp}\n\n${rows.join('\n')}\n${text.slice(j)}`);
  console.log('README.md size table updated.');
}

main();
