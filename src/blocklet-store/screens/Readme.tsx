/**
 * Sanitized markdown (the lazy markdown module): the readme section (in the current language, fallback en) and, with
 * `compact`, a version's change log (small text, its headings under the page's own: h3 and smaller).
 */
import { useEffect, useState } from 'react';
import { useCss } from '../../ui/styles.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

export function Readme({
  markdown,
  compact = false,
  part = 'readme',
}: {
  markdown: string;
  compact?: boolean;
  part?: string;
}) {
  const { css } = useCss();
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('./markdown.ts').then((m) => {
      if (live) setHtml(m.renderMarkdown(markdown, compact ? { nested: true } : undefined));
    });
    return () => {
      live = false;
    };
  }, [markdown, compact]);
  if (html === null) return <Skeleton lines={compact ? 2 : 5} />;
  return (
    <div
      part={part}
      className={css`
        line-height: 1.6; overflow-wrap: anywhere;
        ${compact ? 'margin-top: 2px; font-size: 13px; line-height: 1.5; & > :first-child { margin-top: 0; } & > :last-child { margin-bottom: 0; } & h3, & h4, & h5, & h6 { font-size: 13px; margin: 6px 0 2px; } & p, & ul, & ol { margin: 2px 0; } & ul, & ol { padding-inline-start: 18px; }' : ''}
        & h1 { font-size: 22px; margin: 0 0 12px; } & h2 { font-size: 18px; margin: 20px 0 8px; } & h3 { font-size: 16px; }
        & a { color: var(--pay-color-primary); } & img { max-width: 100%; height: auto; }
        & pre { overflow-x: auto; padding: 12px; border-radius: var(--pay-radius); background: var(--pay-color-secondary-bg); }
        & code { font-family: ui-monospace, monospace; font-size: 0.92em; }
        & table { border-collapse: collapse; } & td, & th { border: 1px solid var(--pay-color-border); padding: 4px 8px; }
      `}
      // Sanitized on purpose: marked output cleaned by DOMPurify (markdown.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
