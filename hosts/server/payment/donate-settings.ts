import { Router } from 'express';
import type { SandboxContext } from '../context.ts';
import { registerMigrations, type Queryable } from '../db.ts';
import { HttpError } from '../platform.ts';
import { callerOf, requireMerchant } from './auth.ts';
import { arr, bodyOf, bool, livemodeOf, obj, oneOf, paramOf, str, type Body } from './http.ts';
import { integer, isAbsent, tokenAmount } from '../validate.ts';
import { insert, newId, type Doc } from './repo.ts';
import type { CustomUnitAmount, PriceRow, ProductRow } from './schema.ts';
import { link, price, product } from './seed.ts';

/**
 * Donate settings (product-spec §3 "Donate settings: id, active, settings", §7 POST/PUT /api/settings, §6 "Owner/admin:
 * enable donation settings") and the donation payment link of a target (payment-kit-api.md POST /api/donations).
 *
 * A host page mounts the donate widget at a mount location (a blog post, a page); the widget gets-or-creates the
 * settings of that location (`POST /settings {type: 'donate', mountLocation, …}`: the existing row when there is one).
 * The widget runs for every visitor: anyone reads the settings of a location, but only the merchant (owner/admin
 * session or a signed request; spec "Owner/admin: enable donation settings") creates the row — anyone else gets the
 * inactive defaults with id `setting_unsaved` and nothing is written (a stored inactive row would switch donations
 * off for that location). Enabling is `PUT /settings/{id} {active: true}` (merchant only: a customer gets 403).
 * One row per (type, mountLocation, livemode).
 */

/** The id of the defaults a visitor reads for a location nobody has configured yet (not a stored row). */
export const UNSAVED_SETTING_ID = 'setting_unsaved';

export const donateSettingsMigration = {
  id: '001-settings',
  up: `CREATE TABLE settings (
        id TEXT PRIMARY KEY,
        livemode BOOLEAN NOT NULL,
        type TEXT NOT NULL,
        mount_location TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        data JSONB NOT NULL
      );
      CREATE UNIQUE INDEX settings_location_unique ON settings (type, mount_location, livemode);`,
};

/** Called by index.ts after the payment migrations (the table is its own area). */
export function registerDonateSettings(): void {
  registerMigrations('payment-settings', [donateSettingsMigration]);
}

/** Now as an ISO timestamp, in the sandbox time of `q`'s server. */
const nowIso = (q: Pick<Queryable, 'clock'>) => new Date(q.clock.now()).toISOString();

/**
 * A setting as the platform sends it (TSetting: `mount_location`, `component_did`); the request body keeps the
 * client's camelCase `mountLocation`/`componentDid` (TSettingCreate). Rows stored before carry the camelCase keys.
 */
function wire(doc: Doc): Doc {
  const { mountLocation, componentDid, ...rest } = doc;
  return {
    ...rest,
    mount_location: doc.mount_location ?? mountLocation,
    component_did: doc.component_did ?? componentDid ?? null,
  };
}

async function byLocation(
  q: Queryable,
  type: string,
  mountLocation: string,
  livemode: boolean,
  lock = false,
): Promise<Doc | null> {
  const { rows } = await q.query<{ data: Doc }>(
    `SELECT data FROM settings WHERE type = $1 AND mount_location = $2 AND livemode = $3${lock ? ' FOR UPDATE' : ''}`,
    [type, mountLocation, livemode],
  );
  return rows[0] ? wire(rows[0].data) : null;
}

