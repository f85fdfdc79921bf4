/**
 * What the wallet shows and signs for the payment area's DID Connect actions (checkout, re-stake, overdue invoices,
 * auto top-up authorization), in the language of the request (`locale`, texts.ts): one table per language.
 */
import { textsIn, type Texts } from '../../texts.ts';
import type { Recurring } from '../data/schema.ts';

type ConnectTexts = {
  checkout: Record<'payment' | 'subscription' | 'setup', (names: string) => string>;
  /** Joins the product names of a checkout's title. */
  and: string;
  per: Record<Recurring['interval'], string>;
  stake: string;
  total: string;
  restake: (subscription: string) => string;
  overdue: (count: number) => string;
  invoice: (number: string) => string;
  autoRecharge: (symbol: string) => string;
  buys: string;
  below: string;
  paidIn: string;
  dailyLimit: string;
  unlimited: string;
};

const TEXTS: Texts<ConnectTexts> = {
  en: {
    checkout: {
      payment: (names) => `Pay for ${names}`,
      subscription: (names) => `Subscribe to ${names}`,
      setup: (names) => `Set up ${names}`,
    },
    and: ', ',
    per: { hour: ' / hour', day: ' / day', week: ' / week', month: ' / month', year: ' / year' },
    stake: 'Stake (returned when the subscription ends)',
    total: 'Total due now',
    restake: (subscription) => `Stake for ${subscription}`,
    overdue: (count) => `Pay ${count} overdue invoice${count === 1 ? '' : 's'}`,
    invoice: (number) => `Pay invoice ${number}`,
    autoRecharge: (symbol) => `Authorize auto top-up of ${symbol}`,
    buys: 'Buys',
    below: 'When the balance is below',
    paidIn: 'Paid in',
    dailyLimit: 'Daily limit',
    unlimited: 'Unlimited',
  },
  zh: {
    checkout: {
      payment: (names) => `支付 ${names}`,
      subscription: (names) => `订阅 ${names}`,
      setup: (names) => `设置 ${names}`,
    },
    and: '、',
    per: { hour: ' / 每小时', day: ' / 每天', week: ' / 每周', month: ' / 每月', year: ' / 每年' },
    stake: '质押（订阅结束时退还）',
    total: '本次应付合计',
    restake: (subscription) => `为 ${subscription} 质押`,
    overdue: (count) => `支付 ${count} 张逾期账单`,
    invoice: (number) => `支付账单 ${number}`,
    autoRecharge: (symbol) => `授权自动充值 ${symbol}`,
    buys: '购买',
    below: '余额低于',
    paidIn: '支付币种',
    dailyLimit: '每日限额',
    unlimited: '不限',
  },
};

/** The payment area's wallet texts in `locale`'s language (English when it has no table). */
export const connectTexts = (locale: unknown): ConnectTexts => textsIn(TEXTS, locale);
