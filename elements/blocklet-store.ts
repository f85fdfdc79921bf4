import { BlockletStore } from '../src/blocklet-store/BlockletStore.tsx';
import { messages } from '../src/blocklet-store/messages.ts';
import { defineElement, optionsFromMeta } from '../src/ui/element.tsx';
import { meta } from './_runtime/blocklet-store.ts';

export default defineElement(meta.tag, BlockletStore, optionsFromMeta(meta, 'store', messages));
