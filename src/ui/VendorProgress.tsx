/**
 * Vendor progress after payment (spec §4, §8, §9): polled every 5 s; stops when every vendor reached 100, when one
 * failed, or when — after 6 s — one reports an error with a message. A failed vendor shows 0 % with the error bar and
 * the refund text; 100 shows a check; while the server is below 100 the bar keeps creeping up to 99.
 */
import { useEffect, useState } from 'react';
import type { VendorStatus } from '../api/types.ts';
import { vendorsSettled } from '../core/checkout.ts';
import { VENDOR_POLL_MS } from '../core/constants.ts';
import { useApi } from './api.tsx';
import { useT } from './i18n.tsx';
import { useCss } from './styles.tsx';
import { isolate } from '../core/bidi.ts';

export function VendorProgress({ sessionId }: { sessionId: string }) {
  const api = useApi();
  const t = useT();
  const { css } = useCss();
  const [vendors, setVendors] = useState<VendorStatus[]>([]);
  const [creep, setCreep] = useState(0);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const tick = async () => {
      try {
        const { vendors: next } = await api.checkout.vendorStatus(sessionId);
        if (!live) return;
        setVendors(next);
        if (vendorsSettled(next, Date.now() - started)) return;
      } catch {
        /* try again at the next tick */
      }
      if (live) timer = setTimeout(() => void tick(), VENDOR_POLL_MS);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, sessionId]);

  // The bar animates up to 99 until the server says 100.
  useEffect(() => {
    const id = setInterval(() => setCreep((c) => (c >= 99 ? 99 : c + 1)), 120);
    return () => clearInterval(id);
  }, []);

  if (!vendors.length) return null;
  return (
    <section
      part="vendors"
      aria-labelledby="vendors-h"
      className={css`width: 100%; display: flex; flex-direction: column; gap: 12px; text-align: start; margin-top: 8px;`}
    >
      <h3 id="vendors-h" className={css`margin: 0; font-size: 15px;`}>
        {t('vendor.title')}
      </h3>
      {vendors.map((v, i) => {
        const failed = v.status === 'failed';
        const done = !failed && v.progress >= 100;
        const percent = failed ? 0 : done ? 100 : Math.min(99, Math.max(v.progress, creep));
        const title = v.title || v.name || `#${i + 1}`;
        return (
          <div
            key={`${v.name}-${i}`}
            part="vendor"
            data-status={failed ? 'failed' : done ? 'delivered' : 'processing'}
            className={css`display: flex; flex-direction: column; gap: 6px;`}
          >
            <div className={css`display: flex; justify-content: space-between; gap: 8px; font-size: 14px;`}>
              <span className={css`font-weight: 600;`}>{title}</span>
              <span
                className={css`color: ${failed ? 'var(--pay-color-danger)' : done ? 'var(--pay-color-success)' : 'var(--pay-color-muted)'}; display: inline-flex; align-items: center; gap: 4px;`}
              >
                {done ? (
                  <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path
                      d="M5 12.5l4.5 4.5L19 7.5"
                      stroke="currentColor"
                      strokeWidth="3"
                      fill="none"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                ) : null}
                {failed ? t('vendor.failedShort') : done ? t('vendor.delivered') : t('vendor.processing')}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={title}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={t('vendor.progress', { title: isolate(title), percent })}
              className={css`height: 8px; border-radius: 999px; background: ${failed ? 'var(--pay-color-danger-bg)' : 'var(--pay-color-neutral-bg)'}; overflow: hidden;`}
            >
              <div
                className={css`height: 100%; width: ${failed ? 100 : percent}%; background: ${failed ? 'var(--pay-color-danger)' : done ? 'var(--pay-color-success)' : 'var(--pay-color-primary)'}; transition: width 250ms ease; @media (prefers-reduced-motion: reduce) { transition: none; }`}
              />
            </div>
            {failed ? (
              <p role="alert" className={css`margin: 0; font-size: 13px; color: var(--pay-color-danger);`}>
                {t('vendor.failed')}{' '}
                {v.error_message ? (
                  <span className={css`display: block; color: var(--pay-color-warning);`}>{v.error_message}</span>
                ) : null}
              </p>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
