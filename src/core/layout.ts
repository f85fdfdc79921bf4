/**
 * Layout constants without React (an element's prefetch reads them before React loads): the breakpoints and the
 * tables' page sizes (spec §9: 10 a page, 5 below md).
 */

/** The md breakpoint (MUI's 900 px): below it the layouts switch to their small-screen form. */
export const BELOW_MD = '(max-width: 899px)';
/** The sm breakpoint (600 px). */
export const BELOW_SM = '(max-width: 599px)';

export const TABLE_PAGE_SIZE = 10;
export const TABLE_PAGE_SIZE_MOBILE = 5;
export const TABLE_PAGE_SIZE_OPTIONS = [5, 10, 20, 50, 100] as const;
