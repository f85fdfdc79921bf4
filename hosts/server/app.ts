import { createServer as createHttpServer, type Server } from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import { migrate, openDb } from './db.ts';
import { createClock, type Clock } from './clock.ts';
import { createEventBus, createTopicHub, HttpError } from './platform.ts';
import type { SandboxContext } from './context.ts';
import { loadAppKey } from './app-key.ts';
import { createPaymentRoutes } from './payment/index.ts';
import { attachRealtime, createAnalyticsRoutes, createConnectRoutes, createServiceRoutes } from './service/index.ts';
import { createStoreRoutes } from './store/index.ts';
import { createPageRoutes } from './pages.ts';
import { cors } from './cors.ts';
import { bodyParserError, checkBody, formBody, jsonBody, refuseNulInUrl } from './input.ts';

export type SandboxServerOptions = {
  /** 'memory' for a fresh in-memory database, else a directory. */
  db: string;
  /**
   * For an in-memory database: a data directory dump (PGlite `dumpDataDir`) to start from instead of an empty
   * database. Migrations still run, so a template that lacks the latest ones is brought up to date.
   */
  dbTemplate?: Blob;
  /** 0x-prefixed 128-hex ed25519 secret key (seed || pk); generated and stored in the data dir if absent. */
  appSk?: string;
  /**
   * The server's sandbox clock (default: a new one at the real time). Every server has its own, so two sandboxes in
   * one process keep their own time; a test may pass one it controls.
   */
  clock?: Clock;
};

export type SandboxServer = { app: express.Express; server: Server; ctx: SandboxContext; close(): Promise<void> };

export async function createSandboxServer(opts: SandboxServerOptions): Promise<SandboxServer> {
  // The composition root: the clock, the database (which carries the clock) and the event bus are made here, one of
  // each per server, and passed to every area.
  const clock = opts.clock ?? createClock();
  const db = await openDb(opts.db, clock, opts.dbTemplate);
  await migrate(db);
  const listening: { server?: Server } = {};
  const ctx: SandboxContext = {
    db,
    clock,
    events: createEventBus(),
    relay: createTopicHub(),
    localOrigin() {
      const a = listening.server?.address();
      if (!a || typeof a !== 'object') return '';
      // Every interface: the IPv4 loopback; one address: that one (an IPv6 one in brackets).
      const host = a.address === '::' || a.address === '0.0.0.0' ? '127.0.0.1' : a.address;
      return `http://${host.includes(':') ? `[${host}]` : host}:${a.port}`;
    },
    appKey: loadAppKey(opts.db, opts.appSk),
    app: { did: 'zNKsandboxApp', pid: 'zNKsandboxApp', name: 'Sandbox Store' },
    mounts: { payment: '/payment/', store: '/store/' },
  };

  const app = express();
  app.disable('x-powered-by');
  // qs semantics, as the platform (and the signature check of @blocklet/payment-js) expects.
  app.set('query parser', 'extended');
  // Input limits before any route does any work (input.ts): NUL bytes in the URL, body size, then depth, NUL bytes
  // and broken text in the parsed body — before the payment API hashes a body to check its signature.
  app.use(refuseNulInUrl);
  // Other origins embedding the elements with base-url here (cors.ts; SANDBOX_CORS_ORIGINS).
  app.use(cors());
  app.use(jsonBody);
  app.use('/.well-known/service', formBody); // the sandbox's sign-in and wallet pages post forms
  app.use(checkBody);

  // DID Connect (service/routes/connect-routes.ts): every registered action under its component's prefix and the service's
  // `login`, before the component APIs themselves. The areas register their actions when they are loaded.
  const connect = createConnectRoutes(ctx);
  app.use(connect.router);
  const payment = createPaymentRoutes(ctx);
  app.use('/payment/api', payment);
  app.use('/api', payment);
  app.use('/store/api', createStoreRoutes(ctx));
  app.use('/.well-known/service', createServiceRoutes(ctx));
  app.use('/.well-known/analytics', createAnalyticsRoutes());
  app.use(createPageRoutes(ctx));

  app.use((req, res) => {
    res.status(404).json({ error: `Not found: ${req.method} ${req.path}` });
  });
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    const known = err instanceof HttpError ? err : bodyParserError(err);
    if (known) {
      res.status(known.status).json({ error: known.message, ...(known.code ? { code: known.code } : {}) });
      return;
    }
    // Other errors that carry a 4xx status (express's own, e.g. a path parameter that is not valid percent-encoding).
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) console.error('[sandbox] unexpected error', err);
    res.status(status).json({ error: status === 500 ? 'Internal error' : String(err.message || 'Bad request') });
  };
  app.use(onError);

  const http = createHttpServer(app);
  listening.server = http;
  attachRealtime(http, ctx);
  return {
    app,
    server: http,
    ctx,
    async close() {
      connect.storage.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await db.close();
    },
  };
}
