/**
 * The store area (the Blocklet Store component, mounted at /store/api), wired: its tables and seed (data/), its
 * wallet-connect actions (domain/connect-actions.ts) and its router (routes/catalog-routes.ts, which mounts the
 * developer and console routes of routes/manage-routes.ts).
 */
import { registerMigrations } from '../db.ts';
import { currentIsHighestMigration, storeSeedMigration, storeTablesMigration } from './data/schema.ts';
import { accessTokensMigration } from './domain/access-tokens.ts';
import { registerStoreConnectActions } from './domain/connect-actions.ts';

export { createStoreRoutes } from './routes/catalog-routes.ts';

registerMigrations('store-manage', [accessTokensMigration]);
registerMigrations('store', [storeTablesMigration, storeSeedMigration, currentIsHighestMigration]);
registerStoreConnectActions();
