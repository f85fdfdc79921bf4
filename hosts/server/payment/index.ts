import { Router } from 'express';
import type { SandboxContext } from '../context.ts';

// Placeholder: the payment area replaces this with the payment API.
export function createPaymentRoutes(_ctx: SandboxContext): Router {
  return Router();
}
