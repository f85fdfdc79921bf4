/**
 * Donations (no HTTP): the donate settings of a mount location (product-spec §3 "Donate settings: id, active,
 * settings", §7 POST/PUT /api/settings, §6 "Owner/admin: enable donation settings"), the donation payment link of a
 * target (payment-kit-api.md POST /api/donations) and the beneficiaries of a donation link.
 * routes/donate-settings-routes.ts is the router of the settings and the link.
 *
 * - The `settings` table (its migration, registered by payment/index.ts as the area `payment-settings`) and its
 *   repository: one row per (type, mountLocation, livemode); a setting goes out as TSetting (`mount_location`,
 *   `component_did`).
 * - `settingOfLocation`: get-or-create the settings of a mount location. Only the merchant creates the row; anyone
 *   else gets the inactive defaults with id `setting_unsaved` and nothing is written (a stored inactive row would
 *   switch donations off for that location).
 * - `settingById`, `updateSetting` (by id, or by mount location), `deleteSetting`.
 * - `donationLinkOf`: the donation payment link of a target, one per target and mode (its product, custom-amount
 *   price and link made on first use), refused while the settings of the target's mount location are inactive.
 * - `donationBenefits`: the people a donation link's donations go to, with their share in percent (spec §3 Benefit).
 */
import { registerMigrations, type Db, type Queryable } from '../../db.ts';
import { HttpError } from '../../platform.ts';
import { integer, isAbsent, tokenAmount } from '../../validate.ts';
import { insert, mustFind, newId, type Doc } from '../data/repo.ts';
import type { CustomUnitAmount, PriceRow, ProductRow } from '../data/schema.ts';
import { link, price, product } from '../data/seed.ts';
import { arr, bool, obj, oneOf, str, type Body } from './fields.ts';

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

/** Called by payment/index.ts after the payment migrations (the table is its own area). */
export function registerDonateSettings(): void {
  registerMigrations('payment-settings', [donateSettingsMigration]);
}

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
 * DonationSettings carry them, see domain/checkout-adjust.ts `setCustomAmount`) and smallest units for the price's custom_unit_amount.
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
  const now = q.clock.iso();
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
  // Built by the seed's row helpers (../data/seed.ts), which make whole catalog rows.
  await insert(q, 'products', stamp(prod) as ProductRow);
  await insert(q, 'prices', stamp(pri) as PriceRow);
  return insert(q, 'payment_links', stamp(lnk));
}

// --- the settings of a mount location -------------------------------------------------------------------------

/**
 * The settings of the mount location `body` names (`{type: 'donate', mountLocation, description?, settings?,
 * active?, componentDid?}`) in `livemode`: the stored row when there is one; else, for the merchant, a new row
 * (honouring `active`, one per location even when two requests race); for anyone else the inactive defaults, unsaved.
 */
export async function settingOfLocation(
  db: Db,
  body: Body,
  caller: { livemode: boolean; merchant: boolean },
): Promise<Doc> {
  const type = oneOf(body, 'type', ['donate'] as const);
  const mountLocation = mountLocationOf(body);
  const { livemode, merchant } = caller;
  const description = str(body, 'description', { max: 255 }) ?? '';
  const componentDid = str(body, 'componentDid', { max: 100 }) ?? null;
  const settings = settingsOf(body);
  const active = bool(body, 'active');
  return db.transaction(async (tx) => {
    const existing = await byLocation(tx, type, mountLocation, livemode);
    if (existing) return existing;
    const now = tx.clock.iso();
    const fields = {
      object: 'setting',
      livemode,
      type,
      mount_location: mountLocation,
      description,
      component_did: componentDid,
      settings,
      created_at: now,
      updated_at: now,
    } as const;
    // Only the owner/admin (or a signed request) creates settings; anyone else reads the defaults, and nothing is
    // written (a stored inactive row would switch donations off for that location).
    if (!merchant) return { id: UNSAVED_SETTING_ID, ...fields, active: false, persisted: false };
    const fresh: Doc = { id: newId('setting'), ...fields, active: active ?? false };
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${type}:${mountLocation}:${livemode}`]);
    return (await byLocation(tx, type, mountLocation, livemode)) ?? store(tx, fresh, true);
  });
}

/** The setting `id`, else 404. */
export async function settingById(q: Queryable, id: string): Promise<Doc> {
  const doc = await byId(q, id);
  if (!doc) throw new HttpError(404, `No such setting: ${id}`);
  return doc;
}

/**
 * Changes the setting named by id, or else by its donate mount location in `livemode`, in one transaction: `active`
 * enables (or disables), `settings` and `description` update. 404 when neither names one.
 */
export async function updateSetting(db: Db, key: string, body: Body, livemode: boolean): Promise<Doc> {
  return db.transaction(async (tx) => {
    const found = (await byId(tx, key, true)) ?? (await byLocation(tx, 'donate', key, livemode, true));
    if (!found) throw new HttpError(404, `No such setting: ${key}`);
    const next: Doc = { ...found, updated_at: tx.clock.iso() };
    if (body.active !== undefined) next.active = bool(body, 'active');
    if (body.settings !== undefined) next.settings = settingsOf(body);
    if (body.description !== undefined) next.description = str(body, 'description', { max: 255 }) ?? '';
    return store(tx, next, false);
  });
}

/** Deletes the setting `id` (404 when there is none). */
export async function deleteSetting(q: Queryable, id: string): Promise<void> {
  const doc = await settingById(q, id);
  await q.query('DELETE FROM settings WHERE id = $1', [doc.id]);
}

// --- donations ------------------------------------------------------------------------------------------------

/**
 * The donation payment link of `body.target` in `livemode` (one per target and mode, made on first use under a lock
 * of that target): 400 DONATION_INACTIVE while the donate settings of a mount location equal to the target are
 * inactive. The body is the widget's DonationSettings (amounts in TBA token units).
 */
export async function donationLinkOf(db: Db, body: Body, livemode: boolean): Promise<Doc> {
  const target = str(body, 'target', { required: true, max: 200 })!.trim();
  const setting = await byLocation(db, 'donate', target, livemode);
  if (setting && !setting.active)
    throw new HttpError(400, 'Donations are not enabled for this page', 'DONATION_INACTIVE');
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`donation:${target}:${livemode}`]);
    return donationLink(tx, body, livemode);
  });
}

/** The people the donations of payment link `linkId` go to, each with its share of the total in percent. */
export async function donationBenefits(q: Queryable, linkId: string): Promise<Body[]> {
  const paymentLink = await mustFind(q, 'payment_links', linkId);
  const list = (paymentLink.donation_settings?.beneficiaries as Doc[] | undefined) ?? [];
  const total = list.reduce((n, b) => n + Number(b.share ?? 0), 0) || 1;
  return list.map((b) => ({
    name: b.name ?? b.address,
    address: b.address,
    avatar: b.avatar ?? null,
    type: b.type ?? 'user',
    url: b.url ?? null,
    percent: Math.round((Number(b.share ?? 0) / total) * 100),
  }));
}
