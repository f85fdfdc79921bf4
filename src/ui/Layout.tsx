import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { useCss } from './styles.tsx';

export type StackProps = HTMLAttributes<HTMLDivElement> & {
  /** `column` (default) or `row`. */
  direction?: 'row' | 'column';
  /** Gap in px (default 12). */
  gap?: number;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  wrap?: boolean;
  /** Switch a row to a column below the md breakpoint (900 px). */
  stackBelowMd?: boolean;
  children?: ReactNode;
};

/** Flex box with a gap. */
export function Stack({
  direction = 'column',
  gap = 12,
  align,
  justify,
  wrap,
  stackBelowMd,
  className,
  children,
  ...rest
}: StackProps) {
  const { css, cx } = useCss();
  return (
    <div
      {...rest}
      className={cx(
        css`
          display: flex; flex-direction: ${direction}; gap: ${gap}px; min-width: 0;
          ${align ? `align-items: ${align};` : ''} ${justify ? `justify-content: ${justify};` : ''} ${wrap ? 'flex-wrap: wrap;' : ''}
          ${stackBelowMd ? '@media (max-width: 899px) { flex-direction: column; align-items: stretch; }' : ''}
        `,
        className,
      )}
    >
      {children}
    </div>
  );
}

export type GridProps = HTMLAttributes<HTMLDivElement> & {
  /** Minimum column width in px: as many columns as fit (default 260). */
  min?: number;
  gap?: number;
  children?: ReactNode;
};

/** Responsive grid: `repeat(auto-fill, minmax(min, 1fr))`. */
export function Grid({ min = 260, gap = 16, className, children, ...rest }: GridProps) {
  const { css, cx } = useCss();
  return (
    <div
      {...rest}
      className={cx(
        css`display: grid; gap: ${gap}px; grid-template-columns: repeat(auto-fill, minmax(min(${min}px, 100%), 1fr));`,
        className,
      )}
    >
      {children}
    </div>
  );
}

export type ContainerProps = HTMLAttributes<HTMLDivElement> & { maxWidth?: number; children?: ReactNode };

/** Centred content column with side padding (16 px small screens, 24 px otherwise). */
export function Container({ maxWidth = 1200, className, children, ...rest }: ContainerProps) {
  const { css, cx } = useCss();
  return (
    <div
      {...rest}
      className={cx(
        css`width: 100%; max-width: ${maxWidth}px; margin: 0 auto; padding: 0 24px; @media (max-width: 599px) { padding: 0 16px; }`,
        className,
      )}
    >
      {children}
    </div>
  );
}
