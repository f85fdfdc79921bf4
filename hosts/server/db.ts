import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';

/**
 * The sandbox's embedded database: PGlite (Postgres compiled to WASM), on disk by default so data
 * survives a restart, or in memory for tests (`SANDBOX_DB=memory`).
 *
 * Each area of the sandbox (payment, service, store) registers its own migrations with
 * `registerMigrations(area, [...sql])`. A migration runs once, in order, inside a transaction, and is
 * recorded in `_migrations`. Seeds are ordinary migrations, so a fresh database is always seeded and
 * an existing one is never seeded twice.
 */
export type Db = PGlite;
export type Tx = Transaction;
export type Queryable = Pick<PGlite, 'query' | 'exec'> | Transaction;

type Migration = { id: string; up: string | ((tx: Transaction) => Promise<void>) };
const registry = new Map<string, Migration[]>();

export function registerMigrations(area: string, migrations: Migration[]): void {
  registry.set(area, migrations);
}

/**
 * A fresh in-memory database starts from a copy of an empty, initialized one: PGlite's initdb costs several seconds
 * of CPU and every server test and e2e worker opens its own database, while loading a copy costs a fraction of that.
 * The copy (no table, no row: migrations and seeds still run on every database) is kept per PGlite version under
 * node_modules/.cache, and in memory for the process.
 */
let emptyDb: Promise<Blob> | undefined;

function emptyDataDir(): Promise<Blob> {
  emptyDb ??= (async () => {
    const name = '@electric-sql/pglite';
    const entry = createRequire(import.meta.url).resolve(name);
    const root = join(entry.slice(0, entry.lastIndexOf(`${sep}node_modules${sep}`)), 'node_modules');
    const { version } = JSON.parse(readFileSync(join(root, name, 'package.json'), 'utf8')) as { version: string };
    const file = join(root, '.cache', 'sandbox', `pglite-${version}-empty.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      const db = await PGlite.create();
      const dump = await db.dumpDataDir('none');
      await db.close();
      try {
        mkdirSync(dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, new Uint8Array(await dump.arrayBuffer()));
        renameSync(tmp, file);
      } catch {
        // A read-only tree: every process makes its own copy.
      }
      return dump;
    }
  })();
  return emptyDb;
}

/**
 * Opens the database at `location` ('memory' for a fresh in-memory one). An in-memory database starts from
 * `template` when given (a `dumpDataDir` of another sandbox database, e.g. one already migrated and seeded, which
 * the server tests of one run share: see tests/server/harness.ts), else from the empty one.
 */
export async function openDb(location: string, template?: Blob): Promise<Db> {
  let db: PGlite;
  if (location === 'memory' || location === ':memory:') {
    db = await PGlite.create({ loadDataDir: template ?? (await emptyDataDir()) });
  } else {
    mkdirSync(location, { recursive: true });
    db = await PGlite.create(location);
  }
  await db.exec(`CREATE TABLE IF NOT EXISTS _migrations (
    id TEXT PRIMARY KEY,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
  return db;
}

/** Runs every registered migration not yet applied; areas run in registration order. */
export async function migrate(db: Db): Promise<string[]> {
  const applied = new Set((await db.query<{ id: string }>('SELECT id FROM _migrations')).rows.map((r) => r.id));
  const ran: string[] = [];
  for (const [area, migrations] of registry) {
    for (const m of migrations) {
      const key = `${area}:${m.id}`;
      if (applied.has(key)) continue;
      await db.transaction(async (tx) => {
        if (typeof m.up === 'string') await tx.exec(m.up);
        else await m.up(tx);
        await tx.query('INSERT INTO _migrations (id) VALUES ($1)', [key]);
      });
      ran.push(key);
    }
  }
  return ran;
}
