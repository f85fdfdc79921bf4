/**
 * A blocklet's release, uploaded from the web (no HTTP; ../routes/upload-routes.ts reads the request): a zip (stored or deflated
 * entries, at most 5 MB) carrying a `blocklet.json` or `blocklet.yml` (at its root or in one top folder) whose `did`
 * or `name` is a blocklet the caller owns, and a semver `version` the blocklet does not have yet, higher than its
 * current version (409 VERSION_NOT_HIGHER otherwise). The release becomes a new DRAFT version (the developer then
 * requests review) and replaces an unsubmitted DRAFT; REJECTED and CANCELLED versions are kept (history). No version
 * may be pending or in review meanwhile (409 REVIEW_OPEN). One transaction, so a refused release writes nothing.
 */
import { inflateRawSync } from 'node:zlib';
import type { Db } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import type { SandboxUser } from '../../service/data/users.ts';
import { assertHigher, higher, validVersion } from '../data/versions.ts';
import { categoriesById, metaOut, rowOut, type BlockletRow } from './blocklets.ts';

/** The largest release the store takes. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The files of a zip archive (stored or deflated entries), by name. Throws 400 when it is not a readable zip. */
function readZip(buf: Buffer): Map<string, Buffer> {
  const bad = (why: string) => new HttpError(400, `The release is not a valid zip file (${why})`, 'INVALID_ZIP');
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) throw bad('no zip signature');
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad('no end of central directory');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const files = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw bad('broken central directory');
    const method = buf.readUInt16LE(p + 10);
    const csize = buf.readUInt32LE(p + 20);
    const usize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    p += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith('/')) continue;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw bad('broken entry');
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataStart, dataStart + csize);
    if (raw.length !== csize) throw bad('truncated entry');
    if (usize > UPLOAD_MAX_BYTES * 4) throw bad('entry too large');
    let data: Buffer;
    if (method === 0) data = raw;
    else if (method === 8) {
      try {
        data = inflateRawSync(raw, { maxOutputLength: UPLOAD_MAX_BYTES * 4 });
      } catch {
        throw bad('unreadable entry');
      }
    } else throw bad(`compression method ${method}`);
    files.set(name, data);
  }
  return files;
}

/** blocklet.yml: the flat `key: value` lines the store needs (did, name, version, title, description). */
function parseYamlMeta(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^([A-Za-z][\w-]*):\s*(.*?)\s*$/.exec(line);
    if (!m || !m[2]) continue;
    out[m[1]!] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

/** The meta of the release: blocklet.json or blocklet.yml at the root or in one top folder. */
function releaseMeta(files: Map<string, Buffer>): Record<string, unknown> {
  const pick = (base: string) =>
    [...files.keys()].find((k) => k === base || new RegExp(`^[^/]+/${base.replace('.', '\\.')}$`).test(k));
  const json = pick('blocklet.json');
  const yml = pick('blocklet.yml') ?? pick('blocklet.yaml');
  if (!json && !yml) throw new HttpError(400, 'The release has no blocklet.yml or blocklet.json', 'META_MISSING');
  let meta: unknown;
  if (json) {
    try {
      meta = JSON.parse(files.get(json)!.toString('utf8'));
    } catch {
      throw new HttpError(400, 'blocklet.json is not valid JSON', 'META_INVALID');
    }
  } else meta = parseYamlMeta(files.get(yml!)!.toString('utf8'));
  if (!meta || typeof meta !== 'object' || Array.isArray(meta))
    throw new HttpError(400, 'The blocklet meta must be an object', 'META_INVALID');
  return meta as Record<string, unknown>;
}

/** A new DRAFT version of one of the user's blocklets from the release `zip`: the row, its meta and the draft. */
export async function addRelease(db: Db, u: SandboxUser, zip: Buffer) {
  if (zip.length > UPLOAD_MAX_BYTES)
    throw new HttpError(413, `The release must be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`, 'TOO_LARGE');
  const meta = releaseMeta(readZip(zip));
  const version = validVersion(meta.version);
  if (!version) throw new HttpError(400, 'The meta needs a semver version like 1.2.3', 'META_INVALID');
  const did = typeof meta.did === 'string' ? meta.did.replace(/^did:abt:/, '').trim() : '';
  const name = typeof meta.name === 'string' ? meta.name.trim() : '';
  if (!did && !name) throw new HttpError(400, 'The meta needs the did or name of the blocklet', 'META_INVALID');
  const changeLog = typeof meta.changeLog === 'string' ? meta.changeLog.slice(0, 2000) : '';

  const out = await db.transaction(async (tx) => {
    const { rows } = await tx.query<BlockletRow>(
      "SELECT * FROM store_blocklets WHERE did = $1 OR ($1 = '' AND lower(name) = lower($2)) FOR UPDATE",
      [did, name],
    );
    const b = rows[0];
    // Someone else's blocklet is "not found" for this developer, as on the store.
    if (!b || b.owner_did !== u.did)
      throw new HttpError(404, `You have no blocklet ${did || name}`, 'BLOCKLET_NOT_FOUND');
    const dup = await tx.query('SELECT 1 FROM store_versions WHERE did = $1 AND version = $2', [b.did, version]);
    if (dup.rows.length) throw new HttpError(409, `Version ${version} of ${b.name} exists`, 'VERSION_EXISTS');
    assertHigher(version, b.current_version, b.name);
    const open = await tx.query<{ version: string }>(
      `SELECT version FROM store_versions WHERE did = $1 AND status IN ('PENDING_REVIEW', 'IN_REVIEW')`,
      [b.did],
    );
    if (open.rows[0])
      throw new HttpError(409, `Version ${open.rows[0].version} is under review; cancel it first`, 'REVIEW_OPEN');
    const str = (k: string, max: number, dflt: unknown) =>
      typeof meta[k] === 'string' && (meta[k] as string).trim() ? (meta[k] as string).trim().slice(0, max) : dflt;
    const vmeta = {
      ...b.meta,
      title: str('title', 120, b.meta.title),
      description: str('description', 1000, b.meta.description),
      version,
    };
    // Only an unsubmitted draft gives way to the new release (one draft at a time); rejected and cancelled
    // versions stay as the blocklet's review history.
    await tx.query(`DELETE FROM store_versions WHERE did = $1 AND status = 'DRAFT'`, [b.did]);
    await tx.query(
      `INSERT INTO store_versions (id, did, version, status, change_log, meta, created_at) VALUES ($1, $2, $3, 'DRAFT', $4, $5, $6)`,
      [`${b.did}@${version}`, b.did, version, changeLog, vmeta, tx.clock.iso()],
    );
    const upd = await tx.query<BlockletRow>(
      `UPDATE store_blocklets SET latest_version = $2, source = 'WEB', updated_at = $3 WHERE did = $1 RETURNING *`,
      [b.did, higher(b.latest_version, version), tx.clock.iso()],
    );
    return upd.rows[0]!;
  });
  return {
    ...rowOut(out),
    meta: metaOut(out, await categoriesById(db)),
    reviewVersion: { id: `${out.did}@${version}`, version, status: 'DRAFT', changeLog },
  };
}
