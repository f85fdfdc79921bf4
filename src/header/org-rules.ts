/** Organization dropdown rules (pure; spec §5, §9). Loaded with the switcher, not in the first paint. */
export const ORG_SEARCH_DEBOUNCE_MS = 500;
export const ORG_PAGE_SIZE = 20;
export const ORG_LIST_MAX_HEIGHT = 240;
/** Load the next page when the list is scrolled within this many px of its end. */
export const ORG_LOAD_MORE_THRESHOLD = 50;
export const ORG_MENU_WIDTH = 340;

/** First letter of the org name (one grapheme-ish code point), upper-cased. */
export const orgInitial = (name: string | undefined): string => ([...(name ?? '').trim()][0] ?? '?').toUpperCase();

/** True when a scrolled list is within `threshold` px of its end. */
export const nearEnd = (
  el: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold = ORG_LOAD_MORE_THRESHOLD,
): boolean => el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
