/** The readme section: markdown in the current language (fallback en), rendered through the lazy markdown module. */
import { useEffect, useState } from 'react';
import { useCss } from '../../ui/styles.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

export function Readme({ markdown }: { markdown: string }) {
  const { css } = useCss();
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('./markdown.ts').then((m) => {
      if (live) setHtml(m.renderMarkdown(markdown));
    });
    return () => {
      live = false;
    };
  }, [markdown]);
  if (html === null) return <Skeleton lines={5} />;
  return (
    <div
      part="readme"
      className={css`
        line-height: 1.6; overflow-wrap: anywhere;
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
