/**
 * Upload keeps the review history: a new upload replaces only an unsubmitted DRAFT; REJECTED and CANCELLED versions stay
 * listed with their status, only the newest version can go (back) to review, and the public views show published
 * versions only.
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
});
afterAll(() => sb.close());

type Who = 'guest' | 'developer' | 'admin';
const call = (who: Who, method: string, path: string, body?: unknown): Promise<Reply> =>
  asUser(sb, who === 'guest' ? null : tokens[who]!, method, `/store/api${path}`, body);
async function upload(did: string, version: string): Promise<{ status: number; body: any }> {
  const fd = new FormData();
  const zip = makeZip({ 'hist/blocklet.json': JSON.stringify({ did, version, title: 'History Keeper' }) });
  fd.append('blocklet-release', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'release.zip');
  const res = await fetch(`${sb.url}/store/api/blocklets/upload`, {
    method: 'POST',
    headers: { cookie: `login_token=${tokens.developer}` },
    body: fd,
  });
  return { status: res.status, body: await res.json() };
}
const versions = async (did: string) =>
  (
    await sb.ctx.db.query<{ version: string; status: string }>(
      'SELECT version, status FROM store_versions WHERE did = $1 ORDER BY created_at',
      [did],
    )
  ).rows.map((v) => `${v.version} ${v.status}`);
const devRow = async (): Promise<any> =>
  (await call('developer', 'GET', '/developer/blocklets?keyword=hist-keeper')).body.dataList[0];

describe('store upload keeps the review history', () => {
  it('replaces only an unsubmitted draft; rejected and cancelled versions stay listed; only the newest goes to review', async () => {
    const created = await call('developer', 'POST', '/developer/blocklets', { name: 'hist-keeper' });
    expect(created.status).toBe(201);
    const did = created.body.did as string;
    expect(await versions(did)).toEqual(['1.0.0 DRAFT']);

    // An unsubmitted draft is replaced.
    expect((await upload(did, '1.1.0')).status).toBe(201);
    expect(await versions(did)).toEqual(['1.1.0 DRAFT']);

    // Rejected: kept when the next release comes.
    expect(
      (await call('developer', 'PUT', `/developer/blocklets/${did}/request-review`, { version: '1.1.0' })).status,
    ).toBe(200);
    expect(
      (await call('admin', 'PUT', `/console/blocklets/${did}/review`, { version: '1.1.0', action: 'REJECTED' })).body
        .status,
    ).toBe('REJECTED');
    expect((await upload(did, '1.2.0')).status).toBe(201);
    expect(await versions(did)).toEqual(['1.1.0 REJECTED', '1.2.0 DRAFT']);
    let row = await devRow();
    expect(row.reviewVersion).toMatchObject({ version: '1.2.0', status: 'DRAFT' });
    expect(row.versions.map((v: { version: string; status: string }) => `${v.version} ${v.status}`)).toEqual([
      '1.2.0 DRAFT',
      '1.1.0 REJECTED',
    ]);
    // The older rejected version is history: it cannot go back to review past the newer one.
    const old = await call('developer', 'PUT', `/developer/blocklets/${did}/request-review`, { version: '1.1.0' });
    expect(old).toMatchObject({ status: 409, body: { code: 'VERSION_SUPERSEDED', error: expect.any(String) } });
    expect(await versions(did)).toEqual(['1.1.0 REJECTED', '1.2.0 DRAFT']);

    // Cancelled: kept too.
    expect(
      (await call('developer', 'PUT', `/developer/blocklets/${did}/request-review`, { version: '1.2.0' })).status,
    ).toBe(200);
    expect(
      (await call('developer', 'PUT', `/developer/blocklets/${did}/cancel-review`, { version: '1.2.0' })).body.status,
    ).toBe('CANCELLED');
    // The newest cancelled version itself can go back to review (and is cancelled again here).
    row = await devRow();
    expect(row.reviewVersion).toMatchObject({ version: '1.2.0', status: 'CANCELLED' });
    expect((await upload(did, '1.3.0')).status).toBe(201);
    expect((await upload(did, '1.4.0')).status).toBe(201);
    expect(await versions(did)).toEqual(['1.1.0 REJECTED', '1.2.0 CANCELLED', '1.4.0 DRAFT']);

    // Approved: the published version is current; the history stays for the developer and the console, the public
    // versions list shows published versions only.
    expect(
      (await call('developer', 'PUT', `/developer/blocklets/${did}/request-review`, { version: '1.4.0' })).status,
    ).toBe(200);
    const ok = await call('admin', 'PUT', `/console/blocklets/${did}/review`, {
      version: '1.4.0',
      action: 'APPROVED',
      category: 'devtools',
    });
    expect(ok).toMatchObject({ status: 200, body: { status: 'PUBLISHED' } });
    row = await devRow();
    expect(row.reviewVersion).toBeNull();
    expect(row.currentVersion).toMatchObject({ version: '1.4.0' });
    expect(row.versions.map((v: { status: string }) => v.status)).toEqual(['PUBLISHED', 'CANCELLED', 'REJECTED']);
    const consoleRow = (await call('admin', 'GET', '/console/blocklets?keyword=hist-keeper')).body.dataList[0];
    expect(consoleRow.versions.map((v: { version: string }) => v.version)).toEqual(['1.4.0', '1.2.0', '1.1.0']);
    const pub = await call('guest', 'GET', `/blocklets/${did}/versions`);
    expect(pub.body.map((v: { version: string; status: string }) => `${v.version} ${v.status}`)).toEqual([
      '1.4.0 PUBLISHED',
    ]);
    expect((await call('guest', 'GET', `/blocklets/${did}/blocklet.json`)).body.version).toBe('1.4.0');
  });
});
