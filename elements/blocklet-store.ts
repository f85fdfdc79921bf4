import { messages } from '../src/blocklet-store/messages.ts';
import { prefetchStore } from '../src/blocklet-store/queries.ts';
import { defineElement, optionsFromMeta } from '../src/ui/element.ts';
import { meta } from './_runtime/blocklet-store.ts';

export default defineElement(
  meta.tag,
  () => import('../src/blocklet-store/BlockletStore.tsx').then((m) => m.BlockletStore),
  { ...optionsFromMeta(meta, 'store', messages), prefetch: prefetchStore },
);
