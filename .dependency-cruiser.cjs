/**
 * The dependency check (`npm run deps`, part of `npm test`): import cycles and layers. See docs/architecture.md
 * ("Layers") for the picture these rules keep true. Type-only imports count for the layers (a
 * lower layer names no type of an upper one) but not for cycles.
 *
 * Client (src/): elements/ → element rooms (checkout, portal, header, blocklet-store, pricing-table, overdue) → ui → state → api
 * → core. A layer imports only layers below it; core imports no React, no DOM-rendering layer.
 * Sandbox (hosts/server): each area (payment/, service/, store/) is routes/ → domain/ → data/, wired by its index.ts;
 * the shared seams at the top of hosts/server sit below every area. docs/architecture.md ("Sandbox layers").
 */
const ROOMS = 'src/(checkout|portal|header|blocklet-store|pricing-table|overdue)/';
const ABOVE_UI = `^(elements/|${ROOMS})`;
const ABOVE_STATE = `^(elements/|${ROOMS}|src/ui/)`;
const ABOVE_API = `^(elements/|${ROOMS}|src/ui/|src/state/)`;
const ABOVE_CORE = `^(elements/|${ROOMS}|src/ui/|src/state/|src/api/)`;
/** The sandbox's areas: each is routes/ → domain/ → data/, wired by its index.ts. */
const AREA = '^hosts/server/(payment|service|store)/';
/**
 * The shared seams at the top of hosts/server, below every area and free of HTTP: the database, the clock, the
 * platform interface (event bus, wallet, connect actions, HttpError), the input validators, the context type, the
 * app key, the drawn images and the texts' language tables.
 */
const SEAMS = '^hosts/server/(db|clock|platform|validate|context|app-key|images|texts)[.]ts$';
/**
 * The platform's identity: the users, sessions and demo wallets the service area keeps (as the real blocklet
 * service issues them to every component). The one thing of another area an area may import.
 */
const IDENTITY = '^hosts/server/service/data/(users|demo-wallets)[.]ts$';
const EXPRESS = '(^|/)node_modules/(express|body-parser|@types/express|@types/body-parser)/';
/** Node's HTTP modules: a request or a response is the business of routes/ (and the shared HTTP helpers). */
const NODE_HTTP = '^(node:)?(http|https|http2)$';
/** The shared HTTP helpers at the top of hosts/server, for every area's routes: request limits, CORS, the session. */
const SHARED_HTTP = '^hosts/server/(input|cors|session)[.]ts$';

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
      name: 'sandbox-below-routes-no-express',
      comment:
        "An area's domain/ and data/, and the shared seams, know nothing of HTTP: no Express, no node:http types. " +
        'Parsing a request and shaping an answer is the job of routes/.',
      severity: 'error',
      from: { path: [`${AREA}(domain|data)/`, SEAMS] },
      to: { path: [EXPRESS, NODE_HTTP] },
    },
    {
      name: 'sandbox-domain-below-routes',
      comment:
        "An area's domain/ (the rules) imports only its own domain/ and data/, the shared seams and the platform's " +
        'identity: no router, no HTTP helper, no wiring, nothing of another area.',
      severity: 'error',
      from: { path: `${AREA}domain/` },
      to: { path: '^hosts/server/', pathNot: ['^hosts/server/$1/(domain|data)/', SEAMS, IDENTITY] },
    },
    {
      name: 'sandbox-data-is-the-bottom',
      comment:
        "An area's data/ (schema, row types, repositories, seed and demo data) imports only its own data/, the shared " +
        'seams and the platform identity: never a domain rule or a route above it.',
      severity: 'error',
      from: { path: `${AREA}data/` },
      to: { path: '^hosts/server/', pathNot: ['^hosts/server/$1/data/', SEAMS, IDENTITY] },
    },
    {
      name: 'sandbox-routes-not-wiring',
      comment:
        "An area's routes/ import its own routes/, domain/ and data/, the shared seams, the shared HTTP helpers " +
        "and the platform identity; never the area's index.ts (the wiring) or the composition root.",
      severity: 'error',
      from: { path: `${AREA}routes/` },
      to: {
        path: '^hosts/server/',
        pathNot: ['^hosts/server/$1/(routes|domain|data)/', SEAMS, IDENTITY, SHARED_HTTP],
      },
    },
    {
      name: 'sandbox-areas-apart',
      comment:
        'An area imports nothing of another area but the platform identity: the store reaches the wallet (and ' +
        'everything else of payment) through the platform interface (hosts/server/platform.ts), never through the ' +
        "payment area's files.",
      severity: 'error',
      from: { path: AREA },
      to: { path: AREA, pathNot: ['^hosts/server/$1/', IDENTITY] },
    },
    {
      name: 'sandbox-seams-below-areas',
      comment:
        'The shared seams at the top of hosts/server sit below every area: they import one another and the ' +
        'platform identity, nothing of an area or of the HTTP setup.',
      severity: 'error',
      from: { path: SEAMS },
      to: { path: '^hosts/server/', pathNot: [SEAMS, IDENTITY] },
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
