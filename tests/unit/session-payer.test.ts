/**
 * state/session.ts sessionPayer: the DID of the signed-in payer once the element's session has loaded, what a
 * payment link's stored checkout is resumed for (api.checkout.open, core/link-session.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBlockletCache, createApi, PAYMENT_KIT_DID } from '../../src/api/index.ts';
import { sessionPayer } from '../../src/state/session-payer.ts';
import { sessionStore } from '../../src/state/session.ts';
import { fakeAdapter, type Reply } from './fake-adapter.ts';

const blocklet = { appPid: 'zApp', componentMountPoints: [{ did: PAYMENT_KIT_DID, mountPoint: '/payment/' }] };
const SESSION = '/.well-known/service/api/did/session';

beforeEach(() => {
  clearBlockletCache();
  vi.stubGlobal('location', { origin: 'http://page.test', href: 'http://page.test/' });
});
afterEach(() => vi.unstubAllGlobals());

function apiAnswering(reply: () => Reply) {
  const { adapter, requests } = fakeAdapter({ [SESSION]: reply });
  return { api: createApi({ locale: 'en', blocklet }, { adapter }), requests };
}

describe('sessionPayer', () => {
  it('loads the session once (shared with the element’s own load) and gives the signed-in DID', async () => {
    const { api, requests } = apiAnswering(() => ({
      data: { user: { did: 'zCasey', role: 'guest', fullName: 'Casey' } },
    }));
    const [a, b] = await Promise.all([
      sessionPayer(api),
      sessionStore(api)
        .refresh()
        .then(() => sessionPayer(api)),
    ]);
    expect([a, b]).toEqual(['zCasey', 'zCasey']);
    expect(requests.filter((r) => r.path === SESSION)).toHaveLength(1);
  });

  it('null when nobody is signed in; undefined when the session could not be read', async () => {
    expect(await sessionPayer(apiAnswering(() => ({ data: { user: null } })).api)).toBeNull();
    expect(await sessionPayer(apiAnswering(() => ({ status: 500, data: { error: 'down' } })).api)).toBeUndefined();
  });
});
