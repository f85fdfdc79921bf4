import { describe, expect, it } from 'vitest';
import { methodExplorerHref, transactionOf } from '../../src/core/links.ts';

const ARC = { type: 'arcblock', settings: { arcblock: { explorer_host: 'https://explorer.example/' } } };

describe('transaction details (spec §3)', () => {
  it("reads the method's entry of payment_details, else the first one", () => {
    const details = { stripe: { payment_intent_id: 'pi_1' }, arcblock: { tx_hash: '0xab' } };
    expect(transactionOf(details, ARC)).toEqual({ methodType: 'arcblock', tx: { tx_hash: '0xab' } });
    expect(transactionOf({ ethereum: { tx_hash: '0xee', gas_used: '21000' } }, null)).toEqual({
      methodType: 'ethereum',
      tx: { tx_hash: '0xee', gas_used: '21000' },
    });
    expect(transactionOf({ ethereum: { tx_hash: '0xee' } }, { type: 'base' })).toEqual({
      methodType: 'base',
      tx: { tx_hash: '0xee' },
    });
    expect(transactionOf(null, ARC)).toEqual({ methodType: 'arcblock', tx: {} });
  });

  it("links a hash to the method's explorer only when it has a safe one", () => {
    expect(methodExplorerHref(ARC, '0xab')).toBe('https://explorer.example/tx/0xab');
    expect(methodExplorerHref({ type: 'arcblock', settings: {} }, '0xab')).toBeNull();
    expect(methodExplorerHref(null, '0xab')).toBeNull();
    expect(
      methodExplorerHref(
        { type: 'arcblock', settings: { arcblock: { explorer_host: 'javascript:alert(1)//' } } },
        '0xab',
      ),
    ).toBeNull();
  });
});
