import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FSI, isolate, isolateValues, PDI, withoutIsolates } from '../../src/core/bidi.ts';
import { tIsolated } from '../../src/ui/bidi.tsx';

// A `t` as i18next interpolates: {{key}} replaced by the value as given.
const texts: Record<string, string> = {
  quantity: 'Quantity of {{name}}',
  confirm: 'By confirming, you allow {{merchant}} to charge you.',
  progress: '{{title}}: {{percent}}%',
  two: '{{a}} and {{b}}',
};
const t = (key: string, o: Record<string, unknown> = {}) =>
  (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(o[k]));
const html = (node: ReactNode) => renderToStaticMarkup(createElement(Fragment, null, node));

describe('isolate (plain text: aria-labels, toasts, titles)', () => {
  it('wraps a name in FSI … PDI; empty and missing stay empty', () => {
    expect(FSI).toBe('\u2068');
    expect(PDI).toBe('\u2069');
    expect(isolate('שלום')).toBe('\u2068שלום\u2069');
    expect(isolate('')).toBe('');
    expect(isolate(undefined)).toBe('');
    expect(isolate(null)).toBe('');
    expect(t('progress', { title: isolate('שלום'), percent: 50 })).toBe('\u2068שלום\u2069: 50%');
  });

  it('isolateValues isolates only the named string values; withoutIsolates gives the text read', () => {
    expect(isolateValues({ name: 'Ann', count: 2, percent: '5' }, ['name', 'count'])).toEqual({
      name: '\u2068Ann\u2069',
      count: 2,
      percent: '5',
    });
    expect(withoutIsolates(t('quantity', { name: isolate('שלום') }))).toBe('Quantity of שלום');
  });
});

describe('tIsolated (rendered text)', () => {
  it('puts each named value in a <bdi>, the rest of the translation as text', () => {
    expect(html(tIsolated(t, 'confirm', { merchant: 'שלום' }, ['merchant']))).toBe(
      'By confirming, you allow <bdi>שלום</bdi> to charge you.',
    );
    expect(html(tIsolated(t, 'two', { a: 'Ann', b: 'שלום' }, ['a', 'b']))).toBe('<bdi>Ann</bdi> and <bdi>שלום</bdi>');
  });

  it('renders names as text (never markup) and leaves values not named, or empty, as they are', () => {
    expect(html(tIsolated(t, 'quantity', { name: '<b>x</b>' }, ['name']))).toBe(
      'Quantity of <bdi>&lt;b&gt;x&lt;/b&gt;</bdi>',
    );
    expect(tIsolated(t, 'progress', { title: 'Mirror', percent: 5 }, ['percent'])).toBe('Mirror: 5%');
    expect(tIsolated(t, 'quantity', { name: '' }, ['name'])).toBe('Quantity of ');
  });
});
