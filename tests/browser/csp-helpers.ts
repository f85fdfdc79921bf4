/** A frame under the strict CSP (/__stub/csp-frame.html) with element modules loaded in it. */
import type { CspFrameWindow } from './csp-frame.ts';
import { waitFor } from './helpers.ts';

type Tag = Parameters<CspFrameWindow['loadElement']>[0];

export type CspFrame = {
  iframe: HTMLIFrameElement;
  win: CspFrameWindow;
  doc: Document;
  /** Puts HTML into the frame's body; returns its first element. */
  mount(html: string): HTMLElement;
  remove(): void;
};

export async function cspFrame(tags: Tag | Tag[], { width = 1280, height = 800 } = {}): Promise<CspFrame> {
  const iframe = document.createElement('iframe');
  iframe.width = String(width);
  iframe.height = String(height);
  iframe.title = 'CSP frame';
  iframe.src = '/__stub/csp-frame.html';
  document.body.appendChild(iframe);
  const win = await waitFor(
    () => {
      const w = iframe.contentWindow as CspFrameWindow | null;
      return w?.cspFrameReady ? w : null;
    },
    { timeout: 10_000, message: 'CSP frame did not load' },
  );
  for (const tag of Array.isArray(tags) ? tags : [tags]) await win.loadElement(tag);
  const doc = iframe.contentDocument!;
  return {
    iframe,
    win,
    doc,
    mount(html) {
      const div = doc.createElement('div');
      div.innerHTML = html;
      doc.body.appendChild(div);
      return div.firstElementChild as HTMLElement;
    },
    remove() {
      iframe.remove();
    },
  };
}
