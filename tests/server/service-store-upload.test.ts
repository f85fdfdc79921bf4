import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip } from '../e2e/store-zip.ts';
import { startSandbox } from './harness.ts';
import { asUser, roleSessions, type Reply, type Sandbox } from './payment-helpers.ts';

let sb: Sandbox;
let tokens: Record<string, string>;
beforeAll(async () => {
  sb = await startSandbox();
  tokens = await roleSessions(sb, ['customer', 'developer', 'admin']);
});
afterAll(() => sb.close());

type Who = 'guest' | 'customer' | 'developer' | 'admin';
const call = (who: Who, method: string, path: string, body?: unknown): Promise<Reply> =>
  asUser(sb, who === 'guest' ? null : tokens[who]!, method, `/store/api${path}`, body);
async function upload(
  who: Who,
  file: Uint8Array | null,
  field = 'blocklet-release',
): Promise<{ status: number; body: any }> {
  const fd = new FormData();
  if (file) fd.append(field, new Blob([new Uint8Array(file)], { type: 'application/zip' }), 'release.zip');
  const res = await fetch(`${sb.url}/store/api/blocklets/upload`, {
    method: 'POST',
    headers: who !== 'guest' ? { cookie: `login_token=${tokens[who]}` } : {},
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
  ).rows;

describe('store release upload', () => {
  it('a developer uploads a zip release of an own blocklet: a new draft version; bad input 4xx and nothing written', async () => {
    const created = await call('developer', 'POST', '/developer/blocklets', { name: 'upload-me' });
    expect(created.status).toBe(201);
    const did = created.body.did as string;
    const meta = (m: Record<string, unknown>) =>
      makeZip({ 'upload-me/blocklet.json': JSON.stringify(m), 'upload-me/README.md': '# hi' });

    expect((await upload('guest', meta({ did, version: '1.1.0' }))).status).toBe(401);
    expect((await upload('customer', meta({ did, version: '1.1.0' }))).status).toBe(403);
    const cases: Array<[Uint8Array | null, number, string, string?]> = [
      [null, 400, 'INVALID_UPLOAD'],
      [new TextEncoder().encode('not a zip at all'), 400, 'INVALID_ZIP'],
      [makeZip({ 'readme.md': 'x' }), 400, 'META_MISSING'],
      [makeZip({ 'blocklet.json': '{oops' }), 400, 'META_INVALID'],
      [meta({ did, version: 'one' }), 400, 'META_INVALID'],
      [meta({ did: 'z8someoneElse', version: '2.0.0' }), 404, 'BLOCKLET_NOT_FOUND'],
      [meta({ did, version: '1.0.0' }), 409, 'VERSION_EXISTS'],
    ];
    for (const [file, status, code] of cases) {
      const r = await upload('developer', file);
      expect(r.status, code).toBe(status);
      expect(r.body).toMatchObject({ error: expect.any(String), code });
    }
    // Someone else's blocklet (seeded, owned by another user) is refused for the developer too.
    const other = (await call('guest', 'GET', '/v2/blocklets.json?keyword=Tip%20Jar')).body.dataList[0];
    expect((await upload('developer', meta({ did: other.did, version: '9.9.9' }))).status).toBe(404);
    expect(await versions(did)).toEqual([{ version: '1.0.0', status: 'DRAFT' }]);

    const ok = await upload(
      'developer',
      makeZip({ 'blocklet.yml': `name: upload-me\nversion: 1.1.0\ntitle: "Upload Me"\n` }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.reviewVersion).toMatchObject({ version: '1.1.0', status: 'DRAFT' });
    expect(await versions(did)).toEqual([{ version: '1.1.0', status: 'DRAFT' }]);
    const row = (await call('developer', 'GET', '/developer/blocklets?keyword=upload-me')).body.dataList[0];
    expect(row.reviewVersion).toMatchObject({ version: '1.1.0', status: 'DRAFT' });
    // Under review, another upload waits.
    expect(
      (await call('developer', 'PUT', `/developer/blocklets/${did}/request-review`, { version: '1.1.0' })).status,
    ).toBe(200);
    const waiting = await upload('developer', meta({ did, version: '1.2.0' }));
    expect(waiting).toMatchObject({ status: 409, body: { code: 'REVIEW_OPEN' } });
  });

  it('a release over 5 MB is a 413 TOO_LARGE, whether the zip or the whole body is too big, and writes nothing', async () => {
    const created = await call('developer', 'POST', '/developer/blocklets', { name: 'too-big' });
    const did = created.body.did as string;
    // A zip just over the limit (its body still under the request limit), and one over the request limit as well.
    for (const extra of [16, 128 * 1024]) {
      const filler = new Uint8Array(5 * 1024 * 1024 + extra - 200);
      const file = makeZip({ 'blocklet.json': JSON.stringify({ did, version: '1.1.0' }), 'filler.bin': filler });
      expect(file.length).toBeGreaterThan(5 * 1024 * 1024);
      const r = await upload('developer', file);
      expect(r.status, String(extra)).toBe(413);
      expect(r.body).toMatchObject({ error: expect.stringContaining('at most'), code: 'TOO_LARGE' });
    }
    expect(await versions(did)).toEqual([{ version: '1.0.0', status: 'DRAFT' }]);
  });

  it('a body that says it is over the limit is refused before it is sent, and the connection closes', async () => {
    // 1 GB announced, 1 KB sent: the 413 must come without the server waiting for the rest.
    const reply = await new Promise<{ status: number; connection: string | undefined; body: string }>((done, fail) => {
      const req = httpRequest(
        `${sb.url}/store/api/blocklets/upload`,
        {
          method: 'POST',
          headers: {
            cookie: `login_token=${tokens.developer}`,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(1024 ** 3),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += String(c)));
          res.on('end', () => done({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
        },
      );
      req.on('error', fail);
      req.write(Buffer.alloc(1024));
    });
    expect(reply.status).toBe(413);
    expect(reply.connection).toBe('close');
    expect(JSON.parse(reply.body)).toEqual({ error: 'The release must be at most 5 MB', code: 'TOO_LARGE' });
  });

  it('edit remark and permission; admin sets the review type resending the category; console paging and keyword', async () => {
    const did = (await call('developer', 'POST', '/developer/blocklets', { name: 'zq-edit-me' })).body.did as string;
    const e = await call('developer', 'PUT', `/developer/blocklets/${did}`, {
      remark: 'internal',
      permission: 'Private',
    });
    expect(e.body).toMatchObject({ remark: 'internal', permission: 'Private' });
    expect((await call('developer', 'PUT', `/developer/blocklets/${did}`, { permission: 'Secret' })).status).toBe(400);
    expect((await call('customer', 'PUT', `/developer/blocklets/${did}`, { remark: 'x' })).status).toBe(403);

    const tip = (await call('guest', 'GET', '/v2/blocklets.json?keyword=Tip%20Jar')).body.dataList[0];
    const set = await call('admin', 'PUT', `/console/blocklets/${tip.did}/category`, {
      category: tip.category.id,
      reviewType: 'FIRST',
    });
    expect(set.body.reviewType).toBe('FIRST');
    expect(
      (
        await call('admin', 'PUT', `/console/blocklets/${tip.did}/category`, {
          category: tip.category.id,
          reviewType: 'SOME',
        })
      ).status,
    ).toBe(400);

    const p1 = (await call('admin', 'GET', '/console/blocklets?page=1&pageSize=20')).body;
    const p2 = (await call('admin', 'GET', '/console/blocklets?page=2&pageSize=20')).body;
    expect(p1.dataList).toHaveLength(20);
    expect(p1.total).toBeGreaterThan(20);
    expect(p2.dataList.map((b: { did: string }) => b.did)).not.toContain(p1.dataList[0].did);
    expect((await call('admin', 'GET', '/console/blocklets?keyword=zq-edit')).body.total).toBe(1);
  });
});
