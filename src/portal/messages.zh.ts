import { common, error, interval, portal } from '../../locales/zh.json';
import type { MessageTree } from '../ui/i18n.tsx';

export default { common, error, interval, portal } satisfies MessageTree;
