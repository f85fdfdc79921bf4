import type { Server } from 'node:http';
import { Router } from 'express';
import type { SandboxContext } from '../context.ts';
import './users.ts';

// Placeholder: the service area replaces this with the blocklet service and the realtime relay.
export function createServiceRoutes(_ctx: SandboxContext): Router {
  return Router();
}
export function attachRealtime(_server: Server, _ctx: SandboxContext): void {}
