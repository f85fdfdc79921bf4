/**
 * <blocklet-store> rules that are pure logic: the review statuses and their tones (spec §3, platform-header-store.md
 * B.3), their en/zh labels, the blocklet name rules (spec §5) and the sort mapping (B.2). The screens' own numbers
 * (18 a page, the 300 ms search debounce, 20 a console page, name, token and block-reason lengths) are shown by what
 * the store does in tests/browser/store.test.ts.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateStoreName } from '../../src/core/validation.ts';
import { REVIEW_STATUS, reviewStatus } from '../../src/blocklet-store/review.ts';
import { filtersPath, readFilters, SORT_PARAMS, SORTS } from '../../src/blocklet-store/router.ts';

const root = resolve(import.meta.dirname, '../..');
const en = JSON.parse(readFileSync(resolve(root, 'locales/en.json'), 'utf8'));
const zh = JSON.parse(readFileSync(resolve(root, 'locales/zh.json'), 'utf8'));

describe('store review statuses', () => {
  it('the seven statuses, each with its tone (Draft default, Pending warning, In review info, Approved success, Rejected and Cancelled error, Published success)', () => {
    expect(Object.fromEntries(Object.entries(REVIEW_STATUS).map(([k, v]) => [k, v.tone]))).toEqual({
      DRAFT: 'default',
      PENDING_REVIEW: 'warning',
      IN_REVIEW: 'info',
      APPROVED: 'success',
      REJECTED: 'error',
      CANCELLED: 'error',
      PUBLISHED: 'success',
    });
    expect(reviewStatus('in_review')).toEqual({ key: 'inReview', tone: 'info' });
    expect(reviewStatus(undefined)).toEqual({ key: 'draft', tone: 'default' });
    expect(reviewStatus('SOMETHING_NEW')).toEqual({ key: 'draft', tone: 'default' });
  });

  it('labels in English (the spec texts) and Chinese', () => {
    const label = (tree: { store: { review: Record<string, string> } }) =>
      Object.values(REVIEW_STATUS).map((s) => tree.store.review[s.key]);
    expect(label(en)).toEqual(['Draft', 'Pending', 'In review', 'Approved', 'Rejected', 'Cancelled', 'Published']);
    expect(label(zh)).toEqual(['草稿', '待审核', '审核中', '已通过', '已拒绝', '已取消', '已发布']);
  });
});

describe('store name rules (spec §5: required, min and max length, only letters, digits, - and _)', () => {
  // The developer screen's bounds (3 to 64): tests/browser/store.test.ts shows them in the create dialog.
  const v = (s: unknown) => validateStoreName(s, 3, 64);
  it('bounds', () => {
    expect(v('')).toEqual({ key: 'validation.required' });
    expect(v('   ')).toEqual({ key: 'validation.required' });
    expect(v(undefined)).toEqual({ key: 'validation.required' });
    expect(v('ab')).toEqual({ key: 'validation.minLength', params: { min: 3 } });
    expect(v('abc')).toBeNull();
    expect(v('a'.repeat(64))).toBeNull();
    expect(v('a'.repeat(65))).toEqual({ key: 'validation.maxLength', params: { max: 64 } });
    expect(v('  my-app  ')).toBeNull();
  });
  it('characters', () => {
    for (const ok of ['my-blocklet_1', 'ABC', '123', '_-_']) expect(v(ok), ok).toBeNull();
    for (const bad of ['my app', 'my.app', 'app!', 'ünïcode', '名字abc', 'a/b', '<b>x</b>'])
      expect(v(bad), bad).toEqual({ key: 'validation.nameChars' });
    expect(en.validation.nameChars).toBe("Only letters, digits, '-' and '_'");
  });
});

describe('store sorting', () => {
  it('URL sort keys map to the store API (popularity → downloads, publishAt → lastPublishedAt, names by title)', () => {
    expect([...SORTS]).toEqual(['popularity', 'publishAt', 'nameAsc', 'nameDesc']);
    expect(SORT_PARAMS).toEqual({
      popularity: { sortBy: 'stats.downloads', sortDirection: 'desc' },
      publishAt: { sortBy: 'lastPublishedAt', sortDirection: 'desc' },
      nameAsc: { sortBy: 'title', sortDirection: 'asc' },
      nameDesc: { sortBy: 'title', sortDirection: 'desc' },
    });
  });
  it('filters round-trip through the URL; the query category wins over the path category', () => {
    const f = { keyword: 'a b&c', category: 'ai', price: 'free' as const, sort: 'publishAt' as const, page: 2 };
    const path = filtersPath('/store', f);
    expect(path).toBe('/store/search?keyword=a+b%26c&category=ai&price=free&sortBy=publishAt&page=2');
    expect(readFilters(path.slice(path.indexOf('?')))).toEqual(f);
    expect(readFilters('?category=payments', 'ai').category).toBe('payments');
    expect(readFilters('?page=2.5').page).toBe(1);
  });
});

describe('links from data inside the store', async () => {
  const { storePathOf } = await import('../../src/blocklet-store/router.ts');
  it('keeps a link under the store base on this origin as an in-store path, and nothing else', () => {
    const here = 'https://app.example/store/';
    expect(storePathOf('https://app.example/store/blocklets/z8a?x=1', '/store/', here)).toBe(
      '/store/blocklets/z8a?x=1',
    );
    expect(storePathOf('/store/search?q=kit', '/store', here)).toBe('/store/search?q=kit');
    expect(storePathOf('https://app.example/payment/', '/store/', here)).toBeNull();
    expect(storePathOf('https://evil.example/store/x', '/store/', here)).toBeNull();
    expect(storePathOf('http://[bad', '/store/', here)).toBeNull();
  });
});
