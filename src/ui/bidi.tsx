/**
 * Translated text with user- or server-provided names isolated for bidirectional text in rendered output: each name
 * inside a `<bdi>` (its textContent is the text as before). For plain-text strings (aria-labels, toasts, titles) use
 * `isolate` from src/core/bidi.ts instead.
 */
import { Fragment, type ReactNode } from 'react';

type T = (key: string, opts?: Record<string, unknown>) => string;

// Private-use marks around the index of a name while i18next interpolates (never in translations or in names).
const OPEN = '\uE000';
const CLOSE = '\uE001';
const SLOT = new RegExp(`${OPEN}(\\d+)${CLOSE}`);

/**
 * `t(key, values)` rendered with the values named in `names` each in a `<bdi>`: the translation decides where the
 * names go, the names never reorder the text around them.
 */
export function tIsolated(t: T, key: string, values: Record<string, unknown>, names: readonly string[]): ReactNode {
  const isolated: string[] = [];
  const opts: Record<string, unknown> = { ...values };
  for (const k of names) {
    const v = values[k];
    if (typeof v !== 'string' || !v) continue;
    opts[k] = `${OPEN}${isolated.length}${CLOSE}`;
    isolated.push(v);
  }
  const text = t(key, opts);
  if (isolated.length === 0) return text;
  const parts = text.split(SLOT);
  // split with a capture group: even indexes are text, odd ones the index of a name.
  return parts.map((part, i) =>
    i % 2 === 0 ? part ? <Fragment key={i}>{part}</Fragment> : null : <bdi key={i}>{isolated[Number(part)] ?? ''}</bdi>,
  );
}
