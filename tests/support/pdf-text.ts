/**
 * The text of a PDF made by Chromium (`page.pdf()`, Skia's PDF writer), for tests to assert on what was printed:
 * each page's content streams (Flate) are read in order, every shown string is mapped through its font's ToUnicode
 * CMap. Enough for Skia's output (plain objects, no object streams, Type0 and simple fonts); not a general reader.
 */
import { inflateSync } from 'node:zlib';

type Obj = { dict: string; stream: Buffer | null };

function objects(pdf: Buffer): Map<number, Obj> {
  const text = pdf.toString('latin1');
  const out = new Map<number, Obj>();
  const re = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const body = m[2]!;
    const s = body.indexOf('stream');
    if (s < 0) {
      out.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, s);
    let start = m.index + m[0].indexOf(body) + s + 'stream'.length;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
    const raw = pdf.subarray(start, start + length);
    out.set(Number(m[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw });
  }
  return out;
}

const hex = (h: string): number[] => {
  const bytes: number[] = [];
  for (let i = 0; i < h.length; i += 2) bytes.push(parseInt(h.slice(i, i + 2).padEnd(2, '0'), 16));
  return bytes;
};
const utf16 = (h: string): string => {
  const b = hex(h);
  const units: number[] = [];
  for (let i = 0; i + 1 < b.length; i += 2) units.push((b[i]! << 8) | b[i + 1]!);
  return String.fromCharCode(...units);
};

/** A font's code → text, and how many bytes a code takes (2 for Type0 fonts, else 1). */
type Font = { map: Map<number, string>; width: number };

function cmap(src: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of src.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, uni] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(code!, 16), utf16(uni!));
  }
  for (const block of src.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, dst] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const base = utf16(dst!);
      const first = base.charCodeAt(base.length - 1);
      for (let c = parseInt(lo!, 16), i = 0; c <= parseInt(hi!, 16); c++, i++)
        map.set(c, base.slice(0, -1) + String.fromCharCode(first + i));
    }
  }
  return map;
}

function stringBytes(s: string): number[] {
  if (s.startsWith('<')) return hex(s.slice(1, -1).replace(/\s+/g, ''));
  // A literal string: (…) with backslash escapes.
  const body = s.slice(1, -1);
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      out.push(c.charCodeAt(0));
      continue;
    }
    const n = body[++i]!;
    const oct = /^[0-7]{1,3}/.exec(body.slice(i))?.[0];
    if (oct) {
      out.push(parseInt(oct, 8));
      i += oct.length - 1;
    } else out.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[n] ?? n.charCodeAt(0));
  }
  return out;
}

/** The text of each page, in order: a line break where the text moves to a new line. */
export function pdfPages(pdf: Buffer): string[] {
  const objs = objects(pdf);
  const ref = (dict: string, key: string): number | null => {
    const m = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
    return m ? Number(m[1]) : null;
  };
  const fontOf = (id: number): Font => {
    const dict = objs.get(id)?.dict ?? '';
    const tu = ref(dict, 'ToUnicode');
    const map = tu !== null ? cmap(objs.get(tu)?.stream?.toString('latin1') ?? '') : new Map<number, string>();
    return { map, width: /\/Subtype \/Type0/.test(dict) ? 2 : 1 };
  };
  // Pages in document order: the page tree's Kids.
  const pages: number[] = [];
  const walk = (id: number) => {
    const dict = objs.get(id)?.dict ?? '';
    if (/\/Type \/Pages/.test(dict)) {
      const kids = /\/Kids \[([^\]]*)\]/.exec(dict)?.[1] ?? '';
      for (const k of kids.matchAll(/(\d+) 0 R/g)) walk(Number(k[1]));
    } else if (/\/Type \/Page\b/.test(dict)) pages.push(id);
  };
  const root = [...objs.entries()].find(([, o]) => /\/Type \/Catalog/.test(o.dict));
  const top = root ? ref(root[1].dict, 'Pages') : null;
  if (top !== null) walk(top);

  return pages.map((id) => {
    const dict = objs.get(id)!.dict;
    const fontsDict = /\/Font <<([\s\S]*?)>>/.exec(dict)?.[1] ?? '';
    const fonts = new Map<string, Font>();
    for (const [, name, oid] of fontsDict.matchAll(/\/(\S+?) (\d+) 0 R/g)) fonts.set(name!, fontOf(Number(oid)));
    const contents = /\/Contents \[([^\]]*)\]/.exec(dict)?.[1] ?? String(ref(dict, 'Contents') ?? '');
    const streams = [...contents.matchAll(/(\d+)(?: 0 R)?/g)].map(
      (m) => objs.get(Number(m[1]))?.stream?.toString('latin1') ?? '',
    );
    let font: Font = { map: new Map(), width: 1 };
    let text = '';
    let y: number | null = null;
    const show = (s: string) => {
      const bytes = stringBytes(s);
      for (let i = 0; i + font.width - 1 < bytes.length; i += font.width) {
        const code = font.width === 2 ? (bytes[i]! << 8) | bytes[i + 1]! : bytes[i]!;
        text += font.map.get(code) ?? '';
      }
    };
    const tokens =
      /\/([^\s/[\]()<>]+)\s+[-\d.]+\s+Tf|(-?[\d.]+)\s+(-?[\d.]+)\s+Td|(?:-?[\d.]+\s+){5}(-?[\d.]+)\s+Tm|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj|\[((?:\s*(?:<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)|-?[\d.]+))*)\s*\]\s*TJ|\bT\*|\bET\b/g;
    for (const src of streams) {
      for (const m of src.matchAll(tokens)) {
        if (m[1]) font = fonts.get(m[1]) ?? font;
        else if (m[2] !== undefined) {
          if (Number(m[3]) !== 0) text += '\n';
        } else if (m[4] !== undefined) {
          const ny = Number(m[4]);
          if (y !== null && Math.abs(ny - y) > 0.5) text += '\n';
          else if (y !== null) text += ' ';
          y = ny;
        } else if (m[5]) show(m[5]);
        else if (m[6] !== undefined)
          for (const part of m[6].matchAll(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g)) show(part[0]);
        else if (m[0] === 'T*') text += '\n';
      }
    }
    return text;
  });
}

/** The page size of each page, in points (A4 595.9 × 842.9, Letter 612 × 792). */
export function pdfPageSizes(pdf: Buffer): Array<[number, number]> {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
}
