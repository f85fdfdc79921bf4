/**
 * What every portal table shares (spec §9 Tables): page size 10 (5 below md), options 5/10/20/50/100, the
 * scrollable captioned frame and the pager (rows per page, range, previous/next).
 */
import { useState, type ReactNode } from 'react';
import { TABLE_PAGE_SIZE_OPTIONS } from '../core/layout.ts';
import { formatNumber } from '../core/locale.ts';
import { Button } from '../ui/Button.tsx';
import { useSettings } from '../ui/context.tsx';
import { useT } from '../ui/i18n.tsx';
import { useIsMobile } from '../ui/responsive.ts';
import { ScrollTable, type ScrollTableColumn } from '../ui/ScrollTable.tsx';
import { Select } from '../ui/Select.tsx';
import { useCss } from '../ui/styles.tsx';
import { useOnChange } from '../ui/useOnChange.ts';
import { firstPageSize } from './screens.ts';

export type Paging = {
  page: number;
  pageSize: number;
  /** The customer chose the page size (the pager then stays, so the choice can be undone). */
  picked: boolean;
  setPage: (p: number) => void;
  setPageSize: (n: number) => void;
};

/** Page and page size; the size follows the viewport (10, or 5 below md) until the user picks one. Back to page 1 when `resetKey` changes. */
export function usePaging(resetKey = ''): Paging {
  const mobile = useIsMobile();
  const [pageSize, setPageSize] = useState<number>(firstPageSize(mobile));
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState(false);
  useOnChange(mobile, (m) => {
    if (!picked) setPageSize(firstPageSize(m));
  });
  useOnChange(resetKey, () => setPage(1));
  return {
    page,
    pageSize,
    picked,
    setPage,
    setPageSize: (n) => {
      setPicked(true);
      setPageSize(n);
      setPage(1);
    },
  };
}

export function useCellClass(): string {
  const { css } = useCss();
  return css`padding: 12px 14px; text-align: start; border-bottom: 1px solid var(--pay-color-border); white-space: nowrap;`;
}

/** A captioned table in a keyboard-scrollable region (ui ScrollTable), header row from `columns` ([label, end-aligned?]). */
export function TableFrame({
  label,
  part,
  busy,
  columns,
  children,
}: {
  label: string;
  part: string;
  busy?: boolean;
  columns: ScrollTableColumn[];
  children: ReactNode;
}) {
  const { css } = useCss();
  const cell = useCellClass();
  return (
    <ScrollTable
      caption={label}
      part={part}
      busy={busy}
      columns={columns}
      frameClassName={css`border: 1px solid var(--pay-color-border); border-radius: var(--pay-radius-lg); background: var(--pay-color-bg);`}
      tableClassName={css`font-variant-numeric: tabular-nums; & tbody tr:last-child > * { border-bottom: 0; } & tbody tr:hover { background: var(--pay-color-hover); }`}
      headRowClassName={css`background: var(--pay-color-surface); font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; color: var(--pay-color-muted);`}
      cellClassName={cell}
    >
      {children}
    </ScrollTable>
  );
}

/** Rows per page, the range and previous/next; nothing when everything fits on one page (no chrome to ignore). */
export function Pager({ label, count, paging }: { label: string; count: number; paging: Paging }) {
  const t = useT();
  const { css } = useCss();
  const { locale } = useSettings();
  const { page, pageSize } = paging;
  if (page === 1 && count <= pageSize && !paging.picked) return null;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const from = count ? (page - 1) * pageSize + 1 : 0;
  const to = Math.min(count, page * pageSize);
  return (
    <nav
      aria-label={label}
      part="pagination"
      className={css`display: flex; align-items: center; justify-content: flex-end; gap: 12px; flex-wrap: wrap; font-size: 13px; color: var(--pay-color-muted);`}
    >
      <div className={css`width: 150px;`}>
        <Select
          label={t('portal.rowsPerPage')}
          hideLabel
          value={String(pageSize)}
          options={TABLE_PAGE_SIZE_OPTIONS.map((n) => ({ value: String(n), label: t('portal.perPage', { count: n }) }))}
          onChange={(e) => paging.setPageSize(Number(e.target.value))}
        />
      </div>
      <span aria-live="polite">
        {t('portal.range', {
          from: formatNumber(from, locale),
          to: formatNumber(to, locale),
          total: formatNumber(count, locale),
        })}
      </span>
      {/* Previous, page and next wrap as one piece on a narrow screen. */}
      <div className={css`display: flex; align-items: center; gap: 8px;`}>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('portal.previous')}
          disabled={page <= 1}
          onClick={() => paging.setPage(page - 1)}
        >
          ‹
        </Button>
        <span>{t('portal.pageOf', { page, pages })}</span>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('portal.next')}
          disabled={page >= pages}
          onClick={() => paging.setPage(page + 1)}
        >
          ›
        </Button>
      </div>
    </nav>
  );
}
