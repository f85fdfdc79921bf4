/** The store's rules (no HTTP): who may develop or administer, and the limits of names, remarks and reasons. */
import type { SandboxUser } from '../../service/data/users.ts';

export const STORE_NAME_MIN = 3;
export const STORE_NAME_MAX = 64;
export const TOKEN_REMARK_MAX = 64;
export const BLOCK_REASON_MAX = 255;

export const isAdmin = (u: SandboxUser) => u.role === 'owner' || u.role === 'admin';
export const isDeveloper = (u: SandboxUser) => isAdmin(u) || u.passports.some((p) => p.role === 'developer');
