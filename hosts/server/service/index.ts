/**
 * The service area (the blocklet service under `/.well-known/service`), wired: its own routes and pages
 * (routes/service-routes.ts mounts the others of routes/) and the realtime relay (routes/realtime.ts) the
 * composition root attaches to the HTTP server. Its tables register where they are declared (data/users.ts,
 * domain/*.ts); the analytics and DID Connect routers are mounted by app.ts at their own paths.
 */
export { createServiceRoutes } from './routes/service-routes.ts';
export { attachRealtime } from './routes/realtime.ts';
export { createAnalyticsRoutes } from './routes/analytics-routes.ts';
export { createConnectRoutes } from './routes/connect-routes.ts';
