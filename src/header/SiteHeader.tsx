/**
 * <site-header> first screen: logo, app name, header navigation, language selector, theme toggle, session.
 * Data: api.blocklet.get() (window.blocklet) with the `meta` attribute on top; api.session for the user.
 */
import { HeaderBar } from './HeaderBar.tsx';

export type SiteHeaderProps = {
  /** JSON: fields that override window.blocklet (appName, navigation, logos, languages, theme…). */
  meta?: Record<string, unknown>;
  /** '1' hides the header entirely. */
  embedMode?: string;
  /** `false` turns the temporary-domain notice off (default on; it shows only on temporary platform domains). */
  showDomainWarning?: boolean;
  /** Shows the cookie-consent notice (until accepted); not inside an iframe unless `cookieConsentInIframe`. */
  cookieConsent?: boolean;
  cookieConsentInIframe?: boolean;
  /** Login guard: a loading indicator until the session is ready, then a signed-out visitor goes to sign in. */
  loginRequired?: boolean;
  /** Page views to the platform's analytics (GET /.well-known/analytics/pv/{page}, 200 ms after each page). */
  analytics?: boolean;
};

export function SiteHeader({
  meta,
  embedMode,
  showDomainWarning,
  cookieConsent,
  cookieConsentInIframe,
  loginRequired,
  analytics,
}: SiteHeaderProps) {
  if (String(embedMode ?? '') === '1') return null;
  return (
    <HeaderBar
      meta={meta}
      guard={loginRequired === true}
      analytics={analytics === true}
      overlays={{
        domainWarning: showDomainWarning !== false,
        cookieConsent: cookieConsent === true,
        cookieConsentInIframe: cookieConsentInIframe === true,
      }}
    />
  );
}
