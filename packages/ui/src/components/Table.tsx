import { type ReactNode, useState } from "react";
import { useFormat, useTranslation } from "../i18n/react";

export interface TableColumn<Row> {
  key: string;
  /** The column's heading; also each cell's `data-label` (phones show rows as small cards). */
  header: string;
  /** Keep the heading for screen readers only (a column of links). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  className?: string;
  /** False: the cell has no `data-label` (its content names itself). */
  labelled?: boolean;
}

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Read by screen readers only. */
  caption: string;
  className: string;
  /** Extra attributes of a row (`data-*`). */
  rowProps?: (row: Row) => Record<`data-${string}`, string>;
  /** Rows a page; without it every row shows and there is no pager. */
  pageSize?: number;
}

/**
 * A data table (`<table className>` with a screen-reader caption and `scope="col"` headings), cut
 * into pages of `pageSize` rows with Previous / Next when there are more.
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  caption,
  className,
  rowProps,
  pageSize,
}: TableProps<Row>) {
  const { t } = useTranslation("common");
  const format = useFormat();
  const [page, setPage] = useState(0);
  const pages = pageSize ? Math.max(1, Math.ceil(rows.length / pageSize)) : 1;
  const current = Math.min(page, pages - 1);
  const shown = pageSize ? rows.slice(current * pageSize, (current + 1) * pageSize) : rows;
  return (
    <>
      <table className={className}>
        <caption className="sr-only visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.className}>
                {column.hideHeader ? (
                  <span className="sr-only visually-hidden">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={column.className}
                  data-label={column.labelled === false ? undefined : column.header}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 ? (
        <nav className="pager" aria-label={t("pager.label")}>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            {t("pager.previous")}
          </button>
          <span className="pager-position" aria-live="polite">
            {t("pager.position", { page: format.number(current + 1), pages: format.number(pages) })}
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={current === pages - 1}
            onClick={() => setPage(current + 1)}
          >
            {t("pager.next")}
          </button>
        </nav>
      ) : null}
    </>
  );
}
