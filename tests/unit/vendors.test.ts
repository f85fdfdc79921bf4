import { describe, expect, it } from 'vitest';
import { vendorProgress } from '../../hosts/server/payment/domain/vendors.ts';
import { vendorsSettled } from '../../src/core/checkout.ts';

describe('vendor progress', () => {
  it('stops polling when all reach 100, one failed, or after 6 s one has an error message', () => {
    expect(vendorsSettled([], 0)).toBe(false);
    expect(
      vendorsSettled(
        [
          { status: 'delivered', progress: 100 },
          { status: 'processing', progress: 50 },
        ],
        0,
      ),
    ).toBe(false);
    expect(
      vendorsSettled(
        [
          { status: 'delivered', progress: 100 },
          { status: 'delivered', progress: 100 },
        ],
        0,
      ),
    ).toBe(true);
    expect(vendorsSettled([{ status: 'failed', progress: 0 }], 0)).toBe(true);
    const erroring = [{ status: 'processing', progress: 40, error: { code: 'X' }, error_message: 'stuck' }];
    expect(vendorsSettled(erroring, 5_999)).toBe(false);
    expect(vendorsSettled(erroring, 6_000)).toBe(true);
  });

  it('the sandbox vendors move 25 % every 2 s; a failing one fails after 3 s', () => {
    const cfg = { name: 'didnames', title: 'DID name', vendor_type: 'didnames' } as never;
    expect(vendorProgress(cfg, 100, 100)).toMatchObject({ status: 'processing', progress: 0, vendorType: 'didnames' });
    expect(vendorProgress(cfg, 100, 105)).toMatchObject({ status: 'processing', progress: 50 });
    expect(vendorProgress(cfg, 100, 108)).toMatchObject({ status: 'delivered', progress: 100 });
    const failing = { name: 'launcher', sandbox_fail: true } as never;
    expect(vendorProgress(failing, 100, 102)).toMatchObject({ status: 'processing' });
    expect(vendorProgress(failing, 100, 103)).toMatchObject({
      status: 'failed',
      progress: 0,
      error_message: expect.any(String),
    });
  });
});
