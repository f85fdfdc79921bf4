/** Review statuses (spec §3; platform-header-store.md B.3 tones): the API value → locale key and chip tone. */
import type { Tone } from '../ui/shared-css.ts';

export const REVIEW_STATUS: Record<string, { key: string; tone: Tone }> = {
  DRAFT: { key: 'draft', tone: 'default' },
  PENDING_REVIEW: { key: 'pending', tone: 'warning' },
  IN_REVIEW: { key: 'inReview', tone: 'info' },
  APPROVED: { key: 'approved', tone: 'success' },
  REJECTED: { key: 'rejected', tone: 'error' },
  CANCELLED: { key: 'cancelled', tone: 'error' },
  PUBLISHED: { key: 'published', tone: 'success' },
};
export const reviewStatus = (status: string | undefined): { key: string; tone: Tone } =>
  REVIEW_STATUS[(status ?? '').toUpperCase()] ?? { key: 'draft', tone: 'default' };
