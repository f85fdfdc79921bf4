/**
 * The sandbox wallet (table `wallet_balances`, smallest units per user and currency): the stand-in for a payer's
 * on-chain balance. Every move is one statement, so it runs inside the caller's transaction and rolls back with it.
 */
import type { Queryable } from '../../db.ts';
import type { PlatformWallet } from '../../platform.ts';

/** A wallet's balance of one currency ('0' when it holds none). */
export async function walletBalance(q: Queryable, did: string, currencyId: string): Promise<string> {
  const { rows } = await q.query<{ balance: string }>(
    'SELECT balance::text AS balance FROM wallet_balances WHERE user_did = $1 AND currency_id = $2',
    [did, currencyId],
  );
  return rows[0]?.balance ?? '0';
}

/** Takes `amount` from the wallet; false (nothing taken) when the balance is short. */
export async function debitWallet(q: Queryable, did: string, currencyId: string, amount: string): Promise<boolean> {
  const { rows } = await q.query(
    'UPDATE wallet_balances SET balance = balance - $3::numeric WHERE user_did = $1 AND currency_id = $2 AND balance >= $3::numeric RETURNING 1',
    [did, currencyId, amount],
  );
  return rows.length > 0;
}

/** Adds `amount` to the wallet (a refund, a returned stake, a test's funding), or with `set` makes it the balance. */
export async function creditWallet(
  q: Queryable,
  did: string,
  currencyId: string,
  amount: string,
  opts: { set?: boolean } = {},
): Promise<string> {
  const { rows } = await q.query<{ balance: string }>(
    `INSERT INTO wallet_balances (user_did, currency_id, balance) VALUES ($1, $2, $3::numeric)
     ON CONFLICT (user_did, currency_id) DO UPDATE SET balance = CASE WHEN $4 THEN EXCLUDED.balance ELSE wallet_balances.balance + EXCLUDED.balance END
     RETURNING balance::text AS balance`,
    [did, currencyId, amount, opts.set === true],
  );
  return rows[0]!.balance;
}

/** The sandbox wallet as the platform's wallet interface (provided in payment/index.ts; other areas use platform.wallet). */
export const sandboxWallet: PlatformWallet = { balance: walletBalance, debit: debitWallet, credit: creditWallet };