async function byId(q: Queryable, id: string, lock = false): Promise<Doc | null> {
  const { rows } = await q.query<{ data: Doc }>(`SELECT data FROM settings WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
  return rows[0] ? wire(rows[0].data) : null;
}

async function store(q: Queryable, doc: Doc, isNew: boolean): Promise<Doc> {
  if (isNew) {
    await q.query(
      'INSERT INTO settings (id, livemode, type, mount_location, created_at, data) VALUES ($1, $2, $3, $4, $5, $6)',
      [doc.id, doc.livemode, doc.type, doc.mount_location, doc.created_at, doc],
    );
  } else {
    await q.query('UPDATE settings SET data = $2 WHERE id = $1', [doc.id, doc]);
  }
  return doc;
}

/** The widget's settings body: a plain object (the DonationSettings the host passed), at most 20 KB. */
function settingsOf(body: Body): Body {
  const settings = obj(body, 'settings') ?? {};
  if (JSON.stringify(settings).length > 20_000)
    throw new HttpError(400, 'settings must be at most 20000 characters of JSON');
  return settings;
}

function mountLocationOf(body: Body): string {
  const value = str(body, 'mountLocation', { required: true, max: 200 })!.trim();
  if (!value) throw new HttpError(400, 'mountLocation is required');
  return value;
}

// --- the donation payment link of a target (POST /donations) ------------------------------------------------------

const TBA = 'pc_sandbox_tba';
const TBA_DECIMALS = 18;

/**
 * The amounts of a donation: validated decimal token amounts for the link's donation_settings (as the platform's
 * DonationSettings carry them, see checkout-adjust.ts) and smallest units for the price's custom_unit_amount.
 */
function donationAmounts(body: Body): {
  tokens: { presets: string[]; preset: string | null; minimum: string; maximum: string | null; custom: boolean };
  units: CustomUnitAmount;
} {
  const amount = obj(body, 'amount') ?? {};
  const dec = (v: unknown, field: string) => {
    tokenAmount(v, TBA_DECIMALS, `amount.${field}`); // validates (400 on junk or too many decimals)
    return String(v).trim();
  };
  const unit = (v: string | null) => (v === null ? null : tokenAmount(v, TBA_DECIMALS, 'amount'));
  const units = (v: string) => tokenAmount(v, TBA_DECIMALS, 'amount');
  const presetsRaw = arr(amount, 'presets') ?? ['1', '5', '10'];
  if (presetsRaw.length > 10) throw new HttpError(400, 'amount.presets: at most 10 presets');
  const presets = presetsRaw.map((p, i) => dec(p, `presets[${i}]`));
  const minimum = amount.minimum === undefined ? '0' : dec(amount.minimum, 'minimum');
  const maximum = amount.maximum === undefined ? null : dec(amount.maximum, 'maximum');
  if (maximum !== null && BigInt(unit(maximum)!) < BigInt(unit(minimum)!))
    throw new HttpError(400, 'amount.maximum must not be below amount.minimum');
  const preset =
    amount.preset === undefined
      ? (presets[Math.floor((presets.length - 1) / 2)] ?? null)
      : dec(amount.preset, 'preset');
  const custom = bool(amount, 'custom') ?? true;
  return {
    tokens: { presets, preset, minimum, maximum, custom },
    units: {
      enabled: true,
      presets: presets.map(units),
      preset: unit(preset),
      minimum: unit(minimum),
      maximum: unit(maximum),
    },
  };
}

async function donationLink(q: Queryable, body: Body, livemode: boolean): Promise<Doc> {
  const target = str(body, 'target', { required: true, max: 200 })!.trim();
  if (!target) throw new HttpError(400, 'target is required');
  const existing = await q.query<{ data: Doc }>(
    "SELECT data FROM payment_links WHERE livemode = $1 AND data->'donation_settings'->>'target' = $2 AND active ORDER BY created_at LIMIT 1",
    [livemode, target],
  );
  if (existing.rows[0]) return existing.rows[0].data;
  const title = str(body, 'title', { max: 200 })?.trim() || 'Support';
  const description = str(body, 'description', { max: 1000 }) ?? '';
  const amount = donationAmounts(body);
  const beneficiaries = (arr(body, 'beneficiaries') ?? []).slice(0, 20).map((raw, i) => {
    const b = (raw && typeof raw === 'object' ? raw : {}) as Body;
    return {
      address: str(b, 'address', { required: true, max: 200 }) ?? `beneficiary-${i}`,
      share: String(isAbsent(b.share) ? 100 : integer(b.share, `beneficiaries[${i}].share`, { min: 0, max: 10_000 })),
      name: str(b, 'name', { max: 200 }) ?? '',
    };
  });
  const now = nowIso(q);
  const stamp = <T extends Doc>(d: T): T => ({ ...d, livemode, created_at: now, updated_at: now });
  const productId = newId('prod');
  const priceId = newId('price');
  const [, prod] = product(productId, title, description, priceId, { created_via: 'donation', features: [] });
  const [, pri] = price(priceId, productId, { [TBA]: '0' }, { custom_unit_amount: amount.units });
  const [, lnk] = link(newId('plink'), 'donation', title, priceId, {
    submit_type: 'donate',
    allow_promotion_codes: false,
    donation_settings: {
      target,
      title,
      description,
      reference: str(body, 'reference', { max: 500 }) ?? '',
      beneficiaries,
      amount: amount.tokens,
      message: str(body, 'message', { max: 500 }) ?? '',
    },
    after_completion: {
      type: 'hosted_confirmation',
      hosted_confirmation: { custom_message: 'Thank you for your support!' },
    },
  });
  // Built by the seed's row helpers (seed.ts), which make whole catalog rows.
  await insert(q, 'products', stamp(prod) as ProductRow);
  await insert(q, 'prices', stamp(pri) as PriceRow);
  return insert(q, 'payment_links', stamp(lnk));
}

export function createDonateSettingsRoutes({ db }: SandboxContext): Router {
  const r = Router();

  /** Get-or-create the settings of a mount location. */
  r.post('/settings', async (req, res) => {
    const body = bodyOf(req);
    const type = oneOf(body, 'type', ['donate'] as const);
    const mountLocation = mountLocationOf(body);
    const livemode = typeof body.livemode === 'boolean' ? body.livemode : livemodeOf(req);
    const { merchant } = callerOf(res);
    const description = str(body, 'description', { max: 255 }) ?? '';
    const componentDid = str(body, 'componentDid', { max: 100 }) ?? null;
    const settings = settingsOf(body);
    const active = bool(body, 'active');
    const doc = await db.transaction(async (tx) => {
      const existing = await byLocation(tx, type, mountLocation, livemode);
      if (existing) return existing;
      const now = nowIso(tx);
      // Only the owner/admin (or a signed request) creates settings; anyone else reads the defaults, and nothing is
      // written (a stored inactive row would switch donations off for that location).
      if (!merchant)
        return {
          id: UNSAVED_SETTING_ID,
          object: 'setting',
          livemode,
          type,
          mount_location: mountLocation,
          description,
          component_did: componentDid,
          settings,
          active: false,
          persisted: false,
          created_at: now,
          updated_at: now,
        };
      const fresh: Doc = {
        id: newId('setting'),
        object: 'setting',
        livemode,
        type,
        mount_location: mountLocation,
        description,
        component_did: componentDid,
        settings,
        active: active ?? false,
        created_at: now,
        updated_at: now,
      };
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${type}:${mountLocation}:${livemode}`]);
      return (await byLocation(tx, type, mountLocation, livemode)) ?? store(tx, fresh, true);
    });
    res.json(doc);
  });

  r.get('/settings/:id', async (req, res) => {
    const doc = await byId(db, paramOf(req, 'id'));
    if (!doc) throw new HttpError(404, `No such setting: ${paramOf(req, 'id')}`);
    res.json(doc);
  });

  /** `PUT /settings/{id} {active}` enables (or disables); `PUT /settings/{mountLocation} {settings, livemode}` updates. */
  r.put('/settings/:idOrLocation', requireMerchant, async (req, res) => {
    const key = paramOf(req, 'idOrLocation');
    const body = bodyOf(req);
    const doc = await db.transaction(async (tx) => {
      const found =
        (await byId(tx, key, true)) ??
        (await byLocation(
          tx,
          'donate',
          key,
          typeof body.livemode === 'boolean' ? body.livemode : livemodeOf(req),
          true,
        ));
      if (!found) throw new HttpError(404, `No such setting: ${key}`);
      const next: Doc = { ...found, updated_at: nowIso(tx) };
      if (body.active !== undefined) next.active = bool(body, 'active');
      if (body.settings !== undefined) next.settings = settingsOf(body);
      if (body.description !== undefined) next.description = str(body, 'description', { max: 255 }) ?? '';
      return store(tx, next, false);
    });
    res.json(doc);
  });

  r.delete('/settings/:id', requireMerchant, async (req, res) => {
    const doc = await byId(db, paramOf(req, 'id'));
    if (!doc) throw new HttpError(404, `No such setting: ${paramOf(req, 'id')}`);
    await db.query('DELETE FROM settings WHERE id = $1', [doc.id]);
    res.json({ message: 'Setting deleted' });
  });

  /**
   * The donation payment link of a target (one per target and mode): the widget passes its DonationSettings (amounts
   * in TBA token units). Only for an active donate setting of the target's mount location when one exists.
   */
  r.post('/donations', async (req, res) => {
    const body = bodyOf(req);
    const livemode = livemodeOf(req);
    const target = str(body, 'target', { required: true, max: 200 })!.trim();
    const setting = await byLocation(db, 'donate', target, livemode);
    if (setting && !setting.active)
      throw new HttpError(400, 'Donations are not enabled for this page', 'DONATION_INACTIVE');
    res.json(
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`donation:${target}:${livemode}`]);
        return donationLink(tx, body, livemode);
      }),
    );
  });

  return r;
}
