/**
 * POST /blocklets/upload: a developer uploads a release from the web (platform-header-store.md B.2), multipart field
 * `blocklet-release` holding a zip. This router reads the request (the body, its multipart parts) and checks the
 * role; what a release must be and what it does is the domain's (domain/releases.ts). Bad input → 400 (413 over the
 * size limit, 409 for a version that exists), with `{error, code}`.
 */
import type { Request, Response, Router } from 'express';
import type { SandboxContext } from '../../context.ts';
import { HttpError } from '../../platform.ts';
import { storeUser } from './auth.ts';
import { addRelease, UPLOAD_MAX_BYTES } from '../domain/releases.ts';

export const UPLOAD_FIELD = 'blocklet-release';

/** How much of a body over the limit (sent without its length) is read and dropped before the request is cut off. */
const DRAIN_MAX_BYTES = 4 * UPLOAD_MAX_BYTES;

/**
 * Reads the raw request body up to `max` bytes (413 beyond). A body that says it is over the limit (Content-Length)
 * is refused before it is read, on a connection that then closes. One that turns out over the limit is read on and
 * dropped, up to DRAIN_MAX_BYTES, before the 413 goes out: leaving the loop destroys the request and its socket, and
 * a client that reuses the connection (keep-alive) would see its next request reset; past that the request is cut
 * off. (A body a parser already read yields nothing.)
 */
async function readBody(req: Request, res: Response, max: number): Promise<Buffer> {
  const tooLarge = () => {
    res.set('Connection', 'close');
    return new HttpError(413, `The release must be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`, 'TOO_LARGE');
  };
  if (Number(req.headers['content-length']) > max) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size <= max) chunks.push(c);
    else if (size > DRAIN_MAX_BYTES) throw tooLarge();
  }
  if (size > max) throw tooLarge();
  return Buffer.concat(chunks);
}

/** The parts of a multipart/form-data body: name, filename, content. */
export function parseMultipart(
  body: Buffer,
  contentType: string,
): Array<{ name: string; filename?: string; data: Buffer }> {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!/^multipart\/form-data/i.test(contentType) || !m)
    throw new HttpError(
      400,
      `Send the release as multipart/form-data in the field '${UPLOAD_FIELD}'`,
      'INVALID_UPLOAD',
    );
  const delim = Buffer.from(`--${m[1] ?? m[2]}`);
  const parts: Array<{ name: string; filename?: string; data: Buffer }> = [];
  let pos = body.indexOf(delim);
  while (pos >= 0) {
    const start = pos + delim.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const headEnd = body.indexOf('\r\n\r\n', start);
    const next = body.indexOf(delim, start);
    if (headEnd < 0 || next < 0) break;
    const head = body.subarray(start + 2, headEnd).toString('utf8');
    const disp = /content-disposition:[^\r\n]*?name="([^"]*)"(?:[^\r\n]*?filename="([^"]*)")?/i.exec(head);
    if (disp)
      parts.push({
        name: disp[1]!,
        ...(disp[2] !== undefined ? { filename: disp[2] } : {}),
        data: body.subarray(headEnd + 4, next - 2),
      });
    pos = next;
  }
  return parts;
}

export function createUploadRoute(ctx: SandboxContext, r: Router): void {
  const { db } = ctx;
  r.post('/blocklets/upload', async (req, res) => {
    const u = await storeUser(db, req, 'developer');
    const body = await readBody(req, res, UPLOAD_MAX_BYTES + 64 * 1024);
    const part = parseMultipart(body, String(req.headers['content-type'] ?? '')).find((p) => p.name === UPLOAD_FIELD);
    if (!part || !part.data.length)
      throw new HttpError(400, `The field '${UPLOAD_FIELD}' with a zip file is required`, 'INVALID_UPLOAD');
    res.status(201).json(await addRelease(db, u, part.data));
  });
}
