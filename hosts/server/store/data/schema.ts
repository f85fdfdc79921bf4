/**
 * The store's tables and their seed (no HTTP), registered by store/index.ts: categories, blocklets (one row per
 * blocklet: IBlocklet columns + `meta` of the current version, readme per language) and versions (IVersion), the
 * seeded catalog (seed.ts), and the migration that made the highest published version the current one.
 */
import type { Tx } from '../../db.ts';
import { SEED_BLOCKLETS, SEED_CATEGORIES } from './seed.ts';
import { higher, newestFirst } from './versions.ts';

export const storeTablesMigration = {
  id: '001-store-tables',
  up: `
    CREATE TABLE store_categories (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      locales JSONB NOT NULL,
      position INT NOT NULL DEFAULT 0,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE store_blocklets (
      did TEXT PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      title TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      category_id TEXT REFERENCES store_categories(id),
      owner_did TEXT NOT NULL,
      downloads BIGINT NOT NULL DEFAULT 0,
      is_official BOOLEAN NOT NULL DEFAULT false,
      is_free BOOLEAN NOT NULL DEFAULT true,
      current_version TEXT,
      latest_version TEXT,
      permission TEXT NOT NULL DEFAULT 'Public' CHECK (permission IN ('Public', 'Private')),
      status TEXT NOT NULL DEFAULT 'normal' CHECK (status IN ('normal', 'blocked')),
      block_reason TEXT,
      review_type TEXT NOT NULL DEFAULT 'EACH' CHECK (review_type IN ('FIRST', 'EACH')),
      source TEXT NOT NULL DEFAULT 'CLI',
      remark TEXT NOT NULL DEFAULT '',
      meta JSONB NOT NULL,
      readme JSONB NOT NULL DEFAULT '{}',
      last_published_at TIMESTAMPTZ,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX store_blocklets_category ON store_blocklets (category_id);
    CREATE INDEX store_blocklets_owner ON store_blocklets (owner_did);
    CREATE TABLE store_versions (
      id TEXT PRIMARY KEY,
      did TEXT NOT NULL REFERENCES store_blocklets(did),
      version TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('DRAFT', 'PENDING_REVIEW', 'IN_REVIEW', 'APPROVED', 'REJECTED', 'PUBLISHED', 'CANCELLED')),
      change_log TEXT NOT NULL DEFAULT '',
      note TEXT,
      meta JSONB NOT NULL,
      published_at TIMESTAMPTZ,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      UNIQUE (did, version)
    );`,
};

export const storeSeedMigration = {
  id: '002-seed',
  up: async (tx: Tx) => {
    const base = Date.UTC(2025, 9, 1);
    for (const [i, c] of SEED_CATEGORIES.entries()) {
      const at = new Date(base + i * 3_600_000).toISOString();
      await tx.query(
        'INSERT INTO store_categories (id, name, locales, position, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)',
        [c.id, c.en, { en: c.en, zh: c.zh, ...c.more }, i + 1, at],
      );
    }
    for (const b of SEED_BLOCKLETS) {
      const latest = b.versions[b.versions.length - 1]!;
      const meta = {
        did: b.did,
        name: b.name,
        title: b.title,
        description: b.description,
        version: latest.version,
        logo: `/store/api/blocklets/${b.did}/logo`,
        screenshots: [1, 2, 3].map((n) => `/store/api/blocklets/${b.did}/screenshots/${n}.svg`),
        videos: [],
        owner: { ...b.owner, avatar: `/.well-known/service/user/avatar/${b.owner.did}` },
        author: { name: b.owner.fullName },
        keywords: [b.category, ...b.name.split('-')],
        isOfficial: b.official,
        payment: { price: b.price ? [{ value: b.price, symbol: 'USD', address: b.owner.did }] : [], share: [] },
        dist: { size: 180_000 + ((b.downloads * 37) % 4_000_000) },
        requirements: { server: '>=1.16.0', os: '*', cpu: '*' },
        capabilities: {
          component: true,
          navigation: true,
          clusterMode: false,
          serverless: false,
          didSpace: 'optional',
        },
        homepage: `https://www.example.com/${b.name}`,
        documentation: `https://www.example.com/${b.name}/docs`,
        repository: { type: 'git', url: `https://github.com/example/${b.name}` },
        community: `https://community.example.com/c/${b.name}`,
        group: 'dapp',
        engine: { interpreter: 'node' },
      };
      await tx.query(
        `INSERT INTO store_blocklets (did, name, title, description, category_id, owner_did, downloads, is_official, is_free,
           current_version, latest_version, meta, readme, last_published_at, created_at, updated_at, remark)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13, $14, $13, '')`,
        [
          b.did,
          b.name,
          b.title,
          b.description,
          b.category,
          b.owner.did,
          b.downloads,
          b.official,
          b.price === 0,
          latest.version,
          meta,
          b.readme,
          latest.publishedAt,
          b.createdAt,
        ],
      );
      for (const v of b.versions) {
        await tx.query(
          `INSERT INTO store_versions (id, did, version, status, change_log, meta, published_at, created_at)
           VALUES ($1, $2, $3, 'PUBLISHED', $4, $5, $6, $6)`,
          [`${b.did}@${v.version}`, b.did, v.version, v.changeLog, { ...meta, version: v.version }, v.publishedAt],
        );
      }
    }
  },
};

/**
 * Before versions were semver, publishing could make a lower version current and left the row's meta (what the list
 * shows) at the old version. Current = the highest published version; the row's meta follows it.
 */
export const currentIsHighestMigration = {
  id: '003-current-is-highest',
  up: async (tx: Tx) => {
    const { rows } = await tx.query<{
      did: string;
      name: string;
      current_version: string | null;
      latest_version: string | null;
    }>('SELECT did, name, current_version, latest_version FROM store_blocklets');
    for (const b of rows) {
      const published = (
        await tx.query<{ version: string; meta: Record<string, unknown> }>(
          `SELECT version, meta FROM store_versions WHERE did = $1 AND status = 'PUBLISHED'`,
          [b.did],
        )
      ).rows;
      const top = newestFirst(published, (v) => v.version)[0];
      if (!top) continue;
      const all = (await tx.query<{ version: string }>('SELECT version FROM store_versions WHERE did = $1', [b.did]))
        .rows;
      const latest = all.reduce<string | null>((m, v) => higher(m, v.version), null);
      const title = typeof top.meta.title === 'string' && top.meta.title.trim() ? top.meta.title.trim() : b.name;
      await tx.query(
        'UPDATE store_blocklets SET current_version = $2, latest_version = $3, meta = $4, title = $5, description = $6 WHERE did = $1',
        [
          b.did,
          top.version,
          latest,
          { ...top.meta, version: top.version },
          title,
          typeof top.meta.description === 'string' ? top.meta.description : '',
        ],
      );
    }
  },
};
