/**
 * Icon data from the icon service (spec §7, §8, §9), Iconify's API shape:
 *
 *   GET {host}/{prefix}.json?icons=a,b  →  {prefix, icons: {a: {body, width?, height?}}, width?, height?, not_found?}
 *
 * - Hosts are tried in order: a 404 stops (the icons do not exist anywhere); any other non-200, a network error or
 *   an unreadable body tries the next host. No hosts at all fails with code 424 ("no API").
 * - A request URL stays within 500 characters: the names of one prefix are split over several requests if needed.
 * - Results (found and not found) are cached for 168 hours in this loader (one per element instance) and, when
 *   given, in sessionStorage. Failures are not cached, so a later render tries again.
 * Framework-free; uses fetch, never a script tag and never a window global.
 */

export const ICON_URL_MAX = 500;
export const ICON_CACHE_MS = 168 * 60 * 60 * 1000;
export const ICON_NO_API = 424;
const STORAGE_PREFIX = 'site-header-icon:';

export type IconData = { body: string; width: number; height: number };
/** The service's answer for `{prefix}.json?icons=a,b` (an unknown prefix is a bare `404` body). Read defensively. */
export type IconSet = {
  prefix: string;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  width?: number;
  height?: number;
  not_found?: string[];
};
/** `null`: the service says the icon does not exist (cached); `undefined` in a result map: not loaded (failure). */
export type IconResult = IconData | null;

export class IconLoadError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'IconLoadError';
  }
}

export type IconLoaderOptions = {
  /** Icon service hosts, first choice first (absolute, or relative to `base`). */
  hosts: string[];
  base?: string;
  fetch?: typeof fetch;
  /** sessionStorage, or undefined for memory only. */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  now?: () => number;
  /** Called when a request for a chunk of names fails on every host (an IconLoadError 424 when there are no hosts). */
  onError?: (err: unknown) => void;
};

