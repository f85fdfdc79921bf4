/**
 * Signing in to the sandbox (no HTTP): a person picks a demo user by did, or by role (the first user of it), and
 * gets a new session (../data/users.ts keeps the sessions). ../routes/service-routes.ts is its router (the sign-in page and its form).
 */
import type { Db } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { createSession, DEMO_USERS, getUser, type SandboxUser } from '../data/users.ts';

/** A new session as the body's `did`, else its `role`: the token and the user (400 INVALID_USER for neither). */
export async function signIn(db: Db, body: Record<string, unknown>): Promise<{ token: string; user: SandboxUser }> {
  const did = typeof body.did === 'string' ? body.did : undefined;
  const role = typeof body.role === 'string' ? body.role : undefined;
  let user: SandboxUser | null = null;
  if (did) user = await getUser(db, did);
  else if (role) user = DEMO_USERS.find((u) => u.role === role) ?? null;
  if (!user)
    throw new HttpError(
      400,
      did ? `Unknown demo user: ${did}` : role ? `Unknown role: ${role}` : 'Give a did or a role',
      'INVALID_USER',
    );
  return { token: await createSession(db, user.did), user };
}
