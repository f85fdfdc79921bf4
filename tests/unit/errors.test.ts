import { describe, expect, it } from 'vitest';
import {
  errorCode,
  errorKey,
  errorStatus,
  errorText,
  formatError,
  requestFailedMessage,
} from '../../src/core/errors.ts';
import { ApiError } from '../../src/api/errors.ts';

describe('formatError (spec §8)', () => {
  it('nothing → Unknown error', () => {
    expect(formatError(undefined)).toBe('Unknown error');
    expect(formatError(null)).toBe('Unknown error');
    expect(formatError('')).toBe('Unknown error');
    expect(formatError({})).toBe('Unknown error');
  });

  it('a list of errors → messages joined by line breaks', () => {
    expect(formatError({ errors: [{ message: 'first' }, { message: 'second' }] })).toBe('first\nsecond');
    expect(formatError([new Error('a'), 'b'])).toBe('a\nb');
  });

  it('a list of details → Validate failed: path: message joined by semicolons', () => {
    const err = {
      details: [
        { path: ['customer', 'email'], message: 'must be a valid email' },
        { path: 'name', message: 'is required' },
      ],
    };
    expect(formatError(err)).toBe('Validate failed: customer.email: must be a valid email;name: is required');
    expect(formatError({ details: [{ path: ['a'], message: 'bad' }] })).toBe('Validate failed: a: bad');
  });

  it('a server response → its data.error', () => {
    const err = {
      message: 'Request failed with status code 400',
      response: { status: 400, data: { error: 'Promotion code is invalid', code: 'INVALID' } },
    };
    expect(formatError(err)).toBe('Promotion code is invalid');
  });

  it('a server response without error → message plus the JSON body', () => {
    const err = { message: 'Request failed with status code 500', response: { status: 500, data: { reason: 'boom' } } };
    expect(formatError(err)).toBe('Request failed with status code 500: {"reason":"boom"}');
  });

  it('plain errors and strings', () => {
    expect(formatError(new Error('plain'))).toBe('plain');
    expect(formatError('text')).toBe('text');
  });

  it('requestFailedMessage', () => {
    expect(requestFailedMessage(404, 'Not Found', { error: 'x' })).toBe('Request failed: 404 Not Found: {"error":"x"}');
    expect(requestFailedMessage(502, 'Bad Gateway', 'upstream down')).toBe(
      'Request failed: 502 Bad Gateway: upstream down',
    );
  });

  it('errorCode reads the server code or the error code', () => {
    expect(errorCode({ response: { data: { code: 'CUSTOMER_LIMITED' } } })).toBe('CUSTOMER_LIMITED');
    expect(errorCode({ code: 'NETWORK' })).toBe('NETWORK');
    expect(errorCode(null)).toBeUndefined();
  });

  it("errorStatus and errorKey read an ApiError's status and locale key; anything else has none", () => {
    const e = new ApiError('Not found', { status: 404, code: 'X' });
    expect(errorStatus(e)).toBe(404);
    expect(errorKey(e)).toBeUndefined();
    expect(errorKey(new ApiError('Network error occurred', { code: 'NETWORK', key: 'error.network' }))).toBe(
      'error.network',
    );
    expect(errorStatus(new Error('x'))).toBeUndefined();
    expect(errorStatus({ status: '404' })).toBeUndefined();
    expect(errorStatus(null)).toBeUndefined();
    expect(errorKey('text')).toBeUndefined();
  });

  it('errorText: the locale text for keyed errors (network, unknown), the server text otherwise', () => {
    const zh = (key: string, opts: { defaultValue: string }) =>
      ({ 'error.network': '网络错误', 'error.unknown': '未知错误' })[key] ?? opts.defaultValue;
    expect(errorKey(null)).toBe('error.unknown');
    expect(errorKey({})).toBe('error.unknown');
    expect(errorText(new ApiError('Network error occurred', { code: 'NETWORK', key: 'error.network' }), zh)).toBe(
      '网络错误',
    );
    expect(errorText(undefined, zh)).toBe('未知错误');
    expect(errorText(new ApiError('Exceed inventory', { status: 400 }), zh)).toBe('Exceed inventory');
    // A key the locale lacks falls back to the English text.
    expect(errorText(new ApiError('Request timed out', { code: 'TIMEOUT', key: 'error.timeout' }), zh)).toBe(
      'Request timed out',
    );
  });
});
