import { SiteHeader } from '../src/header/SiteHeader.tsx';
import { defineElement, optionsFromMeta } from '../src/ui/element.tsx';
import meta from './site-header.meta.ts';

export default defineElement(meta.tag, SiteHeader, optionsFromMeta(meta, 'header'));
