import { Router, type Request } from 'express';
import type { SandboxContext } from '../../context.ts';
import { callerOf, requireMerchant } from './auth.ts';
import {
  deleteSetting,
  donationLinkOf,
  settingById,
  settingOfLocation,
  updateSetting,
} from '../domain/donate-settings.ts';
import { bodyOf, livemodeOf, paramOf, type Body } from './http.ts';

/**
 * Donate settings (product-spec §3 "Donate settings: id, active, settings", §7 POST/PUT /api/settings, §6 "Owner/admin:
 * enable donation settings") and the donation payment link of a target (payment-kit-api.md POST /api/donations):
 * parse, authorize, call the donation domain (domain/donate-settings.ts), answer.
 *
 * A host page mounts the donate widget at a mount location (a blog post, a page); the widget gets-or-creates the
 * settings of that location (`POST /settings {type: 'donate', mountLocation, …}`: the existing row when there is one).
 * The widget runs for every visitor: anyone reads the settings of a location, but only the merchant (owner/admin
 * session or a signed request; spec "Owner/admin: enable donation settings") creates the row — anyone else gets the
 * inactive defaults with id `setting_unsaved` and nothing is written (a stored inactive row would switch donations
 * off for that location). Enabling is `PUT /settings/{id} {active: true}` (merchant only: a customer gets 403).
 * One row per (type, mountLocation, livemode).
 */

/** The mode a settings body names (`livemode`, a boolean), else the request's. */
function settingsMode(req: Request, body: Body): boolean {
  return typeof body.livemode === 'boolean' ? body.livemode : livemodeOf(req);
}

export function createDonateSettingsRoutes({ db }: SandboxContext): Router {
  const r = Router();

  /** Get-or-create the settings of a mount location. */
  r.post('/settings', async (req, res) => {
    const body = bodyOf(req);
    res.json(
      await settingOfLocation(db, body, { livemode: settingsMode(req, body), merchant: callerOf(res).merchant }),
    );
  });

  r.get('/settings/:id', async (req, res) => {
    res.json(await settingById(db, paramOf(req, 'id')));
  });

  /** `PUT /settings/{id} {active}` enables (or disables); `PUT /settings/{mountLocation} {settings, livemode}` updates. */
  r.put('/settings/:idOrLocation', requireMerchant, async (req, res) => {
    const body = bodyOf(req);
    res.json(await updateSetting(db, paramOf(req, 'idOrLocation'), body, settingsMode(req, body)));
  });

  r.delete('/settings/:id', requireMerchant, async (req, res) => {
    await deleteSetting(db, paramOf(req, 'id'));
    res.json({ message: 'Setting deleted' });
  });

  /**
   * The donation payment link of a target (one per target and mode): the widget passes its DonationSettings (amounts
   * in TBA token units). Only for an active donate setting of the target's mount location when one exists.
   */
  r.post('/donations', async (req, res) => {
    res.json(await donationLinkOf(db, bodyOf(req), livemodeOf(req)));
  });

  return r;
}
