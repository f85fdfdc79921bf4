/**
 * The dependency check (`npm run deps`, part of `npm test`): import cycles and layers. See docs/architecture.md
 * ("Layers") for the picture these rules keep true. Type-only imports count for the layers (a
 * lower layer names no type of an upper one) but not for cycles.
 *
 * Client (src/): elements/ → element rooms (checkout, portal, header, blocklet-store, pricing-table, overdue) → ui → state → api
 * → core. A layer imports only layers below it; core imports no React, no DOM-rendering layer.
 * Sandbox (hosts/server): domain files (repositories and services) import no Express; the store area reaches the
 * wallet through the platform interface (platform.ts), never through the payment area's files.
 */
const ROOMS = 'src/(checkout|portal|header|blocklet-store|pricing-table|overdue)/';
const ABOVE_UI = `^(elements/|${ROOMS})`;
const ABOVE_STATE = `^(elements/|${ROOMS}|src/ui/)`;
const ABOVE_API = `^(elements/|${ROOMS}|src/ui/|src/state/)`;
const ABOVE_CORE = `^(elements/|${ROOMS}|src/ui/|src/state/|src/api/)`;
/**
 * Sandbox files that are domain, not HTTP: the platform seams, repositories and services. A new domain file goes
 * into a `domain/` folder of its area (or is named here); an HTTP router never is.
 */
const SANDBOX_DOMAIN = [
  '^hosts/server/(platform|db|validate|context|clock)[.]ts$',
  // Any domain/ folder of the hosts, at any depth.
  '^hosts/.*/domain/',
  '^hosts/server/payment/(billing|checkout-items|connect-actions|credit-ledger|discounts|money|pay|pricing|repo|restake|sessions|stakes|wallet|schema|seed|logos|logo-specs)[.]ts$',
  '^hosts/server/store/(connect|versions|seed)[.]ts$',
  '^hosts/server/service/(users|demo-wallets)[.]ts$',
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'An import cycle: modules that cannot be understood, tested or loaded one without the other. ' +
        'Type-only imports are erased at run time, so a cycle closed only by `import type` does not count.',
      severity: 'error',
      from: { path: '^(src|hosts|elements)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'src-not-above-itself',
      comment: 'src/ never imports the element files, the hosts or the tests.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(elements|hosts|tests|scripts)/' },
    },
    {
      name: 'rooms-apart',
      comment:
        'An element room imports no other room; only the overdue room is shared (by the portal and the header), ' +
        'and it imports no room itself.',
      severity: 'error',
      from: { path: `^${ROOMS}`, pathNot: '^src/overdue/' },
      to: { path: `^${ROOMS}`, pathNot: ['^src/$1/', '^src/overdue/'] },
    },
    {
      name: 'overdue-room-leaf',
      comment: 'The shared overdue room imports no other room (it sits below the portal and the header).',
      severity: 'error',
      from: { path: '^src/overdue/' },
      to: { path: `^${ROOMS}`, pathNot: '^src/overdue/' },
    },
    {
      name: 'ui-below-rooms',
      comment: 'src/ui is shared by every element: it imports no element room and no element file.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: ABOVE_UI },
    },
    {
      name: 'state-below-ui',
      comment: 'src/state (vanilla stores) imports no React layer: not ui, no room, no element.',
      severity: 'error',
      from: { path: '^src/state/' },
      to: { path: ABOVE_STATE },
    },
    {
      name: 'api-below-state',
      comment: 'src/api imports only src/core (and libraries): no store, no React layer.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: ABOVE_API },
    },
    {
      name: 'core-is-the-bottom',
      comment: 'src/core imports no other layer of src/.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: ABOVE_CORE },
    },
    {
      name: 'core-no-react-no-dom',
      comment: 'src/core is framework-free: no React, no r2wc, no goober, no DOM-rendering library.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '(^|/)node_modules/(react|react-dom|@r2wc/[^/]+|goober|@lit/[^/]+|dompurify)/' },
    },
    {
      name: 'sandbox-domain-no-express',
      comment: 'Sandbox domain files (repositories, services) know nothing of HTTP: no Express.',
      severity: 'error',
      from: { path: SANDBOX_DOMAIN },
      to: { path: '(^|/)node_modules/(express|body-parser|@types/express)/' },
    },
    {
      name: 'sandbox-domain-below-http',
      comment: 'Sandbox domain files import only domain files: no HTTP router, no server setup.',
      severity: 'error',
      from: { path: SANDBOX_DOMAIN },
      to: { path: '^hosts/server/', pathNot: SANDBOX_DOMAIN },
    },
    {
      name: 'store-wallet-through-platform',
      comment:
        'The store area reaches the wallet (and everything else of payment) through the platform interface ' +
        "(hosts/server/platform.ts), never through the payment area's files.",
      severity: 'error',
      from: { path: '^hosts/server/store/' },
      to: { path: '^hosts/server/payment/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The package's build and the framework hosts' builds (npm run build, hosts:build): bundles, not sources.
    exclude: { path: '^(dist|hosts/frameworks/[^/]+/dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
