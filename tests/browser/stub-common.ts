/**
 * What the parts of the browser tests' platform stand-in share (stub-platform.ts and the stub-<element>.ts modules):
 * the answer a handler gives, the typing that ties every JSON answer to the type the elements' api client reads
 * (src/api), the switches and records of the stub's state, and the app description, user and store seed.
 *
 * Typing: `ok<T>(body)` takes T explicitly (a call without it does not compile) and checks the body against
 * `Answer<T>`, which is T made strict: the open string unions of the client types (`'paid' | … | (string & {})`)
 * are closed to their named members and index signatures are dropped next to declared fields, so a misspelled
 * status or field name is a type error under `npm run typecheck`. tests/contract/browser-stub.test.ts then reads every
 * answer through the client itself (its superstruct response schemas at run time).
 */
import type { StoreBlocklet, StoreCategory, User, WindowBlocklet } from '../../src/api/types.ts';
import type { CheckoutRecords, CheckoutSwitches } from './stub-checkout.ts';
import type { HeaderSwitches } from './stub-header.ts';
import type { PortalSwitches } from './stub-portal.ts';
import type { StoreSwitches } from './stub-store.ts';

/** A handler's answer: the HTTP status, content type and body (JSON answers are already serialized). */
export type Reply = { status: number; type: string; body: string; headers?: Record<string, string> };
/** Reads the request body (once). */
export type ReadBody = () => Promise<string>;
/** A handler of one element's paths: its answer, or null when the path is not its own. */
export type Handler = (state: StubState, method: string, url: URL, readBody: ReadBody) => Promise<Reply | null>;

// ---- answers typed from the client's types ----

/** The string members of T that name a value (`'paid'`), not the open `string` / `string & {}` one. */
type Named<T> = T extends string ? (string extends T ? never : T) : never;
/** `'a' | 'b' | (string & {})` → `'a' | 'b'`; a plain `string` (no named member) stays. */
type Closed<T> = [Named<T>] extends [never] ? T : T extends string ? (string extends T ? never : T) : T;
/** The declared (non-index) keys of an object type. */
type DeclaredKey<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: 0 };
type Strict<T> = T extends readonly (infer E)[]
  ? Answer<E>[]
  : T extends object
    ? [DeclaredKey<T>] extends [never]
      ? { [K in keyof T]: Answer<T[K]> }
      : { [K in keyof T as string extends K ? never : number extends K ? never : K]: Answer<T[K]> }
    : T;
/** What the stub may answer where the client reads a T: T with its open unions closed and no extra fields. */
export type Answer<T> = Strict<Closed<T>>;

/** The platform's error body (docs/architecture.md): the message the screens show, and a code they may act on. */
export type ErrorBody = { error: string; code?: string };
/** The statuses the stand-in refuses a request with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 500 | 502 | 503;
/** An answer the client does not read (it only waits for the request to succeed). */
export type Discarded = Record<string, never>;

const reply = (body: unknown, status: number): Reply => ({
  status,
  type: 'application/json',
  body: JSON.stringify(body),
});
/** A JSON answer of type T (given explicitly: `ok<Invoice>(…)`), 200 or 201. */
export const ok = <T = never>(body: NoInfer<Answer<T>>, status: 200 | 201 = 200): Reply => reply(body, status);
/** A refusal: `{error, code?}` with a 4xx/5xx status. */
export const fail = (status: ErrorStatus, error: string, code?: string): Reply =>
  reply(code ? { error, code } : { error }, status);
/** A JSON answer of the stub's own test paths (/__stub/…), which no element reads. */
export const record = (body: unknown): Reply => reply(body, 200);
/** A JSON request body (an empty body is `{}`). */
export const readJson = async <T>(readBody: ReadBody): Promise<Partial<T>> =>
  JSON.parse((await readBody()) || '{}') as Partial<T>;
export const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---- state ----

/** The switches a test sets with POST /__stub/state (tests/browser/helpers.ts `stub`); each test starts afresh. */
export type StubSwitches = {
  /** tests/browser/hostile.test.ts: every text and URL of every JSON answer is hostile (see stub-platform.ts). */
  hostile: boolean;
  signedIn: boolean;
  /** The platform's session endpoint answers 503 (it is down, or did not answer in time). */
  sessionFails?: boolean;
  /** The signed-in user holds no developer passport (the store's /join). */
  noPassport?: boolean;
  /** HTTP status of every store call (true: 503). */
  storeFails: boolean | ErrorStatus;
  storeEmpty: boolean;
  /** Delay of every store call. */
  delayMs: number;
  checkout: CheckoutSwitches;
  portal: PortalSwitches;
  header?: HeaderSwitches;
  store?: StoreSwitches;
};
/** The state: the switches, and what the stand-ins record while a test runs (e.g. the checkout's calls). */
export type StubState = StubSwitches & CheckoutRecords;

export const initialState = (): StubState => ({
  hostile: false,
  signedIn: false,
  storeFails: false,
  storeEmpty: false,
  delayMs: 0,
  checkout: {},
  portal: {},
});

// ---- the app and its user ----

