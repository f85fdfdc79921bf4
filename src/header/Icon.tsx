/**
 * Product and app icons for the header's lazy panels (products menu, apps grid, burger products): iconify names
 * ('tabler:receipt') loaded from the icon service (src/api/resources/icons.ts), or image URLs. One loader per
 * element instance (keyed by its api), cached 168 h in sessionStorage. While loading, and when every icon host
 * fails, the letter tile shows. The icon's SVG is shown as a CSS mask in the text colour: never inserted as markup.
 */
import { useEffect, useState } from 'react';
import { createIconLoader, iconSvg, splitIconName, type IconLoader, type IconResult } from '../api/resources/icons.ts';
import { readStorage, writeStorage } from '../core/storage.ts';
import { useApi, type Api } from '../ui/api.tsx';
import { useCss } from '../ui/styles.tsx';
import { checkHref } from '../ui/url.ts';

const loaders = new WeakMap<Api, Map<string, IconLoader>>();

/** The icon cache's storage: the tab's sessionStorage, through the calls that never throw. */
const sessionCache = {
  getItem: (key: string) => readStorage(key, 'session'),
  setItem: (key: string, value: string) => writeStorage(key, value, 'session'),
};

function loaderFor(api: Api, hosts: string[]): IconLoader {
  let byHosts = loaders.get(api);
  if (!byHosts) loaders.set(api, (byHosts = new Map()));
  const key = hosts.join(' ');
  let l = byHosts.get(key);
  if (!l) {
    l = createIconLoader({ hosts, base: api.origin ? `${api.origin}/` : undefined, storage: sessionCache });
    byHosts.set(key, l);
  }
  return l;
}

/** The loaded icon data by name (undefined: loading, failed, or not an iconify name). */
export function useIcons(names: Array<string | undefined>, hosts: string[]): Map<string, IconResult | undefined> {
  const api = useApi();
  const loader = loaderFor(api, hosts);
  const wanted = [...new Set(names.filter((n): n is string => !!n && !!splitIconName(n)))];
  const key = wanted.join(',');
  const [state, setState] = useState(() => new Map(wanted.map((n) => [n, loader.peek(n)])));
  useEffect(() => {
    let live = true;
    if (!wanted.length) return;
    void loader.load(wanted).then((m) => {
      if (live) setState(m);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the `wanted` array
  }, [loader, key]);
  return new Map(wanted.map((n) => [n, state.get(n) ?? loader.peek(n)]));
}

/** A square tile: the icon (iconify data or an image URL) or, without one, the first letter of `label`. */
export function IconTile({
  name,
  data,
  label,
  size,
  className,
  part,
}: {
  part?: string;
  name: string | undefined;
  data: IconResult | undefined;
  label: string;
  size: number;
  className: string;
}) {
  const { css } = useCss();
  const [broken, setBroken] = useState(false);
  const url = name && !splitIconName(name) ? checkHref(name) : undefined;
  if (url && !broken) {
    return (
      <span aria-hidden="true" part={part} className={className} data-icon={name}>
        <img
          src={url}
          alt=""
          width={size}
          height={size}
          onError={() => setBroken(true)}
          className={css`width: 100%; height: 100%; object-fit: contain;`}
        />
      </span>
    );
  }
  if (data) {
    const mask = `url("data:image/svg+xml,${encodeURIComponent(iconSvg(data))}") center / contain no-repeat`;
    const inner = Math.round(size * 0.62);
    return (
      <span aria-hidden="true" part={part} className={className} data-icon={name}>
        <span
          style={{
            display: 'block',
            width: inner,
            height: inner,
            backgroundColor: 'currentColor',
            mask,
            WebkitMask: mask,
          }}
        />
      </span>
    );
  }
  return (
    <span aria-hidden="true" part={part} className={className} data-icon-fallback={name ?? ''}>
      {[...label][0] ?? ''}
    </span>
  );
}
