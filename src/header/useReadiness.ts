import { useRef, useState } from 'react';

/** Readiness of the late controls: `report[key]()` (stable) once each has its final width; `all` when every one has. */
export function useReadiness(keys: string[]) {
  const [done, setDone] = useState<ReadonlySet<string>>(() => new Set());
  const report = useRef<Record<string, () => void>>({});
  for (const k of ['products', 'org', 'bell', 'apps', 'user']) {
    report.current[k] ??= () => setDone((d) => (d.has(k) ? d : new Set(d).add(k)));
  }
  return {
    all: keys.every((k) => done.has(k)),
    report: report.current as Record<'products' | 'org' | 'bell' | 'apps' | 'user', () => void>,
  };
}
