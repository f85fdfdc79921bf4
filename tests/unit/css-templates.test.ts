/**
 * Every declaration in the elements' style templates ends with ";". goober's parser reads a declaration only up to
 * its ";": one without it, before a "}" or at the end of the template, is dropped without a word. That is how the
 * skeleton's shimmer and the spinner's turn shipped still (`@keyframes` of `0%{background-position:100% 0}…` came out
 * empty). A static scan of the sources: each css`…`, keyframes`…` and glob`…` template (also as x.css`…`), with its
 * interpolations read as a value inside a declaration and as nothing where they stand alone (a shared snippet such as
 * `${focusRing}`, itself checked where it is written).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return files(p);
    return /\.tsx?$/.test(f) ? [p] : [];
  });
}

/** The template's text: an interpolation inside a declaration (after a ":" in it) is a value, elsewhere nothing. */
function templateText(parts: string[]): string {
  let text = parts[0]!;
  for (const part of parts.slice(1)) {
    const open = text.slice(Math.max(text.lastIndexOf(';'), text.lastIndexOf('{'), text.lastIndexOf('}')) + 1);
    text += (open.includes(':') ? '0' : '') + part;
  }
  return text;
}

/** The declarations not ended by ";": the text before each "}" and before the end, when it is not empty. */
function unterminated(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const found: string[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === ';' || c === '{' || (c === '}' && text.slice(start, i).trim() === '')) start = i + 1;
    else if (c === '}' || i === text.length) {
      const rest = text.slice(start, i).trim();
      if (rest) found.push(rest);
      start = i + 1;
    }
  }
  return found;
}

/**
 * The template literal that starts at `at` (just after its backtick): its literal parts and the index after its
 * closing backtick. Interpolations are skipped with their strings and nested templates.
 */
function readTemplate(src: string, at: number): { parts: string[]; end: number } {
  const parts: string[] = [];
  let part = '';
  let i = at;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\') {
      part += src.slice(i, i + 2);
      i += 2;
    } else if (c === '`') {
      parts.push(part);
      return { parts, end: i + 1 };
    } else if (c === '$' && src[i + 1] === '{') {
      parts.push(part);
      part = '';
      i = skipExpression(src, i + 2);
    } else {
      part += c;
      i++;
    }
  }
  throw new Error(`unterminated template at ${at}`);
}

/** The index after the "}" that closes an interpolation starting at `at`. */
function skipExpression(src: string, at: number): number {
  let depth = 0;
  let i = at;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '`') i = readTemplate(src, i + 1).end;
    else if (c === "'" || c === '"') {
      i++;
      while (src[i] !== c) i += src[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '{') {
      depth++;
      i++;
    } else if (c === '}') {
      if (depth === 0) return i + 1;
      depth--;
      i++;
    } else i++;
  }
  throw new Error(`unterminated interpolation at ${at}`);
}

/** The css`…`, keyframes`…` and glob`…` templates of a source file (also as x.css`…`), with their lines. */
function templates(file: string): Array<{ line: number; text: string }> {
  const src = readFileSync(file, 'utf8');
  const out: Array<{ line: number; text: string }> = [];
  for (const m of src.matchAll(/(?<![\w$`])(?:css|keyframes|glob)`/g)) {
    // Not in a comment (they name the tags in backticks too).
    const line = src.slice(src.lastIndexOf('\n', m.index) + 1, m.index);
    if (/^\s*(\/\/|\/\*|\*)|\s\/\/\s/.test(line)) continue;
    const { parts } = readTemplate(src, m.index + m[0].length);
    out.push({ line: src.slice(0, m.index).split('\n').length, text: templateText(parts) });
  }
  return out;
}

describe('style templates', () => {
  it('reads what goober would drop', () => {
    expect(unterminated('0%{background-position:100% 0}100%{background-position:0 0}')).toEqual([
      'background-position:100% 0',
      'background-position:0 0',
    ]);
    expect(unterminated('display: flex; gap: 4px')).toEqual(['gap: 4px']);
    expect(unterminated('a: b; &:hover { c: d; } @media (x) { & { e: f; } }')).toEqual([]);
    expect(templateText(['width: ', 'px; ', ' &:hover { color: red; }'])).toBe('width: 0px;  &:hover { color: red; }');
  });

  it('every declaration of every template ends with ";"', () => {
    const found = files(join(root, 'src')).map((file) => ({ file, list: templates(file) }));
    // The scan reads the templates at all (some 670 today).
    expect(found.reduce((n, f) => n + f.list.length, 0)).toBeGreaterThan(500);
    const dropped = found.flatMap(({ file, list }) =>
      list.flatMap(({ line, text }) =>
        unterminated(text).map((d) => `${relative(root, file)}:${line}: ${d.replace(/\s+/g, ' ').slice(0, 80)}`),
      ),
    );
    expect(dropped).toEqual([]);
  });
});
