/**
 * The signed-in payer of an element's session, for what a tab keeps per payer (a payment link's session, a pricing
 * table's chosen plan). Apart from session.ts: the header and the store, which load that store first, never need it.
 */
import type { Api } from '../api/index.ts';
import { sessionStore } from './session.ts';

/**
 * The DID of the user signed in on this api's session, once it has loaded (started now if it has not): null when
 * nobody is signed in, undefined when the session could not be read.
 */
export async function sessionPayer(api: Api): Promise<string | null | undefined> {
  const store = sessionStore(api);
  if (!store.getState().initialized) await store.refresh();
  const { user, error } = store.getState();
  return error ? undefined : (user?.did ?? null);
}
