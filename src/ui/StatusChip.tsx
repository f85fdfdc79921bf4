import type { ReactNode } from 'react';
import { toneColors, type Tone } from './shared-css.ts';
import { useCss } from './styles.tsx';

export type StatusChipProps = { tone?: Tone; children: ReactNode; className?: string };

/** Small status label. Tones: success, secondary, warning, default, error, info (spec §4 invoice tones). */
export function StatusChip({ tone = 'default', children, className }: StatusChipProps) {
  const { css, cx } = useCss();
  const [fg, bg] = toneColors[tone];
  return (
    <span
      part="chip"
      data-tone={tone}
      className={cx(
        css`
          display: inline-flex; align-items: center; gap: 4px; padding: 2px 8px; min-height: 22px;
          border-radius: 999px; font-size: 12px; font-weight: 600; line-height: 1.4; white-space: nowrap;
          color: ${fg}; background: ${bg}; border: 1px solid color-mix(in srgb, ${fg} 30%, transparent);
        `,
        className,
      )}
    >
      {children}
    </span>
  );
}
