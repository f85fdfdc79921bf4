/**
 * The login guard (spec §2, §4), opt in with the `login-required` attribute: until the session is ready the header
 * shows a loading indicator; an initialized session with no user goes to the sign-in page with the current page as
 * the redirect (after a cancelable `header-login` event with `{ redirect, guard: true }`). A session that failed to
 * load does not redirect (the Sign in link stays), so a network error cannot loop through the sign-in page.
 * Pure decision here; SiteHeader runs it.
 */
export type GuardState = 'off' | 'loading' | 'redirect' | 'pass';

export function guardState(
  required: boolean,
  session: { initialized: boolean; user: unknown; error: unknown },
): GuardState {
  if (!required) return 'off';
  if (!session.initialized) return 'loading';
  if (session.user) return 'pass';
  return session.error ? 'pass' : 'redirect';
}
