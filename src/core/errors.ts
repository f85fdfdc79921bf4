/**
 * Error text extraction (spec §8). One function turns anything thrown into the text a screen shows.
 */

type Rec = Record<string, unknown>;

/** The text for 'nothing to say' (spec §8); screens show the locale's `error.unknown` instead (see errorText). */
export const UNKNOWN_ERROR = 'Unknown error';
const isRec = (x: unknown): x is Rec => typeof x === 'object' && x !== null;

function messageOf(x: unknown): string {
  if (typeof x === 'string') return x;
  if (isRec(x) && typeof x.message === 'string') return x.message;
  try {
    return JSON.stringify(x) ?? String(x);
  } catch {
    return String(x);
  }
}

function stringifyBody(data: unknown): string {
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data) ?? String(data);
  } catch {
    return String(data);
  }
}

/**
 * - a list of errors (an array, or `{errors: [...]}`) → their messages joined by line breaks;
 * - a list of details (Joi-style `{details: [{path: string[] | string, message}]}`) →
 *   `'Validate failed: ' + 'path: message' entries joined by ';'`;
 * - an axios-style error with a response → `response.data.error` if present, else `message + ': ' + JSON body`;
 * - nothing → `'Unknown error'`; a string → itself; otherwise its `message` (or `'Unknown error'`).
 */
export function formatError(err: unknown): string {
  if (err === null || err === undefined || err === '' || err === false) return UNKNOWN_ERROR;
  if (typeof err === 'string') return err;
  if (Array.isArray(err)) return err.length ? err.map(messageOf).join('\n') : UNKNOWN_ERROR;
  if (!isRec(err)) return String(err);

  if (Array.isArray(err.errors) && err.errors.length) return err.errors.map(messageOf).join('\n');

  if (Array.isArray(err.details) && err.details.length) {
    const entries = err.details.map((d) => {
      const rec = isRec(d) ? d : {};
      const path = Array.isArray(rec.path)
        ? rec.path.map(String).join('.')
        : typeof rec.path === 'string'
          ? rec.path
          : '';
      const msg = messageOf(rec.message ?? d);
      return path ? `${path}: ${msg}` : msg;
    });
    return `Validate failed: ${entries.join(';')}`;
  }

  if (isRec(err.response)) {
    const data = err.response.data;
    if (isRec(data) && typeof data.error === 'string' && data.error) return data.error;
    if (isRec(data) && isRec(data.error) && typeof data.error.message === 'string') return data.error.message;
    const message = typeof err.message === 'string' ? err.message : 'Request failed';
    return data === undefined || data === '' ? message : `${message}: ${stringifyBody(data)}`;
  }

  if (typeof err.message === 'string' && err.message) return err.message;
  return UNKNOWN_ERROR;
}

/** `'Request failed: {status} {statusText}: {data}'` (data stringified when not a string). */
export function requestFailedMessage(status: number | string, statusText: string | undefined, data: unknown): string {
  return `Request failed: ${status} ${statusText ?? ''}: ${stringifyBody(data)}`;
}

/** The server's error code (`response.data.code` or `err.code`), when any. */
export function errorCode(err: unknown): string | undefined {
  if (!isRec(err)) return undefined;
  if (isRec(err.response) && isRec(err.response.data) && typeof err.response.data.code === 'string')
    return err.response.data.code;
  return typeof err.code === 'string' ? err.code : undefined;
}

/** The HTTP status an error carries (the api's ApiError), when any. */
export function errorStatus(err: unknown): number | undefined {
  return isRec(err) && typeof err.status === 'number' ? err.status : undefined;
}

/**
 * The locale key for an error's text when that text is not the server's own: the key the api's ApiError carries
 * (`error.network`, `error.timeout`, `error.canceled`, …), or `error.unknown` when there is nothing to say.
 */
export function errorKey(err: unknown): string | undefined {
  if (isRec(err) && typeof err.key === 'string' && err.key) return err.key;
  return formatError(err) === UNKNOWN_ERROR ? 'error.unknown' : undefined;
}

/**
 * The text a person reads for an error, in their language: the locale's text when the error has a key (network,
 * timeout, unknown…), else the server's own text. `translate` is the screen's i18n function (core stays free of it).
 */
export function errorText(err: unknown, translate: (key: string, opts: { defaultValue: string }) => string): string {
  const key = errorKey(err);
  const fallback = formatError(err);
  return key ? translate(key, { defaultValue: fallback }) : fallback;
}
