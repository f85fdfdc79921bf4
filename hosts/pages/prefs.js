/*
 * The reference host's first script (classic and blocking, in <head> after /__blocklet__.js): it settles the page's
 * language and theme before the first paint, so nothing shows in the other language or the other theme first.
 * Served at /host-prefs.js (an external file: the pages run under a CSP without inline scripts).
 *
 * The platform's order (platform-header-store.md A.2):
 *   language: ?locale= → cookie nf_lang → the browser's languages → the app's first language
 *   theme:    ?theme= (kept for this tab in sessionStorage) → sessionStorage → theme.prefer light|dark
 *             → localStorage (when prefer is 'system') → the system (no data-theme: host.css follows the system)
 * <site-header> writes nf_lang and localStorage blocklet_theme_prefer when the person picks; host.js passes the
 * result (<html lang>, <html data-theme>) to every element, and on pages without host.js this script gives the
 * theme to the <site-header> elements.
 */
(function () {
  const root = document.documentElement;
  const app = window.blocklet || {};
  const query = new URLSearchParams(window.location.search);
  let codes = (Array.isArray(app.languages) ? app.languages : [])
    .map(function (l) {
      return l && typeof l.code === 'string' ? l.code : '';
    })
    .filter(Boolean);
  if (!codes.length) codes = ['en', 'zh'];

  /**
   * A language tag → one of the app's languages, or '': the tag itself, else its language (zh-CN, zh-TW, tw → zh;
   * en-US → en; es-MX → es), else an app language of the same language (pt-PT → pt-BR).
   */
  function pick(tag) {
    if (typeof tag !== 'string' || !tag) return '';
    const t = tag.trim().replace(/_/g, '-').toLowerCase();
    const base = t === 'tw' || t.indexOf('zh') === 0 ? 'zh' : t.split('-')[0];
    for (let i = 0; i < codes.length; i++)
      if (codes[i].toLowerCase() === t || codes[i].toLowerCase() === base) return codes[i];
    for (let i = 0; i < codes.length; i++) if (codes[i].toLowerCase().split('-')[0] === base) return codes[i];
    return '';
  }
  function cookie(name) {
    const parts = document.cookie ? document.cookie.split(';') : [];
    for (let i = 0; i < parts.length; i++) {
      const kv = parts[i].trim().split('=');
      if (kv[0] === name) {
        try {
          return decodeURIComponent(kv.slice(1).join('='));
        } catch (e) {
          return '';
        }
      }
    }
    return '';
  }
  function store(kind, key, value) {
    try {
      const s = window[kind];
      if (value === undefined) return s.getItem(key);
      s.setItem(key, value);
    } catch (e) {
      /* storage blocked */
    }
    return null;
  }

  const browser = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  let locale = pick(query.get('locale')) || pick(cookie('nf_lang'));
  for (let i = 0; !locale && i < browser.length; i++) locale = pick(browser[i]);
  root.lang = locale || codes[0];
  // Arabic lays the page out right to left (host.js keeps it in step with later choices).
  root.dir = root.lang.split('-')[0].toLowerCase() === 'ar' ? 'rtl' : 'ltr';

  const theme = app.theme || {};
  const key = typeof theme.preferKey === 'string' && theme.preferKey ? theme.preferKey : 'blocklet_theme_prefer';
  const ok = function (v) {
    return v === 'light' || v === 'dark' ? v : '';
  };
  const asked = ok(query.get('theme'));
  if (asked) store('sessionStorage', key, asked);
  let mode = asked || ok(store('sessionStorage', key)) || ok(theme.prefer);
  if (!mode && (theme.prefer === 'system' || !theme.prefer)) mode = ok(store('localStorage', key));
  if (mode) root.setAttribute('data-theme', mode);

  // Pages without host.js (the embed demo, plain pages) still give their header the theme: each <site-header>
  // without a theme of its own takes the page's, once the document is parsed.
  if (mode)
    document.addEventListener('DOMContentLoaded', function () {
      const headers = document.querySelectorAll('site-header:not([theme])');
      for (let i = 0; i < headers.length; i++) headers[i].setAttribute('theme', mode);
    });
})();
