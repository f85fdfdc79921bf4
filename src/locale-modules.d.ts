/** `locale:<en|zh>/<ns>[,<ns>…]`: those namespaces of locales/<lang>.json (scripts/vite-locale-namespaces.ts). */
declare module 'locale:*' {
  const messages: import('./ui/i18n-instance.ts').MessageTree;
  export default messages;
}
