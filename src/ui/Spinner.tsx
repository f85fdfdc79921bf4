import { useCss } from './styles.tsx';

export type SpinnerProps = {
  /** Pixel size (default 20). */
  size?: number;
  /** Accessible label; without it the spinner is decorative (aria-hidden). */
  label?: string;
  className?: string;
};

/** A rotating ring in the current text colour. */
export function Spinner({ size = 20, label, className }: SpinnerProps) {
  const { css, keyframes, cx } = useCss();
  const spin = keyframes`from{transform:rotate(0deg);}to{transform:rotate(360deg);}`;
  const cls = css`
    display: inline-block; flex: none; width: ${size}px; height: ${size}px; vertical-align: middle;
    animation: ${spin} 0.8s linear infinite;
    @media (prefers-reduced-motion: reduce) { animation-duration: 2.4s; }
  `;
  const svg = (
    <svg
      className={cx(cls, className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      part="spinner"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return svg;
  return (
    <span role="status" aria-label={label} className={css`display:inline-flex;`}>
      {svg}
    </span>
  );
}
