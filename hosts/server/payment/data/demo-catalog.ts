/**
 * The demo catalog (no HTTP): the seeded payment links the reference host's demo page lists (those with a
 * `metadata.sandbox_kind`). routes/demo-catalog-routes.ts is its router.
 */
import type { Queryable } from '../../db.ts';
import type { Doc } from './repo.ts';

/** One link of the demo page; `amount` is in the smallest unit (format it with `decimal`). */
export type DemoLink = {
  id: string;
  name: string;
  description: string;
  kind: string;
  amount: string;
  symbol: string;
  decimal: number;
};

/** The active demo links, oldest first, each with its first item's product, amount and currency. */
export async function demoCatalog(q: Queryable): Promise<DemoLink[]> {
  const { rows } = await q.query<{ link: Doc; price: Doc; product: Doc; currency: Doc }>(
    `SELECT l.data AS link, p.data AS price, pr.data AS product, c.data AS currency
     FROM payment_links l
     JOIN prices p ON p.id = l.data->'line_items'->0->>'price_id'
     JOIN products pr ON pr.id = p.product_id
     JOIN payment_currencies c ON c.id = l.data->>'currency_id'
     WHERE l.active AND l.data->'metadata'->>'sandbox_kind' IS NOT NULL
     ORDER BY l.created_at, l.id`,
  );
  return rows.map(({ link, price, product, currency }) => {
    const option = (price.currency_options as Doc[]).find((o) => o.currency_id === currency.id);
    const custom = option?.custom_unit_amount ?? price.custom_unit_amount;
    return {
      id: link.id,
      name: product.name,
      description: product.description,
      kind: link.metadata.sandbox_kind,
      amount: custom?.preset ?? option?.unit_amount ?? price.unit_amount,
      symbol: currency.symbol,
      decimal: currency.decimal,
    };
  });
}
