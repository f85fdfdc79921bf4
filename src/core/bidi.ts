/**
 * Bidirectional isolation of names inserted into translated strings (Unicode UAX #9, "isolates"). A name written in
 * a right-to-left script (or starting with one, or ending in neutral characters) would otherwise reorder the English or
 * Chinese text around it: "Quantity of שלום 2" could show as "Quantity of 2 שלום".
 *
 * - `isolate(name)` is for strings that must be plain text (aria-labels, toast texts, titles): the name between
 *   U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE, which screen readers and layout ignore otherwise.
 * - In rendered text use `tIsolated` (src/ui/bidi.tsx): the name inside a `<bdi>` element, textContent unchanged.
 */

/** U+2068 FIRST STRONG ISOLATE: starts an isolate whose direction is its first strong character's. */
export const FSI = '\u2068';
/** U+2069 POP DIRECTIONAL ISOLATE: ends it. */
export const PDI = '\u2069';

/** `name` isolated for plain text (FSI … PDI); empty and missing give ''. */
export function isolate(name: string | null | undefined): string {
  return name ? FSI + name + PDI : '';
}

/** Each named value of `values` isolated (the others as they are): `t(key, isolateValues({ name }, ['name']))`. */
export function isolateValues<V extends Record<string, unknown>>(values: V, names: ReadonlyArray<keyof V>): V {
  const out: Record<string, unknown> = { ...values };
  for (const k of names) {
    const v = values[k];
    if (typeof v === 'string') out[k as string] = isolate(v);
  }
  return out as V;
}

/** The text without isolate marks (what the user reads): for comparing and for tests. */
export function withoutIsolates(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, '');
}
