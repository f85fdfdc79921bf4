import { SHARED_ATTRIBUTES, type ElementMeta } from './_meta.ts';
import { PARTS, TOKENS } from './_tokens.ts';

const meta: ElementMeta = {
  tag: 'site-header',
  className: 'SiteHeaderElement',
  summary:
    "The shared header: logo, app name, navigation, organization switcher, notification bell, language selector, theme toggle and session menu, plus the temporary-domain and cookie-consent notices, from the platform's app description (window.blocklet).",
  attributes: [
    ...SHARED_ATTRIBUTES,
    {
      name: 'meta',
      type: 'json',
      tsType:
        '{ appName?: string; appLogo?: string; appLogoRect?: string; appLogoDark?: string; appLogoRectDark?: string; navigation?: unknown[]; languages?: Array<{ code: string; name: string }>; theme?: Record<string, unknown>; iconHosts?: string[]; [key: string]: unknown }',
      description:
        'JSON object whose fields override window.blocklet (appName, appLogo, appLogoRect, appLogoDark, appLogoRectDark, navigation, languages, theme, iconHosts (icon service hosts, first choice first)…). From a framework, set the meta property (an object), not the attribute.',
    },
    { name: 'embed-mode', type: 'string', description: "'1' hides the header entirely (embedded pages)." },
    {
      name: 'show-domain-warning',
      type: 'boolean',
      description:
        "The temporary-domain notice on temporary platform domains (*.ip.abtnet.io, *.did.abtnet.io), unless skipped in the last 30 days (localStorage 'domain-warning-skip'). Default on; 'false' turns it off.",
    },
    {
      name: 'cookie-consent',
      type: 'boolean',
      description:
        'Shows the cookie-consent notice until accepted (writes the cookie CookieConsent, 365 days, SameSite=Lax, Secure on https). Not inside an iframe unless cookie-consent-in-iframe.',
    },
    {
      name: 'cookie-consent-in-iframe',
      type: 'boolean',
      description: 'Also show the cookie-consent notice inside an iframe.',
    },
    {
      name: 'analytics',
      type: 'boolean',
      description:
        "Sends a page view to the platform's analytics (GET /.well-known/analytics/pv/{page}, by fetch) 200 ms after each page.",
    },
    {
      name: 'login-required',
      type: 'boolean',
      description:
        'Login guard: a loading indicator until the session is ready; a signed-out visitor then goes to the sign-in page with this page as the redirect (header-login first, cancelable). A session that failed to load does not redirect.',
    },
  ],
  events: [
    {
      name: 'header-locale-change',
      detail: '{ locale: string }',
      description: 'The user picked a language. Not canceled: the header switches itself.',
      cancelable: true,
    },
    {
      name: 'header-theme-change',
      detail: "{ theme: 'light' | 'dark' }",
      description: 'The user toggled the theme (debounced 300 ms). The header switches itself at once.',
    },
    {
      name: 'header-login',
      detail: '{ redirect?: string, guard?: true }',
      description:
        'Before following the Sign in link ({}), or before the login guard redirects ({ redirect, guard: true }).',
      cancelable: true,
    },
    {
      name: 'header-logout',
      detail: '{ did: string }',
      description: 'Before signing out (then the page goes to /).',
      cancelable: true,
    },
    {
      name: 'header-org-change',
      detail: '{ orgId: string }',
      description: 'After switching organization (passport switch). Not canceled: the page reloads.',
      cancelable: true,
    },
    {
      name: 'header-org-create',
      detail: '{ org: object }',
      description: 'After creating an organization. Not canceled: the page goes to the organization list.',
      cancelable: true,
    },
    {
      name: 'header-cookie-consent',
      detail: '{}',
      description: 'The visitor accepted cookies (the CookieConsent cookie is written).',
    },
  ],
  parts: [
    ...PARTS,
    { name: 'header', description: 'The header bar.' },
    { name: 'brand', description: 'Logo and app name link.' },
    { name: 'logo', description: 'The logo image.' },
    { name: 'app-name', description: 'The app name.' },
    { name: 'nav', description: 'The navigation (md and up).' },
    { name: 'burger', description: 'The menu button below md.' },
    { name: 'mobile-nav', description: 'The navigation panel below md.' },
    { name: 'mobile-products', description: 'The Products disclosure inside the burger panel.' },
    { name: 'mobile-apps', description: 'The app shortcuts (and Manage) inside the burger panel on a phone.' },
    { name: 'products', description: 'The Products menu button.' },
    { name: 'products-panel', description: 'The Products menu panel.' },
    { name: 'products-icon', description: "A product's icon tile (icon-service data, else its first letter)." },
    { name: 'apps', description: 'The apps grid button.' },
    { name: 'apps-panel', description: 'The apps grid popup.' },
    { name: 'apps-icon', description: "An app shortcut's 50 px icon tile." },
    { name: 'login-guard', description: 'The login guard loading indicator (role status).' },
    { name: 'addons', description: 'The right-hand controls.' },
    { name: 'login', description: 'The Sign in link.' },
    { name: 'org-switch', description: 'The organization switcher button.' },
    { name: 'org-menu', description: 'The organization dropdown.' },
    { name: 'notifications', description: 'The notification bell link.' },
    { name: 'notifications-badge', description: 'The unread count on the bell.' },
    { name: 'cookie-consent', description: 'The cookie-consent notice.' },
    { name: 'domain-warning', description: 'The temporary-domain notice body.' },
    { name: 'domain-later', description: "The temporary-domain notice's Later button." },
    { name: 'domain-configure', description: "The temporary-domain notice's Configure button (admins)." },
    { name: 'cookie-accept', description: "The cookie-consent notice's Accept button." },
    { name: 'nav-group', description: 'A navigation entry with children (menu button).' },
    { name: 'products-group', description: 'A group of the Products menu panel.' },
    { name: 'apps-manage', description: 'The manage link of the apps grid (admins).' },
    { name: 'locale', description: 'The language menu button.' },
    { name: 'theme-toggle', description: 'The light/dark theme toggle.' },
    { name: 'user', description: 'The session menu button of a signed-in user.' },
    { name: 'avatar', description: 'The user avatar (image or initial).' },
    { name: 'org-list', description: 'The list of organizations in the organization dropdown.' },
    { name: 'org-empty', description: 'The no-organization line of the organization dropdown.' },
    {
      name: 'org-avatar',
      description: 'An organization avatar (also org-avatar-owner for organizations the user owns).',
    },
    { name: 'org-avatar-owner', description: 'The avatar of an organization the user owns.' },
    { name: 'org-create', description: 'The Create organization button.' },
    { name: 'org-create-submit', description: 'The submit button of the Create organization dialog.' },
    { name: 'org-view-all', description: 'The link to the full organization list.' },
  ],
  cssProperties: TOKENS,
};
export default meta;
