import { resolve } from 'node:path';
import { createSandboxServer } from './app.ts';
import { PAYMENT_KIT_DID } from './context.ts';

// npm start: the reference host and the sandbox platform on one port.
// PORT (default 3000); SANDBOX_DB=memory for a fresh in-memory database, else a directory (default .data/pglite);
// SANDBOX_APP_SK to fix the app key (otherwise generated once and kept in .data/app-key).
const port = Number(process.env.PORT || 3000);
const dbLocation = process.env.SANDBOX_DB || resolve(import.meta.dirname, '../../.data/pglite');
const started = Date.now();
const sandbox = await createSandboxServer({ db: dbLocation, appSk: process.env.SANDBOX_APP_SK });
sandbox.server.listen(port, () => {
  const url = `http://localhost:${port}/`;
  const db = dbLocation === 'memory' ? 'in memory (fresh)' : dbLocation;
  console.log(`Sandbox platform ready in ${Date.now() - started} ms: ${url}`);
  console.log(`  database: ${db}`);
  console.log(`  sign in:  ${url}.well-known/service/login`);
  console.log('  @blocklet/payment-js environment:');
  console.log(`    BLOCKLET_APP_SK=${sandbox.ctx.appKey.sk}`);
  console.log(
    `    BLOCKLET_MOUNT_POINTS='[{"did":"${PAYMENT_KIT_DID}","port":${port},"status":6}]' BLOCKLET_MODE=test`,
  );
});
const shutdown = () => {
  sandbox.close().finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
