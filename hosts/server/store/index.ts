import { Router } from 'express';
import type { SandboxContext } from '../context.ts';

// Placeholder: the store area replaces this with the store API.
export function createStoreRoutes(_ctx: SandboxContext): Router {
  return Router();
}
