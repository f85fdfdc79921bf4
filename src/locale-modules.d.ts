/** `locale:<locale>/<ns>[,<ns>…]`: those namespaces of locales/<locale>.json (scripts/vite-locale-namespaces.ts). */
declare module 'locale:*' {
  const messages: import('./ui/i18n-instance.ts').MessageTree;
  export default messages;
}

/** `messages:<ns>[,<ns>…]`: those namespaces in English, and a loader for any other locale (same plugin). */
declare module 'messages:*' {
  const messages: import('./ui/i18n-instance.ts').Messages;
  export default messages;
}
