import { SHARED_ATTRIBUTES, type ElementMeta } from './_meta.ts';
import { PARTS, TOKENS } from './_tokens.ts';

const meta: ElementMeta = {
  tag: 'blocklet-store',
  className: 'BlockletStoreElement',
  summary: 'The blocklet store: search, categories and a grid of blocklets; it routes inside itself with the History API under base-path.',
  attributes: [
    ...SHARED_ATTRIBUTES,
    { name: 'base-path', type: 'string', default: '/', description: 'Path the store is mounted at; its routes (search, blocklets/{did}) live under it.' },
  ],
  events: [
    {
      name: 'store-navigate',
      detail: '{ path: string }',
      description: 'The store is about to move to another of its pages (full path). Cancel to route yourself.',
      cancelable: true,
    },
  ],
  parts: [
    ...PARTS,
    { name: 'search', description: 'The search field.' },
    { name: 'categories', description: 'The category filter.' },
    { name: 'grid', description: 'The blocklet grid.' },
    { name: 'blocklet-card', description: 'One blocklet card.' },
  ],
  cssProperties: TOKENS,
};
export default meta;
