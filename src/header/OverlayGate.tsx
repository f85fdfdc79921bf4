/**
 * Decides, after first paint, whether the temporary-domain notice or the cookie-consent notice is due (storage and
 * hostname checks), and only then loads them (Overlays.tsx). Keeps both, and their checks, out of the first paint.
 */
import { lazy, Suspense, useMemo } from 'react';
import { DOMAINS_PATH, domainSkipActive, hasConsentCookie, inFrame, isTemporaryDomain } from './storage.ts';

const DomainWarning = lazy(() => import('./Overlays.tsx').then((m) => ({ default: m.DomainWarning })));
const CookieConsent = lazy(() => import('./Overlays.tsx').then((m) => ({ default: m.CookieConsent })));

export function OverlayGate(props: {
  domainWarning: boolean;
  cookieConsent: boolean;
  cookieConsentInIframe: boolean;
  mobile: boolean;
  role: string | undefined;
}) {
  // Decided when the settings change (an attribute set after the first render counts), not on every render: a notice
  // that was answered writes its cookie or skip, so it does not come back.
  const due = useMemo(
    () => ({
      domain:
        props.domainWarning &&
        isTemporaryDomain(window.location.hostname) &&
        !window.location.pathname.startsWith(DOMAINS_PATH) &&
        !domainSkipActive(),
      cookie: props.cookieConsent && (props.cookieConsentInIframe || !inFrame()) && !hasConsentCookie(),
    }),
    [props.domainWarning, props.cookieConsent, props.cookieConsentInIframe],
  );
  return (
    <Suspense fallback={null}>
      {due.domain && !props.mobile ? <DomainWarning role={props.role} /> : null}
      {due.cookie ? <CookieConsent /> : null}
    </Suspense>
  );
}
