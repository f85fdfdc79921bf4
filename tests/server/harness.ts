import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createSandboxServer, type SandboxServer } from '../../hosts/server/app.ts';
import type { Clock } from '../../hosts/server/clock.ts';
import type { PlatformEvent } from '../../hosts/server/platform.ts';

/** The running sandbox a server test talks to (its URL, context and close()). */
export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/**
 * The migrated and seeded database every sandbox of this test run starts from (global-setup.ts gives the
 * directory). Migrating an empty database costs several seconds of CPU per sandbox; loading the dump, a fraction.
 * The first sandbox of the run (or of each worker, when they start together) migrates and leaves the dump.
 */
function templateFile(): string {
  const dir = inject('sandboxTemplateDir');
  if (!dir) throw new Error("this vitest config lacks globalSetup: ['tests/server/global-setup.ts']");
  return join(dir, 'migrated.tar');
}
let template: Blob | undefined;

function readTemplate(): Blob | undefined {
  try {
    template ??= new Blob([readFileSync(templateFile())]);
  } catch {
    // Not there yet: this sandbox migrates and writes it.
  }
  return template;
}

async function writeTemplate(sandbox: SandboxServer): Promise<void> {
  const dump = await sandbox.ctx.db.dumpDataDir('none');
  const tmp = `${templateFile()}.${process.pid}.tmp`;
  writeFileSync(tmp, new Uint8Array(await dump.arrayBuffer()));
  renameSync(tmp, templateFile());
  template = dump;
}

/**
 * A sandbox server on a fresh in-memory database (migrated and seeded) and a free port, for server tests; with its
 * own sandbox clock, or the one the test passes.
 */
export async function startSandbox(
  opts: { appSk?: string; clock?: Clock } = {},
): Promise<SandboxServer & { url: string }> {
  const dbTemplate = readTemplate();
  const sandbox = await createSandboxServer({ db: 'memory', dbTemplate, appSk: opts.appSk, clock: opts.clock });
  // Before the test touches it: the dump is of the database as migrations and seeds leave it.
  if (!dbTemplate) await writeTemplate(sandbox);
  sandbox.ctx.events.subscribe((e) => {
    for (const tap of taps) tap(e);
  });
  await new Promise<void>((resolve) => sandbox.server.listen(0, '127.0.0.1', resolve));
  const { port } = sandbox.server.address() as AddressInfo;
  return { ...sandbox, url: `http://127.0.0.1:${port}` };
}

const taps = new Set<(event: PlatformEvent) => void>();
/** Listens to the platform events of every sandbox this test file starts; returns the function that stops it. */
export function tapEvents(listener: (event: PlatformEvent) => void): () => void {
  taps.add(listener);
  return () => taps.delete(listener);
}
