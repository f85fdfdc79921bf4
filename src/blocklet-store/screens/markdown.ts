/**
 * Markdown → sanitized HTML for blocklet readmes. Loaded lazily (dynamic import) so marked + DOMPurify stay out of
 * the first-paint bundle. marked parses (GFM), DOMPurify removes scripts, event handlers, javascript: URLs, forms,
 * iframes and styles; links get rel=noopener noreferrer and open in a new tab; images must be http(s).
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

let hooked = false;
function hook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!/^(https?:)?\/\//i.test(src) && !src.startsWith('/')) node.removeAttribute('src');
      node.setAttribute('loading', 'lazy');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    }
  });
}

/** `headingOffset` moves headings down (## → h5 with 3), for markdown shown inside a page's own sections. */
export function renderMarkdown(md: string, opts: { headingOffset?: number } = {}): string {
  hook();
  let html = marked.parse(md, { async: false, gfm: true }) as string;
  const off = Math.max(0, Math.min(5, Math.trunc(opts.headingOffset ?? 0)));
  if (off) html = html.replace(/<(\/?)h([1-6])(?=[\s>])/g, (_m, slash: string, n: string) => `<${slash}h${Math.min(6, Number(n) + off)}`);
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style', 'id', 'name'],
  });
}
