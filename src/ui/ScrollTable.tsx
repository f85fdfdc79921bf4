/**
 * A data table that never squeezes its words: when it is wider than its place (a phone, a narrow column) it scrolls
 * sideways inside its own box, a focusable region named by the table's caption, so the keyboard scrolls it too.
 *
 * Why the table says `overflow-wrap: normal` (inherited, so a cell's own rule still wins): every root's base rules
 * set `overflow-wrap: anywhere` (ui/README.md, "Text from data"), which lets an auto-layout table shrink a column to
 * one letter, so on a phone the headers and names stacked letter by letter ("N/a/m/e") and the buttons were cut
 * off. A cell's narrowest width is then its longest word: the table grows past the frame and the frame scrolls. A
 * cell that shows a long id or hash says `overflow-wrap: anywhere` itself. The header row stays on one line.
 */
import { useId, type ReactNode } from 'react';
import { useCss } from './styles.tsx';

/** A header cell: its label, and whether the column is end-aligned (amounts). */
export type ScrollTableColumn = [label: ReactNode, end?: boolean];

export function ScrollTable({
  caption,
  part,
  busy,
  columns,
  frameClassName,
  tableClassName,
  headRowClassName,
  cellClassName,
  children,
}: {
  caption: string;
  part?: string | undefined;
  busy?: boolean | undefined;
  columns: ScrollTableColumn[];
  /** The room's look of the frame (border, background), of the table, its header row and header cells. */
  frameClassName?: string | undefined;
  tableClassName?: string | undefined;
  headRowClassName?: string | undefined;
  cellClassName?: string | undefined;
  children: ReactNode;
}) {
  const { css, cx } = useCss();
  const captionId = useId();
  const end = css`text-align: end;`;
  return (
    // position: relative keeps what is positioned inside (the caption, "opens in a new tab" texts of links, which
    // are absolutely positioned 1 px boxes) in this scroll box: without it they sit where the wide table puts them
    // and widen the page on a phone. min-width: 0 lets the frame shrink in a flex or grid parent.
    /* eslint-disable jsx-a11y/no-noninteractive-tabindex -- a scroll box takes focus to scroll by keys */
    <div
      className={cx(css`position: relative; overflow-x: auto; min-width: 0; max-width: 100%;`, frameClassName)}
      tabIndex={0}
      role="region"
      aria-labelledby={captionId}
    >
      {/* eslint-enable jsx-a11y/no-noninteractive-tabindex -- only the scroll box */}
      <table
        part={part}
        aria-busy={busy}
        className={cx(
          css`width: 100%; border-collapse: collapse; overflow-wrap: normal; & thead { white-space: nowrap; }`,
          tableClassName,
        )}
      >
        <caption
          id={captionId}
          className={css`position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;`}
        >
          {caption}
        </caption>
        <thead>
          <tr className={headRowClassName}>
            {columns.map(([label, atEnd], i) => (
              <th key={i} scope="col" className={cx(cellClassName, atEnd ? end : undefined)}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
