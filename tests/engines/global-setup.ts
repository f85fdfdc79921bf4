/**
 * One sandbox server per engine (its own in-memory database and clock), on the built elements: the journeys of one
 * engine never meet the other's data. The servers run in this process; their origins and app keys go to the tests.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { createSandboxServer, type SandboxServer } from '../../hosts/server/app.ts';
import type { EngineName } from './browser.ts';

const ENGINES: EngineName[] = ['firefox', 'webkit'];

export default async function setup(project: TestProject) {
  if (!existsSync(new URL('../../dist/elements/host.js', import.meta.url))) {
    throw new Error('The journeys run on the built elements: npm run build first');
  }
  const servers: SandboxServer[] = [];
  const sandboxes = {} as Record<EngineName, { origin: string; appSk: string }>;
  // The first server migrates and seeds; the second starts from a dump of that database instead of migrating again.
  let dbTemplate: Blob | undefined;
  for (const engine of ENGINES) {
    const appSk = `0x${randomBytes(32).toString('hex')}`;
    const sandbox = await createSandboxServer({ db: 'memory', appSk, dbTemplate });
    dbTemplate ??= await sandbox.ctx.db.dumpDataDir('none');
    await new Promise<void>((resolve) => sandbox.server.listen(0, '127.0.0.1', resolve));
    servers.push(sandbox);
    const { port } = sandbox.server.address() as AddressInfo;
    sandboxes[engine] = { origin: `http://127.0.0.1:${port}`, appSk: sandbox.ctx.appKey.sk };
  }
  project.provide('sandboxes', sandboxes);
  return async () => {
    await Promise.all(servers.map((s) => s.close()));
  };
}
