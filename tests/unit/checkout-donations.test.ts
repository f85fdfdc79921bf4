import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBlockletCache, createApi, PAYMENT_KIT_DID } from '../../src/api/index.ts';
import { createDonations, DONATE_SETTINGS_TTL_MS } from '../../src/api/resources/donations.ts';
import { fakeAdapter, memoryStorage } from './fake-adapter.ts';

const blocklet = { appPid: 'zApp', componentMountPoints: [{ did: PAYMENT_KIT_DID, mountPoint: '/payment/' }] };

beforeEach(() => {
  clearBlockletCache();
  vi.stubGlobal('location', { origin: 'http://page.test', href: 'http://page.test/' });
  vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  let active = false;
  const { adapter, requests } = fakeAdapter({
    'POST /payment/api/settings': (req) => ({
      data: {
        id: 'setting_1',
        active,
        type: 'donate',
        mount_location: (req.data as { mountLocation: string }).mountLocation,
      },
    }),
    'PUT /payment/api/settings/setting_1': () => {
      active = true;
      return { data: { id: 'setting_1', active: true, type: 'donate', mount_location: '/post/1' } };
    },
    'POST /payment/api/donations': { data: { id: 'plink_1' } },
  });
  const api = createApi({ locale: 'en', blocklet, livemode: true }, { adapter });
  let now = 1_000_000;
  const donations = createDonations(api, () => now);
  return { donations, requests, advance: (ms: number) => (now += ms) };
}

describe('donate settings (api/resources/donations)', () => {
  it('POST /api/settings with type donate, then cached for one hour per mount location', async () => {
    const { donations, requests, advance } = setup();
    const first = await donations.getOrCreate({
      mountLocation: '/post/1',
      description: 'Tips',
      settings: { title: 'Tip' },
    });
    expect(first).toMatchObject({ id: 'setting_1', active: false });
    expect(requests[requests.length - 1]).toMatchObject({
      method: 'POST',
      path: '/payment/api/settings',
      data: {
        type: 'donate',
        mountLocation: '/post/1',
        livemode: true,
        description: 'Tips',
        settings: { title: 'Tip' },
      },
    });
    const count = () => requests.filter((r) => r.path === '/payment/api/settings').length;
    await donations.getOrCreate({ mountLocation: '/post/1' });
    expect(count()).toBe(1);
    await donations.getOrCreate({ mountLocation: '/post/2' });
    expect(count()).toBe(2);
    advance(DONATE_SETTINGS_TTL_MS + 1);
    await donations.getOrCreate({ mountLocation: '/post/1' });
    expect(count()).toBe(3);
  });

  it('enabling updates the cache; the link and the settings page come from the mount point', async () => {
    const { donations, requests } = setup();
    await donations.getOrCreate({ mountLocation: '/post/1' });
    expect(await donations.enable('setting_1')).toMatchObject({ active: true });
    expect(requests[requests.length - 1]).toMatchObject({ method: 'PUT', data: { active: true } });
    expect((await donations.getOrCreate({ mountLocation: '/post/1' })).active).toBe(true);
    expect(await donations.link({ target: '/post/1', title: 'Tip' })).toEqual({ id: 'plink_1' });
    expect(await donations.settingsPageUrl()).toBe('http://page.test/payment/integrations/donations');
  });
});
