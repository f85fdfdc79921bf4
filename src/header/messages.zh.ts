import { common, error, header } from '../../locales/zh.json';
import type { MessageTree } from '../ui/i18n.tsx';

export default { common, error, header } satisfies MessageTree;
