/**
 * Response schemas (superstruct) checked at the boundary. `type()` structs: extra keys are allowed and kept.
 * They check what screens read; everything else stays open. A mismatch becomes ApiError BAD_RESPONSE naming the path.
 * The checkout's and the billing calls' schemas live in schemas-checkout.ts and schemas-billing.ts, which load with
 * those (lazy) resources.
 */
import {
  array,
  boolean,
  coerce,
  create,
  enums,
  integer,
  nullable,
  number,
  optional,
  record,
  string,
  type,
  union,
  unknown,
  StructError,
  type Struct,
} from 'superstruct';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a struct of any shape (Struct<unknown> rejects most)
type AnyStruct = Struct<any, any>;
/** Optional and nullable. */
export const opt = <T, S>(s: Struct<T, S>) => optional(nullable(s));

/** An amount in the smallest unit: a string of digits (an integer number is accepted and turned into a string). */
export const Amount = coerce(string(), integer(), (n) => String(n));
/** Unix seconds, or an ISO date string. */
export const Time = union([number(), string()]);

export const PaymentCurrencyStruct = type({
  id: string(),
  symbol: string(),
  decimal: number(),
  payment_method_id: opt(string()),
  name: opt(string()),
  logo: opt(string()),
  active: opt(boolean()),
  maximum_precision: opt(number()),
  type: opt(string()),
});

export const PaymentMethodStruct = type({
  id: string(),
  type: string(),
  name: string(),
  logo: opt(string()),
  livemode: opt(boolean()),
  payment_currencies: array(PaymentCurrencyStruct),
  settings: opt(record(string(), unknown())),
});

export const SettingsStruct = type({
  paymentMethods: array(PaymentMethodStruct),
  baseCurrency: opt(PaymentCurrencyStruct),
});

export const paginated = <T, S>(item: Struct<T, S>) => type({ count: number(), list: array(item) });

export const UserStruct = type({
  did: string(),
  role: opt(string()),
  fullName: opt(string()),
  email: opt(string()),
  passports: opt(array(type({ role: string() }))),
});

export const SessionStruct = type({ user: nullable(optional(UserStruct)) });

/** The token answer (did-connect-js): `url` is the DID Wallet deep link of the request. */
export const ConnectSessionStruct = type({
  token: string(),
  url: string(),
  status: opt(string()),
  appInfo: opt(record(string(), unknown())),
});

/** The token's state as `status` answers it (what the action put there, e.g. a login's `sessionToken`, comes along). */
export const ConnectStatusStruct = type({
  token: opt(string()),
  status: enums(['created', 'scanned', 'succeed', 'error', 'busy', 'forbidden']),
  error: opt(string()),
  did: opt(string()),
});

export const ComponentMountPointStruct = type({ did: string(), mountPoint: string() });

export const WindowBlockletStruct = type({
  appPid: opt(string()),
  appId: opt(string()),
  appName: opt(string()),
  prefix: opt(string()),
  componentMountPoints: opt(array(ComponentMountPointStruct)),
  navigation: opt(array(record(string(), unknown()))),
  languages: opt(array(type({ code: string(), name: string() }))),
});

export const StoreBlockletStruct = type({ did: string() });
export const StoreListStruct = type({ dataList: array(StoreBlockletStruct), total: number() });
export const StoreCategoriesStruct = array(type({ locales: record(string(), string()) }));
export const StoreExploreStruct = array(type({ type: string(), blocklets: array(StoreBlockletStruct) }));

export const AnyObject = record(string(), unknown());

/** A failed check: path like `checkoutSession.line_items.0.price` and the struct's message. */
export class SchemaError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(message);
    this.name = 'SchemaError';
    this.path = path;
  }
}

/** Validates (with amount coercion) and returns the value typed as `T`; throws SchemaError naming the path. */
export function check<T>(data: unknown, struct: AnyStruct): T {
  try {
    return create(data, struct) as T;
  } catch (err) {
    if (err instanceof StructError) {
      const failure = err.failures()[0] ?? err;
      const path = failure.path.length ? failure.path.join('.') : '(root)';
      const raw = 'refinement' in failure && failure.explanation ? failure.explanation : failure.message;
      const detail = raw.replace(/^At path: .*? -- /, '');
      throw new SchemaError(path, `at ${path}: ${detail}`);
    }
    throw err;
  }
}
