/**
 * ApiError: every failure of the api surfaces as one of these, with `message = formatError(...)`.
 */
import { formatError } from '../core/errors.ts';

export type ApiErrorInit = {
  status?: number | undefined;
  code?: string | undefined;
  data?: unknown;
  /** i18n key for a generic message (network, bad response…), when the message is not the server's text. */
  key?: string | undefined;
  cause?: unknown;
};

export class ApiError extends Error {
  readonly status?: number | undefined;
  readonly code?: string | undefined;
  readonly data?: unknown;
  readonly key?: string | undefined;
  constructor(message: string, init: ApiErrorInit = {}) {
    super(message, init.cause !== undefined ? { cause: init.cause } : undefined);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
    this.key = init.key;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network error occurred';

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

type AxiosLike = {
  isAxiosError?: boolean;
  message?: string;
  code?: string;
  response?: { status?: number; statusText?: string; data?: unknown };
};

/** Turns anything thrown by axios (or the api) into an ApiError. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const e = (typeof err === 'object' && err !== null ? err : {}) as AxiosLike;
  if (e.response) {
    const data = e.response.data;
    const code =
      typeof data === 'object' && data !== null && typeof (data as { code?: unknown }).code === 'string'
        ? (data as { code: string }).code
        : undefined;
    return new ApiError(formatError(err), { status: e.response.status, code, data, cause: err });
  }
  if (
    e.code === 'ERR_CANCELED' ||
    (err as { name?: string } | null)?.name === 'CanceledError' ||
    (err as { name?: string } | null)?.name === 'AbortError'
  ) {
    return new ApiError('Request canceled', { code: 'CANCELED', key: 'error.canceled', cause: err });
  }
  if (e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT') {
    return new ApiError('Request timed out', { code: 'TIMEOUT', key: 'error.timeout', cause: err });
  }
  if (e.isAxiosError || e.code === 'ERR_NETWORK') {
    return new ApiError(NETWORK_ERROR_MESSAGE, { code: 'NETWORK', key: 'error.network', cause: err });
  }
  return new ApiError(formatError(err), { cause: err });
}
