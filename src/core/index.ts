/** Framework-free domain logic. No React, no DOM rendering. */
export * from './money.ts';
export * from './errors.ts';
export * from './url.ts';
export * from './locale.ts';
export * from './dates.ts';
export * from './validation.ts';
export * from './billing.ts';
export * from './checkout.ts';
export * from './constants.ts';
export * from './links.ts';
export * from './phone.ts';
export * from './storage.ts';
