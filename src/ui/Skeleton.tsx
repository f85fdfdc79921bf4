import { useEffect, useState } from 'react';
import { useT } from './i18n.tsx';
import { useCss } from './styles.tsx';
import { VisuallyHidden } from './VisuallyHidden.tsx';

/** Spec §9: a skeleton appears only when loading takes longer than this. */
export const SKELETON_DELAY_MS = 500;

/** `true` after `ms` have passed since mount. */
export function useDelay(ms: number): boolean {
  const [ready, setReady] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return;
    const id = setTimeout(() => setReady(true), ms);
    return () => clearTimeout(id);
  }, [ms]);
  return ready;
}

export type SkeletonProps = {
  /** Number of text lines (default 1) — ignored when `height` is given. */
  lines?: number;
  width?: number | string;
  height?: number | string;
  variant?: 'text' | 'rect' | 'circle';
  /** Wait before showing (default 500 ms); nothing renders before that. */
  delay?: number;
  /** Announce "Loading…" to screen readers (default true). Turn off for many skeletons in one region. */
  announce?: boolean;
  className?: string;
};

/** Shimmering placeholder shown after a delay (default 500 ms); nothing before it, so fast loads do not flash. */
export function Skeleton({
  lines = 1,
  width,
  height,
  variant = 'text',
  delay = SKELETON_DELAY_MS,
  announce = true,
  className,
}: SkeletonProps) {
  const ready = useDelay(delay);
  const { css, keyframes, cx } = useCss();
  const t = useT();
  if (!ready) return null;
  // The shine is a layer of its own, one bar wide, that moves (transform) over the bar's flat colour: the compositor
  // moves it each frame, where a moving background repainted every bar on the main thread. Its peak sweeps from half
  // a bar before the start to half a bar past the end (toward the end of the line: from the right in a right-to-left
  // element); reduced motion shows the flat bar.
  const sweep = keyframes`from{transform:translateX(-100%);}to{transform:translateX(100%);}`;
  const block = css`
    display: block; position: relative; overflow: hidden; background: var(--pay-color-skeleton);
    border-radius: ${variant === 'circle' ? '50%' : variant === 'rect' ? 'var(--pay-radius)' : '4px'};
    &::after {
      content: ''; position: absolute; inset: 0; transform: translateX(-100%);
      background: linear-gradient(90deg, var(--pay-color-skeleton), var(--pay-color-skeleton-shine), var(--pay-color-skeleton));
      animation: ${sweep} 1.4s ease-in-out infinite;
    }
    [dir='rtl'] &::after { animation-direction: reverse; }
    @media (prefers-reduced-motion: reduce) { &::after { animation: none; display: none; } }
  `;
  const size = (v: number | string | undefined, d: string) =>
    v === undefined ? d : typeof v === 'number' ? `${v}px` : v;
  const n = height !== undefined || variant !== 'text' ? 1 : Math.max(1, lines);
  return (
    <span className={cx(css`display: flex; flex-direction: column; gap: 8px;`, className)} part="skeleton">
      {announce ? (
        <span role="status">
          <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
        </span>
      ) : null}
      {Array.from({ length: n }, (_, i) => (
        <span
          key={i}
          aria-hidden="true"
          className={block}
          style={{
            width: size(width, n > 1 && i === n - 1 ? '60%' : '100%'),
            height: size(height, variant === 'text' ? '1em' : '48px'),
          }}
        />
      ))}
    </span>
  );
}
