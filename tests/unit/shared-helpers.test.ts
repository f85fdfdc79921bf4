import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectFailure, connectFailureKey } from '../../src/core/connect-errors.ts';
import { deepLink, preparedRequest } from '../../src/core/connect-url.ts';
import { queryParams } from '../../src/core/params.ts';
import { readStorage, removeStorage, writeStorage } from '../../src/core/storage.ts';
import { isPlainClick, routeClick } from '../../src/ui/navigate.ts';
import { memoryStorage } from './fake-adapter.ts';

afterEach(() => vi.unstubAllGlobals());

describe('storage: the one wrapper over localStorage and sessionStorage', () => {
  it('reads, writes and removes in the kind asked for, local by default', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);
    writeStorage('k', 'l');
    writeStorage('k', 's', 'session');
    expect([readStorage('k'), readStorage('k', 'session')]).toEqual(['l', 's']);
    removeStorage('k', 'session');
    expect([readStorage('k'), readStorage('k', 'session')]).toEqual(['l', null]);
  });

  it('never throws when storage is blocked or full: reads are null, writes are dropped', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    vi.stubGlobal('localStorage', throwing);
    expect(readStorage('k')).toBeNull();
    expect(() => writeStorage('k', 'v')).not.toThrow();
    expect(() => removeStorage('k')).not.toThrow();
    vi.stubGlobal('sessionStorage', undefined);
    expect(readStorage('k', 'session')).toBeNull();
  });
});

describe('connectFailure: wallet refusals to the dialog text in one place', () => {
  it('maps each refusal code (own or the response’s) to its failure and key', () => {
    expect(connectFailure({ code: 'CONNECT_DECLINED' })).toBe('declined');
    expect(connectFailure({ response: { data: { code: 'CONNECT_EXPIRED' } } })).toBe('expired');
    expect(connectFailure({ code: 'CONNECT_FORBIDDEN' })).toBe('forbidden');
    expect(connectFailure({ code: 'CONNECT_BUSY' })).toBe('busy');
    expect(connectFailure({ code: 'CONNECT_ERROR' })).toBe('failed');
    expect(connectFailureKey('busy')).toBe('connect.busy');
  });
  it('leaves every other error to its own text', () => {
    expect(connectFailure({ code: 'NETWORK' })).toBeUndefined();
    expect(connectFailure(new Error('boom'))).toBeUndefined();
  });
});

describe('preparedRequest: a page handed ?__connect_url__=', () => {
  const origin = 'https://app.test';
  const auth = `${origin}/store/api/did/connect-cli/auth?_t_=abc123`;
  it('takes the deep link or the auth URL of the platform, and shows a deep link rebuilt from the auth URL', () => {
    const want = { action: 'connect-cli', token: 'abc123', prefix: `${origin}/store/api/did`, url: deepLink(auth) };
    expect(preparedRequest(deepLink(auth), origin)).toEqual(want);
    expect(preparedRequest(auth, origin)).toEqual(want);
    // encoded once only (some clients do)
    expect(
      preparedRequest(`https://abtwallet.io/i/?action=requestAuth&url=${encodeURIComponent(auth)}`, origin),
    ).toEqual(want);
    expect(deepLink(auth)).toBe(
      'https://abtwallet.io/i/?action=requestAuth&url=https%253A%252F%252Fapp.test%252Fstore%252Fapi%252Fdid%252Fconnect-cli%252Fauth%253F_t_%253Dabc123',
    );
  });
  it('refuses another origin, another scheme, a path that is no auth URL, a missing or odd token', () => {
    for (const bad of [
      deepLink('https://evil.test/store/api/did/connect-cli/auth?_t_=abc'),
      'https://evil.test/store/api/did/connect-cli/auth?_t_=abc',
      'javascript:alert(1)',
      `https://abtwallet.io/i/?action=requestAuth&url=${encodeURIComponent('javascript:alert(1)')}`,
      `${origin}/store/api/did/connect-cli/status?_t_=abc`,
      `${origin}/store/api/did/connect-cli/auth`,
      `${origin}/store/api/did/connect-cli/auth?_t_=${encodeURIComponent('a b<')}`,
      '',
      null,
    ])
      expect(preparedRequest(bad, origin)).toBeNull();
  });
});

describe('queryParams: the one reader of query parameters', () => {
  it('reads a given search string, with or without the question mark', () => {
    expect(queryParams('?qty=2&currencyId=c1').get('qty')).toBe('2');
    expect(queryParams('tab=invoices').get('tab')).toBe('invoices');
  });
  it("reads the page's own address when no string is given, and nothing outside a page", () => {
    vi.stubGlobal('location', { search: '?referer=%2Fhome' });
    expect(queryParams().get('referer')).toBe('/home');
    vi.stubGlobal('location', undefined);
    expect([...queryParams()]).toEqual([]);
  });
});

describe('the navigation click guard', () => {
  const click = (over: Partial<MouseEvent> = {}) => ({
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    preventDefault: vi.fn(),
    ...over,
  });

  it('routes a plain left click and keeps the link from loading when the route was taken', () => {
    const e = click();
    const route = vi.fn(() => true);
    routeClick(e, route);
    expect(route).toHaveBeenCalledOnce();
    expect(e.preventDefault).toHaveBeenCalledOnce();
  });

  it('lets the link load when the route declines (no host routed it)', () => {
    const e = click();
    routeClick(e, () => false);
    expect(e.preventDefault).not.toHaveBeenCalled();
  });

  it('leaves modified, middle and already-handled clicks to the browser', () => {
    for (const over of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ]) {
      const e = click(over);
      const route = vi.fn(() => true);
      expect(isPlainClick(e)).toBe(false);
      routeClick(e, route);
      expect(route).not.toHaveBeenCalled();
      expect(e.preventDefault).not.toHaveBeenCalled();
    }
  });
});
