/**
 * The sandbox card (no HTTP): what confirming a card payment does in the sandbox, where Stripe is a stand-in
 * (routes/stripe-standin-routes.ts serves the stand-in module, checks the client secret with the app key and is this file's
 * router). Card 4000 0000 0000 0002 is declined, as in Stripe's test mode.
 */
import type { Db } from '../../db.ts';
import { HttpError, type EventBus } from '../../platform.ts';
import { paySession, publishWhenCommitted } from './pay.ts';
import { find, mustFind } from '../data/repo.ts';

/** The test card that is always declined. */
const DECLINED_CARD = '4000000000000002';

/**
 * Confirms the card payment of payment intent `intentId` with card number `card` (digits only): 400 for an incomplete
 * number, 402 for the declined test card, 400 when the intent is not a card payment or has no checkout session.
 * A succeeded intent is answered as it is; otherwise its session is paid in one transaction (the payer is the
 * intent's customer), and the payment's events are published once it committed.
 */
export async function confirmCardPayment(
  env: { db: Db; events: EventBus },
  intentId: string,
  card: string,
): Promise<{ id: string; status: 'succeeded' }> {
  const { db, events } = env;
  if (!/^\d{12,19}$/.test(card)) throw new HttpError(400, 'Your card number is incomplete.', 'incomplete_number');
  if (card === DECLINED_CARD) throw new HttpError(402, 'Your card was declined.', 'card_declined');
  const intent = await mustFind(db, 'payment_intents', intentId);
  const method = await find(db, 'payment_methods', intent.payment_method_id);
  if (method?.type !== 'stripe') throw new HttpError(400, 'This payment intent is not a card payment');
  if (intent.status === 'succeeded') return { id: intent.id, status: 'succeeded' };
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM checkout_sessions WHERE data->>'payment_intent_id' = $1 LIMIT 1",
    [intent.id],
  );
  const sessionId = rows[0]?.id;
  if (!sessionId) throw new HttpError(400, 'No checkout session for this payment intent');
  const customer = intent.customer_id ? await find(db, 'customers', intent.customer_id) : null;
  const paid = await db.transaction((tx) => paySession(tx, sessionId, customer?.did ?? 'stripe-card'));
  publishWhenCommitted(db, events, paid);
  return { id: paid.paymentIntent.id, status: 'succeeded' };
}
