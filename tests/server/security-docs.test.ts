import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireMerchant } from '../../hosts/server/payment/routes/auth.ts';
import { startSandbox, type Sandbox } from './harness.ts';
import { routesOf } from './route-registry.ts';

/** docs/security.md lists every route of the payment API, and marks merchant only exactly the routes the code guards. */

let sb: Sandbox;
beforeAll(async () => void (sb = await startSandbox()));
afterAll(() => sb.close());

describe('docs/security.md matches the route registry', () => {
  it('one row per registered route, none stale; "merchant only" exactly where requireMerchant guards', () => {
    const doc = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');
    const rows = new Map<string, string>();
    for (const m of doc.matchAll(/^\| `(GET|PUT|POST|DELETE|PATCH) (\/\S*)` \|(.*)$/gm))
      rows.set(`${m[1]} ${m[2]}`, m[3]!);
    // DID Connect mounts its routes per action (/did/payment/token, /did/re-stake/token, …): one row per route shape.
    const seen = new Set<string>();
    const routes = routesOf(sb.app, '/payment/api')
      .map((r) => ({
        key: `${r.method} ${r.path.replace(/^\/payment\/api/, '').replace(/^\/did\/[a-z-]+\//, '/did/:action/')}`,
        merchant: r.guards.includes(requireMerchant),
      }))
      .filter((r) => !seen.has(r.key) && !!seen.add(r.key));
    expect([...rows.keys()].sort()).toEqual(routes.map((r) => r.key).sort());
    for (const r of routes) expect(rows.get(r.key)!.includes('403 (merchant only)'), r.key).toBe(r.merchant);
  });
});
