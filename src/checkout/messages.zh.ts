import { checkout, common, error, interval, trial, validation } from '../../locales/zh.json';
import type { MessageTree } from '../ui/i18n.tsx';

export default { common, error, checkout, interval, trial, validation } satisfies MessageTree;
