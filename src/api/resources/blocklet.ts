/** The app description: explicit settings.blocklet, else (cross-origin) the fetched JSON, else window.blocklet, else fetched. */
import { fetchBlockletJson, isCrossOrigin, pageOrigin } from '../base.ts';
import type { Transport } from '../http.ts';
import type { WindowBlocklet } from '../types.ts';

export function createBlocklet(t: Transport) {
  return {
    /** The description known without a request (explicit settings.blocklet, else window.blocklet), read only. */
    current: (): WindowBlocklet | undefined => t.blocklet,
    async get(): Promise<WindowBlocklet> {
      if (t.settings.blocklet) return t.settings.blocklet;
      const cross = isCrossOrigin(t.settings.baseUrl);
      if (!cross) {
        const b = t.blocklet;
        if (b) return b;
      }
      const origin = t.origin || pageOrigin() || '';
      return fetchBlockletJson(origin, t.adapter);
    },
  };
}
