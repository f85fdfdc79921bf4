import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Clock } from './clock.ts';

/**
 * The sandbox's embedded database: PGlite (Postgres compiled to WASM), on disk by default so data
 * survives a restart, or in memory for tests (`SANDBOX_DB=memory`).
 *
 * Each area of the sandbox (payment, service, store) registers its own migrations with
 * `registerMigrations(area, [...sql])`. A migration runs once, in order, inside a transaction, and is
 * recorded in `_migrations`. Seeds are ordinary migrations, so a fresh database is always seeded and
 * an existing one is never seeded twice.
 */
/**
 * What reads and writes one sandbox's database: the database itself or one of its transactions. It carries the
 * clock of the server the database belongs to, so a row written through it is stamped in that server's sandbox time
 * (payment/data/repo.ts) and a rule run on it reads that server's "now": two sandboxes in one process never share one.
 */
export interface Queryable {
  query: PGlite['query'];
  exec: PGlite['exec'];
  /** The sandbox clock of the server this database belongs to. */
  readonly clock: Clock;
}
/** One transaction of a sandbox's database (`Db.transaction`). */
export type Tx = Queryable;
/** A sandbox's database, with its server's clock. */
export interface Db extends Queryable {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** The data directory as a tarball (PGlite `dumpDataDir`): the template of other in-memory databases. */
  dumpDataDir: PGlite['dumpDataDir'];
  close(): Promise<void>;
}

function handle(on: PGlite | Transaction, clock: Clock): Queryable {
  return { query: on.query.bind(on) as PGlite['query'], exec: on.exec.bind(on) as PGlite['exec'], clock };
}

type Migration = { id: string; up: string | ((tx: Tx) => Promise<void>) };
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
 * Opens the database at `location` ('memory' for a fresh in-memory one) for a server whose sandbox clock is `clock`.
 * An in-memory database starts from `template` when given (a `dumpDataDir` of another sandbox database, e.g. one
 * already migrated and seeded, which the server tests of one run share: see tests/server/harness.ts), else from the
 * empty one.
 */
export async function openDb(location: string, clock: Clock, template?: Blob): Promise<Db> {
  let pg: PGlite;
  if (location === 'memory' || location === ':memory:') {
    pg = await PGlite.create({ loadDataDir: template ?? (await emptyDataDir()) });
  } else {
    mkdirSync(location, { recursive: true });
    pg = await PGlite.create(location);
  }
  await pg.exec(`CREATE TABLE IF NOT EXISTS _migrations (
    id TEXT PRIMARY KEY,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
  )`);
  return {
    ...handle(pg, clock),
    transaction: (fn) => pg.transaction((tx) => fn(handle(tx, clock))),
    dumpDataDir: pg.dumpDataDir.bind(pg) as PGlite['dumpDataDir'],
    close: () => pg.close(),
  };
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
