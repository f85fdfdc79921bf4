import { Router } from 'express';
import type { SandboxContext } from '../context.ts';

/** The sandbox wallet page (placeholder while it is rebuilt). */
export function createWalletRoutes(_ctx: SandboxContext): Router {
  return Router();
}
