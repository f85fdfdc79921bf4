import type { HTMLAttributes, ReactNode } from 'react';
import { visuallyHidden } from './shared-css.ts';
import { useCss } from './styles.tsx';

/** Text for assistive technology only. */
export function VisuallyHidden({ children, ...rest }: HTMLAttributes<HTMLSpanElement> & { children: ReactNode }) {
  const { css } = useCss();
  return (
    <span {...rest} className={css(visuallyHidden)}>
      {children}
    </span>
  );
}
