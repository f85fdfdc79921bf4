import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectErrorKey } from '../../src/core/connect-errors.ts';
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

describe('connectErrorKey: wallet refusals to a screen text in one place', () => {
  const keys = { declined: 'x.declined', expired: 'x.expired' };
  it('maps CONNECT_DECLINED and CONNECT_EXPIRED (own code or the response’s) to the screen’s keys', () => {
    expect(connectErrorKey({ code: 'CONNECT_DECLINED' }, keys)).toBe('x.declined');
    expect(connectErrorKey({ response: { data: { code: 'CONNECT_EXPIRED' } } }, keys)).toBe('x.expired');
  });
  it('leaves every other error to its own text', () => {
    expect(connectErrorKey({ code: 'CONNECT_ERROR' }, keys)).toBeUndefined();
    expect(connectErrorKey(new Error('boom'), keys)).toBeUndefined();
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
