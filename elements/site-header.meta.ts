import { SHARED_ATTRIBUTES, type ElementMeta } from './_meta.ts';
import { PARTS, TOKENS } from './_tokens.ts';

const meta: ElementMeta = {
  tag: 'site-header',
  className: 'SiteHeaderElement',
  summary:
    "The shared header: logo, app name, navigation, language selector, theme toggle and session menu, from the platform's app description (window.blocklet).",
  attributes: [
    ...SHARED_ATTRIBUTES,
    {
      name: 'meta',
      type: 'json',
      description:
        'JSON object whose fields override window.blocklet (appName, appLogo, appLogoRect, appLogoDark, appLogoRectDark, navigation, languages, theme…).',
    },
    { name: 'embed-mode', type: 'string', description: "'1' hides the header entirely (embedded pages)." },
  ],
  events: [
    { name: 'header-locale-change', detail: '{ locale: string }', description: 'The user picked a language. Not canceled: the header switches itself.', cancelable: true },
    { name: 'header-theme-change', detail: "{ theme: 'light' | 'dark' }", description: 'The user toggled the theme (debounced 300 ms). The header switches itself at once.' },
    { name: 'header-login', detail: '{}', description: 'Before following the Sign in link.', cancelable: true },
    { name: 'header-logout', detail: '{ did: string }', description: 'Before signing out (then the page goes to /).', cancelable: true },
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
    { name: 'addons', description: 'The right-hand controls.' },
    { name: 'login', description: 'The Sign in link.' },
  ],
  cssProperties: TOKENS,
};
export default meta;
