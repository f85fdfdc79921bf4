/**
 * A blocklet's requirements and capabilities (meta.requirements / meta.capabilities) as a person reads them: pure
 * logic that turns `{server: '>=1.16.0', os: '*', cpu: ['x64', 'arm64']}` into labelled parts the detail screen
 * translates ("Blocklet Server: 1.16.0 or later", "Operating system: any"). Unknown keys and forms show as given.
 */

/** One condition of a version range, for the locale keys store.req.cond.* ({{v}} is the version). */
export type Condition = {
  op: 'any' | 'atLeast' | 'above' | 'atMost' | 'below' | 'compatible' | 'patches' | 'exactly' | 'raw';
  v: string;
};
export type RequirementLine = {
  /** A known name (store.req.name.*) or the key as given. */
  name: { key: string } | { text: string };
  /** Alternatives (`||`), each a list of conditions that all hold. Empty for a list value. */
  range: Condition[][];
  /** For os/cpu lists: the entries, known ones as locale keys (store.req.value.*). */
  list: Array<{ key: string } | { text: string }>;
};

const NAMES: Record<string, string> = {
  server: 'server',
  abtnode: 'server',
  os: 'os',
  cpu: 'cpu',
  node: 'node',
  nodejs: 'node',
  fuels: 'fuels',
};
const VALUES: Record<string, string> = {
  darwin: 'macos',
  linux: 'linux',
  win32: 'windows',
  windows: 'windows',
  x64: 'x64',
  arm64: 'arm64',
  arm: 'arm',
  ia32: 'x86',
};
const LIST_KEYS = new Set(['os', 'cpu']);

function condition(token: string): Condition {
  const t = token.trim();
  if (t === '' || t === '*' || t === 'x' || t === 'X' || t === 'latest') return { op: 'any', v: '' };
  const m = /^(>=|<=|>|<|=|\^|~)?\s*v?(\d+(?:\.[\dxX*]+){0,2}(?:-[0-9A-Za-z.-]+)?)$/.exec(t);
  if (!m) return { op: 'raw', v: t };
  const v = m[2]!;
  switch (m[1]) {
    case '>=':
      return { op: 'atLeast', v };
    case '>':
      return { op: 'above', v };
    case '<=':
      return { op: 'atMost', v };
    case '<':
      return { op: 'below', v };
    case '^':
      return { op: 'compatible', v };
    case '~':
      return { op: 'patches', v };
    default:
      return { op: 'exactly', v };
  }
}

/** A semver range (`>=1.16.0 <2`, `^1.2.0 || ^2.0.0`, `*`) as conditions. */
export function describeRange(range: string): Condition[][] {
  return range.split('||').map((alt) => {
    const parts = alt
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    const conds = parts.length ? parts.map(condition) : [condition('*')];
    return conds.some((c) => c.op === 'any') && conds.length > 1 ? conds.filter((c) => c.op !== 'any') : conds;
  });
}

export function requirementLines(requirements: unknown): RequirementLine[] {
  if (!requirements || typeof requirements !== 'object' || Array.isArray(requirements)) return [];
  const out: RequirementLine[] = [];
  for (const [key, value] of Object.entries(requirements as Record<string, unknown>)) {
    const known = NAMES[key];
    const name = known ? { key: known } : { text: key };
    const items = Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string')
      : typeof value === 'string'
        ? value.split(/[,|]/)
        : null;
    if (!items) continue;
    const trimmed = items.map((v) => v.trim()).filter(Boolean);
    if (known && LIST_KEYS.has(known)) {
      const any = trimmed.length === 0 || trimmed.some((v) => v === '*' || v === 'any');
      out.push({
        name,
        range: any ? [[{ op: 'any', v: '' }]] : [],
        list: any
          ? []
          : trimmed.map((v) => (VALUES[v.toLowerCase()] ? { key: VALUES[v.toLowerCase()]! } : { text: v })),
      });
    } else if (typeof value === 'string') {
      out.push({ name, range: describeRange(value), list: [] });
    } else {
      out.push({ name, range: [], list: trimmed.map((text) => ({ text })) });
    }
  }
  return out;
}

/** Capabilities that are on: known ones as locale keys (store.cap.*), `didSpace` with its level, others as given. */
export function capabilityLabels(
  capabilities: unknown,
): Array<{ key: string; params?: Record<string, string> } | { text: string }> {
  if (!capabilities || typeof capabilities !== 'object' || Array.isArray(capabilities)) return [];
  const out: Array<{ key: string; params?: Record<string, string> } | { text: string }> = [];
  for (const [k, v] of Object.entries(capabilities as Record<string, unknown>)) {
    if (k === 'didSpace') {
      if (v === 'required' || v === 'optional') out.push({ key: `didSpace.${v}` });
      continue;
    }
    if (v !== true) continue;
    out.push(
      ['component', 'navigation', 'clusterMode', 'serverless', 'resourceExportApi'].includes(k)
        ? { key: k }
        : { text: k },
    );
  }
  return out;
}
