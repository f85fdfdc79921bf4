import { Router } from 'express';
import type { SandboxContext } from './context.ts';

// Placeholder: serves __blocklet__.js, the built elements and the host pages.
export function createPageRoutes(_ctx: SandboxContext): Router {
  return Router();
}
