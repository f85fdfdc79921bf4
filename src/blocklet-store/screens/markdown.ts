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

/**
 * `nested`: markdown shown inside a section of the page (under its h2), such as a change log: headings start at h3
 * (# and ## → h3, ### → h4 …), so the page's heading order stays whole.
 */
export function renderMarkdown(md: string, opts: { nested?: boolean } = {}): string {
  hook();
  let html = marked.parse(md, { async: false, gfm: true }) as string;
  if (opts.nested)
    html = html.replace(
      /<(\/?)h([1-6])(?=[\s>])/g,
      (_m, slash: string, n: string) => `<${slash}h${Math.min(6, Math.max(3, Number(n) + 1))}`,
    );
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style', 'id', 'name'],
  });
}
