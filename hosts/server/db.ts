import { mkdirSync } from 'node:fs';
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

export async function openDb(location: string): Promise<Db> {
  let db: PGlite;
  if (location === 'memory' || location === ':memory:') {
    db = await PGlite.create();
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
