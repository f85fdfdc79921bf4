import type { AddressInfo } from 'node:net';
import { createSandboxServer, type SandboxServer } from '../../hosts/server/app.ts';
import type { PlatformEvent } from '../../hosts/server/platform.ts';

/** A sandbox server on a fresh in-memory database and a free port, for server tests. */
/** The running sandbox a server test talks to (its URL, context and close()). */
export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export async function startSandbox(opts: { appSk?: string } = {}): Promise<SandboxServer & { url: string }> {
  const sandbox = await createSandboxServer({ db: 'memory', appSk: opts.appSk });
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
