import { Router } from 'express';
import type { SandboxContext } from '../context.ts';
import type { Doc } from './repo.ts';

/**
 * GET /sandbox/catalog: the seeded payment links for the reference host's demo page,
 * [{id, name, description, kind, amount, symbol, decimal}]; amount is in the smallest unit (format with decimal).
 */
export function createDemoCatalogRoutes({ db }: SandboxContext): Router {
  const r = Router();
  r.get('/sandbox/catalog', async (_req, res) => {
    const { rows } = await db.query<{ link: Doc; price: Doc; product: Doc; currency: Doc }>(
      `SELECT l.data AS link, p.data AS price, pr.data AS product, c.data AS currency
       FROM payment_links l
       JOIN prices p ON p.id = l.data->'line_items'->0->>'price_id'
       JOIN products pr ON pr.id = p.product_id
       JOIN payment_currencies c ON c.id = l.data->>'currency_id'
       WHERE l.active AND l.data->'metadata'->>'sandbox_kind' IS NOT NULL
       ORDER BY l.created_at, l.id`,
    );
    res.json(
      rows.map(({ link, price, product, currency }) => {
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
      }),
    );
  });
  return r;
}
