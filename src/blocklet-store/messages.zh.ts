import { common, error, store } from '../../locales/zh.json';
import type { MessageTree } from '../ui/i18n.tsx';

export default { common, error, store } satisfies MessageTree;
