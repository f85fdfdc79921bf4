/**
 * npm run size — what each element loads before its first paint, in gzip bytes, against its budget.
 *
 * Every element entry in dist/elements (run `npm run build` first) is a loader (scripts/vite-element-entries.ts):
 * its import()s are the element's module with every chunk it imports statically, then (after the first-request
 * mark) the chunks its first data request needs (axios, the api resources it calls first), then (after the view
 * mark) the screen and React with their static chunks. All but the first request's chunks are what the browser
 * must fetch and run before the element can render (first paint, shared chunks included); the first request's are
 * fetched in parallel with them. Both lists are followed through the files' static imports
 * (`import … from "./chunks/…"`, `export … from`, bare `import "…"`). Other dynamic import()s (Stripe, phone
 * metadata, the realtime client, lazy screens) are listed separately: they load only when a screen needs them.
 * Sizes are of the files as they ship (minified), gzip -9.
 *
 * "all four" is the union of the four elements' first paints: one page with every element on it.
 *
 * Exits 1 when an element (or all four) is over budget, or an entry is missing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_REQUEST_MARK, VIEW_MARK } from './vite-element-entries.ts';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'dist/elements');
const KB = 1024;

/** First-paint budgets in gzip bytes (issue 16). */
export const BUDGETS: Record<string, number> = {
  'pay-checkout': 140 * KB,
  'pay-portal': 140 * KB,
  'blocklet-store': 140 * KB,
  'site-header': 120 * KB,
  // The fifth element (issue 25): the table's first paint; the inline checkout loads when a plan is chosen.
  'pay-pricing-table': 140 * KB,
  'pay-provider': 20 * KB,
};
/** The four elements on one page (the union of their first paints). */
export const ALL_FOUR = ['pay-checkout', 'pay-portal', 'blocklet-store', 'site-header'];
export const ALL_FOUR_BUDGET = 190 * KB;

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g;
const DYNAMIC_IMPORT = /import\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g;

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}
const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + gzipSize(f), 0);

function importsIn(file: string, code: string, pattern: RegExp): string[] {
  return [...code.matchAll(pattern)].map((m) => resolve(dirname(file), m[1] as string));
}
const imports = (file: string, pattern: RegExp) => importsIn(file, readFileSync(file, 'utf8'), pattern);

function staticClosure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...imports(file, STATIC_IMPORT));
  }
  return seen;
}

/** An element's first paint, what its first request adds, and the lazy chunks reachable from its first paint. */
export function closure(entry: string): { files: Set<string>; firstRequest: Set<string>; lazy: Set<string> } {
  const code = readFileSync(entry, 'utf8');
  // The loader's list: the element's graph, then after FIRST_REQUEST_MARK what its first request needs, then after
  // VIEW_MARK what its first render needs (scripts/vite-element-entries.ts). All but the first-request part is
  // first paint.
  const mark = code.indexOf(FIRST_REQUEST_MARK);
  const viewAt = code.indexOf(VIEW_MARK, Math.max(mark, 0));
  const end = mark < 0 ? -1 : viewAt >= 0 ? viewAt : code.indexOf(']', mark);
  const requestPart = mark < 0 ? '' : code.slice(mark, end);
  const eagerPart = mark < 0 ? code : code.slice(0, mark) + code.slice(end);
  const files = staticClosure([entry, ...importsIn(entry, eagerPart, DYNAMIC_IMPORT)]);
  const firstRequest = new Set(
    [...staticClosure(importsIn(entry, requestPart, DYNAMIC_IMPORT))].filter((f) => !files.has(f)),
  );
  const lazy = new Set<string>();
  for (const f of files)
    if (f !== entry) for (const d of imports(f, DYNAMIC_IMPORT)) if (!files.has(d) && !firstRequest.has(d)) lazy.add(d);
  return { files, firstRequest, lazy };
}

function fmt(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

function main(): void {
  if (!existsSync(dist)) {
    console.error('dist/elements is missing: run `npm run build` first.');
    process.exit(2);
  }
  const verbose = process.argv.includes('--verbose');
  let failed = false;
  const rows: string[] = [];
  const union = new Set<string>();
  rows.push(
    '| element | first paint (gzip) | budget | + first request | files | lazy chunks (gzip, not in first paint) |',
  );
  rows.push('|---|---|---|---|---|---|');
  for (const [tag, budget] of Object.entries(BUDGETS)) {
    const entry = join(dist, `${tag}.js`);
    if (!existsSync(entry)) {
      rows.push(`| ${tag} | missing | ${fmt(budget)} | - | - | - |`);
      failed = true;
      continue;
    }
    const { files, firstRequest, lazy } = closure(entry);
    if (ALL_FOUR.includes(tag)) for (const f of files) union.add(f);
    const total = sum(files);
    const over = total > budget;
    failed ||= over;
    rows.push(
      `| ${tag} | ${fmt(total)}${over ? ' OVER' : ''} | ${fmt(budget)} | ${firstRequest.size ? fmt(total + sum(firstRequest)) : '-'} | ${files.size} | ${lazy.size} (${fmt(sum(lazy))}) |`,
    );
    if (verbose) {
      for (const f of [...files].sort((a, b) => gzipSize(b) - gzipSize(a)))
        rows.push(`|   ${relative(dist, f)} | ${fmt(gzipSize(f))} | | | | |`);
      for (const f of firstRequest)
        rows.push(`|   (first request) ${relative(dist, f)} | | | ${fmt(gzipSize(f))} | | |`);
    }
  }
  const all = sum(union);
  const allOver = all > ALL_FOUR_BUDGET;
  failed ||= allOver;
  rows.push(
    `| all four on one page | ${fmt(all)}${allOver ? ' OVER' : ''} | ${fmt(ALL_FOUR_BUDGET)} | - | ${union.size} | - |`,
  );
  console.log(rows.join('\n'));
  if (process.argv.includes('--readme')) writeReadme(rows.filter((r) => !r.startsWith('|   ')));
  if (failed) {
    console.error('\nOver a first-paint budget (or an entry is missing).');
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
