import type { HTMLAttributes, ReactNode } from 'react';
import { useCss } from './styles.tsx';

export type CardProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  /** Heading of the card (rendered as h2..h4 per `headingLevel`, default 3). */
  title?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** Content at the end of the heading row (actions). */
  extra?: ReactNode;
  padding?: number;
  /** Render as `section` (default `div`) — use when the card is a landmark-worthy region with a title. */
  as?: 'div' | 'section' | 'article';
  part?: string;
};

/** Bordered surface with optional title row. */
export function Card({
  title,
  headingLevel = 3,
  extra,
  padding = 20,
  as = 'div',
  part = 'card',
  className,
  children,
  ...rest
}: CardProps) {
  const { css, cx } = useCss();
  const Tag = as;
  const H = `h${headingLevel}` as 'h3';
  return (
    <Tag
      {...rest}
      part={part}
      className={cx(
        css`
          background: var(--pay-color-surface-raised); color: var(--pay-color-text); border: 1px solid var(--pay-color-border);
          border-radius: var(--pay-radius-lg); padding: ${padding}px; min-width: 0;
        `,
        className,
      )}
    >
      {title || extra ? (
        <div className={css`display: flex; align-items: center; gap: 12px; margin-bottom: 12px;`}>
          {title ? <H className={css`flex: 1; margin: 0; font-size: 16px; font-weight: 650;`}>{title}</H> : null}
          {extra}
        </div>
      ) : null}
      {children}
    </Tag>
  );
}
