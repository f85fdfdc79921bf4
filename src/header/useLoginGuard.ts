import { useEffect, useRef, useState } from 'react';
import { useEmit } from '../ui/context.tsx';
import type { useSession } from '../ui/session.tsx';
import { checkHref } from '../ui/url.ts';
import { guardState } from './login-guard.ts';

/** Runs the login guard; true while its loading indicator shows (session loading, or on the way to sign in). */
export function useLoginGuard(required: boolean, session: ReturnType<typeof useSession>): boolean {
  const emit = useEmit<'site-header'>();
  const state = guardState(required, session);
  const sent = useRef(false);
  const [canceled, setCanceled] = useState(false);
  const { loginUrl } = session;
  useEffect(() => {
    if (state !== 'redirect' || sent.current) return;
    sent.current = true;
    const redirect = window.location.href;
    // Canceled: the host signs the visitor in itself; the Sign in link shows meanwhile.
    if (!emit('login', { redirect, guard: true }, { cancelable: true })) {
      setCanceled(true);
      return;
    }
    window.location.assign(checkHref(loginUrl(redirect)) ?? '/');
  }, [state, emit, loginUrl]);
  return state === 'loading' || (state === 'redirect' && !canceled);
}
