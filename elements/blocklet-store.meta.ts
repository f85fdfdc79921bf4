import { SHARED_ATTRIBUTES, type ElementMeta } from './_meta.ts';
import { PARTS, TOKENS } from './_tokens.ts';

const meta: ElementMeta = {
  tag: 'blocklet-store',
  className: 'BlockletStoreElement',
  summary:
    'The blocklet store: home (search, category, price, sort, paging), blocklet detail, profile, developer blocklets and access tokens, console blocklets and categories; it routes inside itself with the History API under base-path.',
  attributes: [
    ...SHARED_ATTRIBUTES,
    {
      name: 'base-path',
      type: 'string',
      default: '/',
      description: 'Path the store is mounted at; its routes (search, blocklets/{did}) live under it.',
    },
  ],
  events: [
    {
      name: 'store-navigate',
      detail: '{ path: string }',
      description: 'The store is about to move to another of its pages (full path). Cancel to route yourself.',
      cancelable: true,
    },
    {
      name: 'store-login',
      detail: '{ redirect: string }',
      description:
        'A guest opened a protected page (developer or console). Cancel to sign in yourself; otherwise the store goes to the sign-in page, which comes back here.',
      cancelable: true,
    },
  ],
  parts: [
    ...PARTS,
    { name: 'search', description: 'The search field.' },
    { name: 'categories', description: 'The category filter.' },
    { name: 'grid', description: 'The blocklet grid.' },
    { name: 'blocklet-card', description: 'One blocklet card.' },
    { name: 'filters', description: 'The price and sort selects.' },
    { name: 'pagination', description: 'The list paging (previous, page x of y, next).' },
    { name: 'version', description: 'Detail: the version and its review status.' },
    { name: 'launch', description: 'Detail: the launch link.' },
    { name: 'readme', description: 'Detail: the rendered (sanitized) readme.' },
    { name: 'versions', description: 'Detail: the version list with change logs.' },
    { name: 'changelog', description: "Detail: one version's change log (sanitized markdown)." },
    { name: 'review-filter', description: 'Console: the Show All / Pending review filter.' },
    { name: 'token-secret', description: 'The new access token secret (shown once).' },
    { name: 'token-cli', description: 'The CLI command that uses the new access token.' },
    { name: 'home-banner', description: 'The home page banner of featured blocklets.' },
    { name: 'banner-item', description: 'One featured blocklet of the banner.' },
    { name: 'explore', description: 'The explore sections of the home page (trending, top rated, recently updated).' },
    { name: 'explore-card', description: 'A blocklet card of an explore section.' },
    { name: 'notice', description: 'The developer page: the status line that announces a saved change.' },
    { name: 'version-history', description: "The version history of a developer's blocklet." },
    { name: 'join-link', description: 'The link to the developer join page (stores that require a stake).' },
    { name: 'tips', description: 'The developer connect page: the steps to follow.' },
    {
      name: 'no-opener',
      description: 'The developer connect page: the note that there is no page to report the result back to.',
    },
    { name: 'connect-start', description: 'The developer connect page: the button that starts the wallet connect.' },
    { name: 'result', description: 'The developer connect page: the result (developer DID, key DID, public key).' },
    { name: 'developer-did', description: 'The result: the developer DID.' },
    { name: 'key-did', description: 'The result: the DID of the key.' },
    { name: 'public-key', description: 'The result: the public key.' },
    { name: 'my-blocklets', description: "The developer connect page: the link to the developer's blocklets." },
    { name: 'join', description: 'The developer join page: the Join button (after agreeing to the terms).' },
  ],
  cssProperties: TOKENS,
};
export default meta;
