/** Who may call the store's developer and console routes (HTTP only): the session user with the role, else 401/403. */
import type { Request } from 'express';
import type { Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { type SandboxUser } from '../../service/data/users.ts';
import { currentUser } from '../../session.ts';
import { isAdmin, isDeveloper } from '../domain/rules.ts';

/**
 * The signed-in user of the request if they hold the role: a developer (a developer passport, or owner/admin) or an
 * admin (owner or admin). A guest gets 401, anyone else 403.
 */
export async function storeUser(db: Queryable, req: Request, need: 'developer' | 'admin'): Promise<SandboxUser> {
  const u = await currentUser(db, req);
  if (!u) throw new HttpError(401, 'Please sign in first', 'UNAUTHORIZED');
  if (need === 'admin' ? !isAdmin(u) : !isDeveloper(u))
    throw new HttpError(
      403,
      need === 'admin' ? 'Only the owner or an admin can do this' : 'A developer passport is required',
      'FORBIDDEN',
    );
  return u;
}