/** 'tabler:receipt' → ['tabler', 'receipt']; anything else (URLs, bad names) → undefined. */
export function splitIconName(name: string): [string, string] | undefined {
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)*):([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(name.trim());
  return m ? [m[1]!, m[2]!] : undefined;
}

export const iconUrl = (host: string, prefix: string, names: string[]): string =>
  `${host.replace(/\/+$/, '')}/${prefix}.json?icons=${names.join(',')}`;

/** Groups of names whose request URL stays within the limit on every host. One over-long name is left out. */
export function chunkIconNames(hosts: string[], prefix: string, names: string[], max = ICON_URL_MAX): string[][] {
  const longest = hosts.reduce((a, h) => (h.length > a.length ? h : a), '');
  const chunks: string[][] = [];
  let cur: string[] = [];
  for (const n of names) {
    if (iconUrl(longest, prefix, [n]).length > max) continue;
    if (cur.length && iconUrl(longest, prefix, [...cur, n]).length > max) {
      chunks.push(cur);
      cur = [];
    }
    cur.push(n);
  }
  if (cur.length) chunks.push(cur);
  return chunks;
}

type Stored = { at: number; icon: IconResult };

function resolveHost(host: string, base: string | undefined): string {
  try {
    return new URL(host, base || (typeof location !== 'undefined' ? location.href : undefined)).href.replace(
      /\/+$/,
      '',
    );
  } catch {
    return host;
  }
}

export function createIconLoader(opts: IconLoaderOptions) {
  const hosts = opts.hosts
    .filter((h) => typeof h === 'string' && h.trim())
    .map((h) => resolveHost(h.trim(), opts.base));
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const now = opts.now ?? Date.now;
  const memory = new Map<string, Stored>();
  const pending = new Map<string, Promise<void>>();

  const cached = (name: string): Stored | undefined => {
    const hit = memory.get(name);
    if (hit && now() - hit.at < ICON_CACHE_MS) return hit;
    try {
      const raw = opts.storage?.getItem(STORAGE_PREFIX + name);
      if (raw) {
        const s = JSON.parse(raw) as Stored;
        if (typeof s?.at === 'number' && now() - s.at < ICON_CACHE_MS && s.at <= now()) {
          memory.set(name, s);
          return s;
        }
      }
    } catch {
      /* unreadable entry: load again */
    }
    return undefined;
  };
  const remember = (name: string, icon: IconResult) => {
    const s = { at: now(), icon };
    memory.set(name, s);
    try {
      opts.storage?.setItem(STORAGE_PREFIX + name, JSON.stringify(s));
    } catch {
      /* storage full or blocked: memory only */
    }
  };

  async function fetchChunk(prefix: string, names: string[]): Promise<void> {
    if (!hosts.length) throw new IconLoadError('No icon service', ICON_NO_API);
    let last: unknown;
    for (const host of hosts) {
      let res: Response;
      try {
        res = await doFetch(iconUrl(host, prefix, names), { credentials: 'omit' });
      } catch (err) {
        last = err;
        continue;
      }
      if (res.status === 404) {
        for (const n of names) remember(`${prefix}:${n}`, null);
        return;
      }
      if (res.status !== 200) {
        last = new IconLoadError(`Icon service answered ${res.status}`, res.status);
        continue;
      }
      let data: unknown;
      try {
        data = await res.json();
      } catch (err) {
        last = err;
        continue;
      }
      // Iconify answers an unknown prefix with a bare 404 as the body.
      if (data === 404) {
        for (const n of names) remember(`${prefix}:${n}`, null);
        return;
      }
      if (!data || typeof data !== 'object' || typeof (data as { icons?: unknown }).icons !== 'object') {
        last = new IconLoadError('Unexpected icon data', 502);
        continue;
      }
      const d = data as {
        icons: Record<string, { body?: unknown; width?: unknown; height?: unknown }>;
        width?: unknown;
        height?: unknown;
      };
      const w = typeof d.width === 'number' ? d.width : 16;
      const h = typeof d.height === 'number' ? d.height : 16;
      for (const n of names) {
        const i = d.icons?.[n];
        if (i && typeof i.body === 'string') {
          remember(`${prefix}:${n}`, {
            body: i.body,
            width: typeof i.width === 'number' ? i.width : w,
            height: typeof i.height === 'number' ? i.height : h,
          });
        } else remember(`${prefix}:${n}`, null);
      }
      return;
    }
    throw last instanceof Error ? last : new IconLoadError('Icon service unavailable', 503);
  }

  return {
    hosts,
    /** The cached result for a name: data, null (does not exist) or undefined (not loaded). */
    peek(name: string): IconResult | undefined {
      return cached(name)?.icon;
    },
    /**
     * Loads the names (prefix:name) not cached yet; resolves to every name's result (undefined when its hosts failed).
     * Concurrent calls for the same names share requests.
     */
    async load(names: string[]): Promise<Map<string, IconResult | undefined>> {
      const wanted = [...new Set(names)].filter((n) => splitIconName(n));
      const byPrefix = new Map<string, string[]>();
      const waits: Promise<void>[] = [];
      for (const n of wanted) {
        if (cached(n)) continue;
        const p = pending.get(n);
        if (p) {
          waits.push(p);
          continue;
        }
        const [prefix, icon] = splitIconName(n)!;
        byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), icon]);
      }
      for (const [prefix, list] of byPrefix) {
        for (const chunk of chunkIconNames(hosts, prefix, list)) {
          const job = fetchChunk(prefix, chunk).catch((err: unknown) => void opts.onError?.(err));
          const done = job.finally(() => chunk.forEach((c) => pending.delete(`${prefix}:${c}`)));
          chunk.forEach((c) => pending.set(`${prefix}:${c}`, done));
          waits.push(done);
        }
      }
      await Promise.all(waits);
      return new Map(wanted.map((n) => [n, cached(n)?.icon]));
    },
  };
}

export type IconLoader = ReturnType<typeof createIconLoader>;

/** An SVG document for an icon (for an <img> or a CSS mask: never inserted as markup). */
export const iconSvg = (i: IconData): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${i.width} ${i.height}" width="${i.width}" height="${i.height}">${i.body}</svg>`;
