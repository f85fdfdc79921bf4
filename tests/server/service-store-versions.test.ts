/**
 * Publishing a new version (issue 14): versions are semver, a lower version than the current one is refused, the
 * list, explore and detail show the published version and title at once, and the versions list is in semver order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../e2e/store-zip.ts';
import { startSandbox } from './harness.ts';
import { asUser, roleSessions, type Reply, type Sandbox } from './payment-helpers.ts';

let sb: Sandbox;
let tokens: Record<string, string>;
beforeAll(async () => {
  sb = await startSandbox();
  tokens = await roleSessions(sb, ['developer', 'admin']);
}, 120_000);
afterAll(() => sb.close());

type Who = 'guest' | 'developer' | 'admin';
const call = (who: Who, method: string, path: string, body?: unknown): Promise<Reply> =>
  asUser(sb, who === 'guest' ? null : tokens[who]!, method, `/store/api${path}`, body);
async function upload(meta: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const fd = new FormData();
  fd.append(
    'blocklet-release',
    new Blob([new Uint8Array(makeZip({ 'blocklet.json': JSON.stringify(meta) }))], { type: 'application/zip' }),
    'release.zip',
  );
  const res = await fetch(`${sb.url}/store/api/blocklets/upload`, {
    method: 'POST',
    headers: { cookie: `login_token=${tokens.developer}` },
    body: fd,
  });
  return { status: res.status, body: await res.json() };
}
async function publish(did: string, meta: Record<string, unknown>): Promise<void> {
  const up = await upload({ did, ...meta });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  expect(
    (await call('developer', 'PUT', `/developer/blocklets/${did}/request-review`, { version: meta.version })).status,
  ).toBe(200);
  const ok = await call('admin', 'PUT', `/console/blocklets/${did}/review`, {
    version: meta.version,
    action: 'APPROVED',
    category: 'devtools',
  });
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
}
const listed = async (keyword: string) =>
  (await call('guest', 'GET', `/v2/blocklets.json?keyword=${encodeURIComponent(keyword)}`)).body.dataList as Array<
    Record<string, unknown>
  >;

describe('store versions', () => {
  let did = '';
  it('a published version shows at once in the list, explore and detail: version and title agree', async () => {
    const created = await call('developer', 'POST', '/developer/blocklets', { name: 'semver-probe' });
    expect(created.status).toBe(201);
    did = created.body.did;
    await publish(did, { version: '2.1.2', title: 'Semver Probe' });
    await publish(did, { version: '9.9.315', title: 'Semver Probe Nine', description: 'The ninth.' });

    const [row] = await listed('semver-probe');
    const detail = (await call('guest', 'GET', `/blocklets/${did}/blocklet.json`)).body;
    expect({ version: detail.version, title: detail.title }).toEqual({
      version: '9.9.315',
      title: 'Semver Probe Nine',
    });
    expect({ version: row?.version, title: row?.title, description: row?.description }).toEqual({
      version: '9.9.315',
      title: 'Semver Probe Nine',
      description: 'The ninth.',
    });
    // Search reads the new title too, and the most recently published row leads "recently updated".
    expect((await listed('Probe Nine')).map((b) => b.did)).toEqual([did]);
    const recent = (await call('guest', 'GET', '/blocklets/explore')).body.find(
      (s: { type: string }) => s.type === 'recentlyUpdated',
    );
    expect(recent.blocklets[0]).toMatchObject({ did, version: '9.9.315', title: 'Semver Probe Nine' });
  });

  it('a lower (or equal, or non-semver) version than the current one is refused with a clear 4xx and writes nothing', async () => {
    const low = await upload({ did, version: '7.90.0' });
    expect(low.status).toBe(409);
    expect(low.body).toEqual({
      error: expect.stringMatching(/7\.90\.0 is not higher than 9\.9\.315/),
      code: 'VERSION_NOT_HIGHER',
    });
    expect((await upload({ did, version: '9.9.315' })).body.code).toBe('VERSION_EXISTS');
    expect((await upload({ did, version: 'v9.10.0' })).body.code).toBe('META_INVALID');
    expect((await upload({ did, version: '9.10' })).body.code).toBe('META_INVALID');
    const { rows } = await sb.ctx.db.query<{ version: string }>('SELECT version FROM store_versions WHERE did = $1', [
      did,
    ]);
    expect(rows.map((r) => r.version)).not.toContain('7.90.0');
    expect((await listed('semver-probe'))[0]?.version).toBe('9.9.315');
  });

  it('approving a version below the current one (left over from before) is refused; the current stays', async () => {
    await sb.ctx.db.query(
      `INSERT INTO store_versions (id, did, version, status, change_log, meta) VALUES ($1, $2, '7.56.0', 'PENDING_REVIEW', '', '{"title":"Old"}')`,
      [`${did}@7.56.0`, did],
    );
    const r = await call('admin', 'PUT', `/console/blocklets/${did}/review`, {
      version: '7.56.0',
      action: 'APPROVED',
      category: 'devtools',
    });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('VERSION_NOT_HIGHER');
    const detail = (await call('guest', 'GET', `/blocklets/${did}/blocklet.json`)).body;
    expect(detail.version).toBe('9.9.315');
    await sb.ctx.db.query(`DELETE FROM store_versions WHERE id = $1`, [`${did}@7.56.0`]);
  });

  it('the versions list is in semver order, newest first (9.10.0 > 9.9.315 > 7.90.0), whatever the publish dates', async () => {
    await publish(did, { version: '9.10.0', title: 'Semver Probe Ten' });
    // A legacy row published after 9.9.315 (the sandbox used to accept it) must not sort above it.
    await sb.ctx.db.query(
      `INSERT INTO store_versions (id, did, version, status, change_log, meta, published_at) VALUES ($1, $2, '7.90.0', 'PUBLISHED', '', '{}', now() + interval '1 hour')`,
      [`${did}@7.90.0`, did],
    );
    const versions = (await call('guest', 'GET', `/blocklets/${did}/versions`)).body as Array<{ version: string }>;
    expect(versions.map((v) => v.version)).toEqual(['9.10.0', '9.9.315', '7.90.0', '2.1.2']);
    expect((await listed('semver-probe'))[0]).toMatchObject({ version: '9.10.0', title: 'Semver Probe Ten' });
  });

  it("the console's pending-review filter: blocklets whose newest version waits for review; a bad status is a 400", async () => {
    const created = await call('developer', 'POST', '/developer/blocklets', { name: 'pending-probe' });
    expect(
      (await call('developer', 'PUT', `/developer/blocklets/${created.body.did}/request-review`, { version: '1.0.0' }))
        .status,
    ).toBe(200);
    const q = 'filter[reviewStatus][]=PENDING_REVIEW&filter[reviewStatus][]=IN_REVIEW&pageSize=100';
    const pending = (await call('admin', 'GET', `/console/blocklets?${q}`)).body;
    const dids = pending.dataList.map((b: { did: string }) => b.did);
    expect(dids).toContain(created.body.did);
    expect(dids).not.toContain(did);
    expect(pending.total).toBe(dids.length);
    expect(
      pending.dataList.every((b: { reviewVersion: { status: string } | null }) =>
        ['PENDING_REVIEW', 'IN_REVIEW'].includes(b.reviewVersion?.status ?? ''),
      ),
    ).toBe(true);
    const bad = await call('admin', 'GET', '/console/blocklets?filter[reviewStatus][]=NOPE');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/filter\[reviewStatus\]/);
  });
});
