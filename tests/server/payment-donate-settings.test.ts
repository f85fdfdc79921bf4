import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from './harness.ts';
import { ADMIN, asUser, CASEY, login, signed, type Sandbox } from './payment-helpers.ts';

/** Donate settings of a mount location and the donation link of a target (hosts/server/payment/routes/donate-settings-routes.ts). */

let sb: Sandbox;
let casey: string;
let admin: string;
beforeAll(async () => {
  sb = await startSandbox();
  casey = await login(sb, CASEY.did);
  admin = await login(sb, ADMIN.did);
});
afterAll(() => sb.close());

const body = (mountLocation: string, extra: Record<string, unknown> = {}) => ({
  type: 'donate',
  mountLocation,
  description: 'Tips for a post',
  livemode: true,
  settings: { target: mountLocation, title: 'Tip the author', amount: { presets: ['1', '2', '3'], custom: true } },
  ...extra,
});

describe('donate settings', () => {
  it('a visitor or customer reads the defaults and writes nothing; the owner/admin (or a signed request) creates the row', async () => {
    const visitor = await asUser(sb, null, 'POST', '/api/settings', body('/blog/a', { active: true }));
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({
      id: 'setting_unsaved',
      persisted: false,
      type: 'donate',
      mount_location: '/blog/a',
      active: false,
      settings: { title: 'Tip the author' },
    });
    expect((await asUser(sb, casey, 'POST', '/api/settings', body('/blog/a', { active: true }))).body).toMatchObject({
      id: 'setting_unsaved',
      active: false,
    });
    const { rows } = await sb.ctx.db.query("SELECT 1 FROM settings WHERE mount_location = '/blog/a'");
    expect(rows).toHaveLength(0);
    // So a visitor cannot switch donations off: with no row the location still takes donations.
    expect((await asUser(sb, null, 'POST', '/api/donations', { target: '/blog/a', title: 'Tip' })).status).toBe(200);
    // The admin's visit creates the one row; everyone then reads it.
    const first = await asUser(sb, admin, 'POST', '/api/settings', body('/blog/a'));
    expect(first.body).toMatchObject({
      id: expect.stringMatching(/^setting_/),
      mount_location: '/blog/a',
      active: false,
      livemode: true,
    });
    expect(first.body.id).not.toBe('setting_unsaved');
    const again = await asUser(
      sb,
      casey,
      'POST',
      '/api/settings',
      body('/blog/a', { active: true, description: 'other' }),
    );
    expect(again.body).toMatchObject({ id: first.body.id, active: false, description: 'Tips for a post' });
    expect((await asUser(sb, null, 'GET', `/api/settings/${first.body.id}`)).body.id).toBe(first.body.id);
    // The other mode is another row.
    expect((await asUser(sb, admin, 'POST', '/api/settings', body('/blog/a', { livemode: false }))).body.id).not.toBe(
      first.body.id,
    );
  });

  it('only the owner or an admin (or a signed request) may enable; a customer gets 403, a guest 401', async () => {
    const { body: s } = await asUser(sb, admin, 'POST', '/api/settings', body('/blog/b'));
    expect(await asUser(sb, casey, 'PUT', `/api/settings/${s.id}`, { active: true })).toMatchObject({ status: 403 });
    expect(await asUser(sb, null, 'PUT', `/api/settings/${s.id}`, { active: true })).toMatchObject({ status: 401 });
    expect(await asUser(sb, casey, 'PUT', '/api/settings/setting_unsaved', { active: true })).toMatchObject({
      status: 403,
    });
    expect((await asUser(sb, casey, 'POST', '/api/settings', body('/blog/b'))).body.active).toBe(false);
    const enabled = await asUser(sb, admin, 'PUT', `/api/settings/${s.id}`, { active: true });
    expect(enabled).toMatchObject({ status: 200, body: { id: s.id, active: true } });
    expect((await asUser(sb, casey, 'POST', '/api/settings', body('/blog/b'))).body.active).toBe(true);
    // By mount location: update the settings.
    const updated = await signed(sb, 'PUT', '/api/settings/%2Fblog%2Fb', {
      body: { settings: { title: 'New title' }, livemode: true },
    });
    expect(updated).toMatchObject({ status: 200, body: { id: s.id, settings: { title: 'New title' } } });
    expect((await signed(sb, 'POST', '/api/settings', { body: body('/blog/c', { active: true }) })).body.active).toBe(
      true,
    );
  });

  it('bad input is a 400 with the platform error shape, unknown ids a 404', async () => {
    expect(
      await asUser(sb, null, 'POST', '/api/settings', { type: 'notification', mountLocation: '/x' }),
    ).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    expect(await asUser(sb, null, 'POST', '/api/settings', { type: 'donate' })).toMatchObject({ status: 400 });
    expect(await asUser(sb, null, 'POST', '/api/settings', { type: 'donate', mountLocation: '   ' })).toMatchObject({
      status: 400,
    });
    expect(
      await asUser(sb, null, 'POST', '/api/settings', { type: 'donate', mountLocation: '/x', settings: 'nope' }),
    ).toMatchObject({ status: 400 });
    expect(await asUser(sb, admin, 'PUT', '/api/settings/setting_missing', { active: true })).toMatchObject({
      status: 404,
    });
    expect(await asUser(sb, null, 'GET', '/api/settings/setting_missing')).toMatchObject({ status: 404 });
  });
});

describe('donations', () => {
  it('a target gets one donate payment link with its amounts in the smallest unit; an inactive location refuses', async () => {
    await asUser(sb, admin, 'POST', '/api/settings', body('/blog/d'));
    const refused = await asUser(sb, null, 'POST', '/api/donations', { target: '/blog/d', title: 'Tip' });
    expect(refused).toMatchObject({ status: 400, body: { code: 'DONATION_INACTIVE' } });
    const { body: s } = await asUser(sb, null, 'POST', '/api/settings', body('/blog/d'));
    await asUser(sb, admin, 'PUT', `/api/settings/${s.id}`, { active: true });
    const linkA = await asUser(sb, null, 'POST', '/api/donations', {
      target: '/blog/d',
      title: 'Tip',
      amount: { presets: ['1', '2', '3'], minimum: '0.5', maximum: '50' },
    });
    expect(linkA.status).toBe(200);
    expect(linkA.body).toMatchObject({
      submit_type: 'donate',
      donation_settings: {
        target: '/blog/d',
        amount: { presets: ['1', '2', '3'], preset: '2', minimum: '0.5', maximum: '50' },
      },
    });
    const priceId = linkA.body.line_items[0].price_id;
    expect((await signed(sb, 'GET', `/api/prices/${priceId}`)).body.custom_unit_amount).toMatchObject({
      presets: ['1000000000000000000', '2000000000000000000', '3000000000000000000'],
      minimum: '500000000000000000',
    });
    expect((await asUser(sb, null, 'POST', '/api/donations', { target: '/blog/d', title: 'Tip' })).body.id).toBe(
      linkA.body.id,
    );
    const started = await asUser(sb, null, 'POST', `/api/checkout-sessions/start/${linkA.body.id}`);
    expect(started.body.checkoutSession).toMatchObject({
      submit_type: 'donate',
      line_items: [{ price_id: expect.any(String) }],
    });
    expect(
      await asUser(sb, null, 'POST', '/api/donations', { target: '/blog/e', amount: { minimum: '5', maximum: '1' } }),
    ).toMatchObject({ status: 400 });
  });
});