export const BLOCKLET = {
  did: 'zNKsandboxapp',
  appId: 'zNKsandboxapp',
  appPid: 'zNKsandboxapp',
  appName: 'Sandbox Pay',
  appDescription: 'Payments for the sandbox platform',
  appLogo: '/__stub/logo/square.svg',
  appLogoDark: '/__stub/logo/square-dark.svg',
  appLogoRect: '/__stub/logo/rect.svg',
  appLogoRectDark: '/__stub/logo/rect-dark.svg',
  prefix: '/',
  componentMountPoints: [
    { did: 'z2qaCNvKMv5GjouKdcDWexv6WqtHbpNPQDnAk', name: 'payment-kit', mountPoint: '/payment/' },
    { did: 'z8iZpnScvmXdSVCSX8iYzJ9dVj8Uj4D1qH8Ud', name: 'blocklet-store', mountPoint: '/store/' },
  ],
  navigation: [
    { id: 'home', title: { en: 'Home', zh: '首页' }, link: '/' },
    { id: 'store', title: { en: 'Store', zh: '商店' }, link: '/store/' },
    {
      id: 'docs',
      title: { en: 'Docs', zh: '文档' },
      items: [
        {
          id: 'guide',
          title: { en: 'Guide', zh: '指南' },
          description: { en: 'Getting started', zh: '快速上手' },
          link: '/docs/guide',
        },
        { id: 'api', title: 'API', link: 'https://developer.example.com/api' },
        { id: 'empty', title: 'Empty group', items: [] },
      ],
    },
    { id: 'blog', title: { en: 'Blog', zh: '博客' }, link: 'https://blog.example.com/' },
    { id: 'nolink', title: 'No link' },
    { id: 'footer', title: 'Privacy', link: '/privacy', section: 'footer' },
  ],
  languages: [
    { code: 'en', name: 'English' },
    { code: 'zh', name: '简体中文' },
  ],
  theme: { prefer: 'system' },
} satisfies Answer<WindowBlocklet>;

/** The signed-in user's role when a test sets none (POST /__stub/store/role). */
export const CUSTOMER_ROLE = 'customer';
// A developer passport: the store's developer pages are for passport holders (the header and portal ignore it).
export const USER: Answer<User> = {
  did: 'z1casey',
  fullName: 'Casey Customer',
  email: 'casey@example.com',
  role: CUSTOMER_ROLE,
  passports: [{ role: 'developer', name: 'developer', title: 'Developer' }],
};

// ---- the store's seed (stub-store.ts; the header draws the logos) ----

const category = (id: string, locales: Record<string, string>): Answer<StoreCategory> => ({ _id: id, id, locales });
export const CATEGORIES = [
  category('all', { en: 'All', zh: '全部' }),
  category('payments', { en: 'Payments', zh: '支付' }),
  category('ai', { en: 'AI', zh: '人工智能' }),
  category('devtools', { en: 'Developer Tools', zh: '开发者工具' }),
];

const seed: Array<[title: string, category: string, description: string, downloads: number, official: boolean]> = [
  ['Payment Kit', 'payments', 'Accept payments, subscriptions and donations in crypto and fiat.', 12840, true],
  [
    'DID Spaces',
    'devtools',
    'Personal data storage that follows you across apps, with fine-grained access control.',
    9831,
    true,
  ],
  ['AIGNE Studio', 'ai', 'Build, test and ship AI agents with a visual editor and versioned prompts.', 5210, false],
  ['Discuss Kit', 'devtools', 'Forums, blogs and comments for your community.', 4411, false],
  ['Image Bin', 'ai', 'Generate and host images with one click.', 1204, false],
  ['Invoice Printer', 'payments', 'Printable, localized PDF invoices for every payment.', 87, false],
  ['Snippet Vault', 'devtools', 'Share code snippets with syntax highlighting.', 1, false],
];
/** A seed blocklet: the fields every list shows (stub-store.ts adds the detail's). */
export type SeedBlocklet = Answer<StoreBlocklet> & {
  title: string;
  description: string;
  version: string;
  owner: { did: string; fullName: string };
  stats: { downloads: number };
  category: { id: string };
};
export const BLOCKLETS: SeedBlocklet[] = seed.map(([title, category, description, downloads, official], i) => ({
  did: `z8blocklet${i}`,
  name: title.toLowerCase().replace(/\s+/g, '-'),
  title,
  description,
  version: `1.${i}.${i * 3}`,
  logo: `/__stub/logo/b${i}.svg`,
  owner: { did: `z1owner${i % 3}`, fullName: ['ArcBlock', 'Mia Chen', 'Sam Lee'][i % 3]! },
  stats: { downloads },
  category: { id: category },
  isOfficial: official,
}));

// ---- DID Connect (did-connect.md): what every wallet request of the stand-in answers ----

/** The token answer: the DID Wallet deep link of `{prefix}/{action}/auth?_t_={token}` (its url encoded twice). */
export const connectAnswer = (url: URL, action: string, token: string): Reply => {
  const prefix = url.pathname.replace(/\/[^/]+\/token$/, '');
  const auth = `${url.origin}${prefix}/${action}/auth?_t_=${token}`;
  return ok<import('../../src/api/types.ts').ConnectSession>({
    token,
    status: 'created',
    url: `https://abtwallet.io/i/?action=requestAuth&url=${encodeURIComponent(encodeURIComponent(auth))}`,
    appInfo: { name: 'Stub app' },
  });
};
/** The error a wallet's decline leaves on its token. */
export const DECLINED = 'You have declined the authentication request';
/** A token request's extra parameters: the flat query, without the client's own `locale` and `livemode`. */
export const connectParams = (url: URL): Record<string, string> => {
  const params = Object.fromEntries(url.searchParams);
  delete params.livemode;
  return params;
};
