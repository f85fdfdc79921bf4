/**
 * Blocklet versions are semver (semver.org, the `semver` package): valid, ordered by precedence (9.9.315 > 7.90.0,
 * 1.0.0-beta < 1.0.0), and a new release must be higher than the version the store shows now.
 */
import semver from 'semver';
import { HttpError } from '../../platform.ts';

/** The version as semver, or null (a leading 'v' and build metadata are not accepted: the store shows it as is). */
export function validVersion(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return semver.valid(t) === t ? t : null;
}

/** Newest first, by semver precedence (versions that are not semver go last, in their order). */
export function newestFirst<T>(items: T[], version: (item: T) => string): T[] {
  return [...items].sort((a, b) => {
    const va = semver.valid(version(a));
    const vb = semver.valid(version(b));
    if (va && vb) return semver.rcompare(va, vb);
    return va ? -1 : vb ? 1 : 0;
  });
}

/** The higher of two versions (null ones ignored). */
export function higher(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a || !semver.valid(a)) return b ?? null;
  if (!b || !semver.valid(b)) return a;
  return semver.gt(b, a) ? b : a;
}

/** True when `v` is not above `limit` (both semver). */
export const atMost = (v: string, limit: string): boolean =>
  !!semver.valid(v) && !!semver.valid(limit) && semver.lte(v, limit);

/** 409 unless `version` is higher than the current version of the blocklet (a first release always passes). */
export function assertHigher(version: string, current: string | null, name: string): void {
  if (current && semver.valid(current) && !semver.gt(version, current)) {
    throw new HttpError(
      409,
      `Version ${version} is not higher than ${current}, the current version of ${name}: a new release needs a higher version (semver)`,
      'VERSION_NOT_HIGHER',
    );
  }
}
