// Template types of the elements for vue-tsc / Volar (attributes, object properties, `@pay-complete` handlers).
import type {} from 'blocklet-pay-elements/vue';
