/**
 * The frame of the portal overview's summary, shared by the summary (a lazy chunk, src/portal/Summary.tsx) and what
 * stands in for it while its code or its figures load: the same cards, titles and heights, so the tabs below do not
 * move when the figures arrive. In the portal's first paint: kept to the classes and the cards.
 */
import type { ReactNode } from 'react';
import { useT } from '../ui/i18n.tsx';
import { useCss } from '../ui/styles.tsx';

/** The summary's classes: its grid of cards, a card, a card's title, a figure and a note. */
export function useSummaryClasses() {
  const { css } = useCss();
  return {
    grid: css`display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: 12px;`,
    // At least a title, a figure and a note high (13 + 20 + 14 px of text at the line height, the two gaps, the
    // padding and the border), as a loading card is: a card that says "No active plan" in one line does not shrink
    // the row when it arrives.
    card: css`display: flex; flex-direction: column; gap: 6px; box-sizing: border-box; min-width: 0; min-block-size: calc(var(--pay-line-height) * 47px + 46px); padding: 16px 18px; border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg);`,
    label: css`margin: 0; font-size: 13px; font-weight: 600; color: var(--pay-color-muted);`,
    big: css`font-size: 20px; font-weight: 700; font-variant-numeric: tabular-nums; overflow-wrap: anywhere;`,
    muted: css`color: var(--pay-color-muted); font-size: 14px; overflow-wrap: anywhere;`,
  };
}

/**
 * One card of the summary: its title over its lines. The titles are the page's second level, under its h1, whether
 * the summary has loaded or not (the summary itself is a region named by aria-label, not a heading of its own).
 */
export function SummaryCard({ part, title, children }: { part?: string; title: string; children: ReactNode }) {
  const c = useSummaryClasses();
  return (
    <div part={part} className={c.card}>
      <h2 className={c.label}>{title}</h2>
      {children}
    </div>
  );
}

/**
 * The summary while it loads: the three cards every customer has (plans, next charge, payment method), titled, as
 * high as loaded ones (their minimum), with `lines` in each (the summary's chunk shows shimmering lines while its
 * figures load; before it has loaded, the first paint shows the cards alone).
 */
export function SummaryLoading({ lines }: { lines?: ReactNode }) {
  const c = useSummaryClasses();
  const t = useT();
  return (
    <div aria-busy="true" className={c.grid}>
      {(['plans', 'nextCharge', 'paymentMethod'] as const).map((key) => (
        <SummaryCard key={key} title={t(`portal.summary.${key}`)}>
          {lines}
        </SummaryCard>
      ))}
    </div>
  );
}
