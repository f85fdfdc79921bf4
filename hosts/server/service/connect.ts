import { Router } from 'express';
import type { SandboxContext } from '../context.ts';

// Placeholder: the service area replaces this with wallet connect (token, status, approve, decline).
export function createConnectRoutes(_ctx: SandboxContext): Router {
  return Router();
}
