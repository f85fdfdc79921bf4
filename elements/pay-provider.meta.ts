import { SHARED_ATTRIBUTES, type ElementMeta } from './_meta.ts';

const meta: ElementMeta = {
  tag: 'pay-provider',
  className: 'PayProviderElement',
  summary:
    "Sets the shared settings once for every element inside it (context protocol); an element's own attribute wins. Renders its children as they are (display: contents).",
  attributes: SHARED_ATTRIBUTES,
  events: [],
  slots: [
    {
      name: '',
      description:
        'The elements the settings apply to (any depth, shadow roots included) and any other content, rendered as it is.',
    },
  ],
};
export default meta;
