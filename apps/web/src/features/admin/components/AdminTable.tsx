import { Table, type TableColumn, type TableProps } from "@parley/ui/components/Table";
import { useFormat, useTranslation } from "@parley/ui/i18n/react";
import type en from "@parley/ui/locales/en/admin";
import { type ReactNode, useCallback } from "react";
import { Empty, Section } from "./Status";

type AdminTableProps<Row> = Omit<TableProps<Row>, "className"> & {
  /** Extra classes after `admin-table`. */
  className?: string;
};

/** A console table (`.admin-table`) in its scrolling wrap (`.admin-table-wrap`). */
export function AdminTable<Row>({ className, ...props }: AdminTableProps<Row>) {
  return (
    <div className="admin-table-wrap">
      <Table className={className ? `admin-table ${className}` : "admin-table"} {...props} />
    </div>
  );
}

/**
 * A console section holding one table: the section's heading, then "nothing here" when there are
 * no rows (or `emptyText` says so for another reason), else the table. `intro` stands before both,
 * `children` after (a dialog the table's buttons open).
 */
export function TableSection<Row>({
  title,
  emptyText,
  empty = false,
  intro,
  children,
  ...table
}: AdminTableProps<Row> & {
  title: ReactNode;
  emptyText: ReactNode;
  /** Show `emptyText` even with rows (what is known is not the whole list). */
  empty?: boolean;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Section title={title}>
      {intro}
      {empty || table.rows.length === 0 ? <Empty>{emptyText}</Empty> : <AdminTable {...table} />}
      {children}
    </Section>
  );
}

type Catalog = typeof en;
/** The catalog's table sections (`<page>.<section>`), each with a `title`, an `empty` line and a `caption`. */
export type TableTextsKey = {
  [Page in keyof Catalog]: {
    [Part in keyof Catalog[Page]]: Catalog[Page][Part] extends {
      title: string;
      empty: string;
      caption: string;
    }
      ? `${Page & string}.${Part & string}`
      : never;
  }[keyof Catalog[Page]];
}[keyof Catalog];

/** A table section's heading, "nothing here" line and caption, by the catalog's `<page>.<section>`. */
export function useTableTexts() {
  const { t } = useTranslation("admin");
  return useCallback(
    (section: TableTextsKey) => ({
      title: t(`${section}.title`),
      emptyText: t(`${section}.empty`),
      caption: t(`${section}.caption`),
    }),
    [t],
  );
}

/**
 * Makes a column of moments (date and time, kept on one line; empty when there is none). With
 * `time`, each is a `<time dateTime>`.
 */
export function useWhenColumn() {
  const format = useFormat();
  return useCallback(
    <Row,>(
      key: string,
      header: string,
      at: (row: Row) => string | null | undefined,
      time = false,
    ): TableColumn<Row> => ({
      key,
      header,
      className: "admin-nowrap",
      cell: (row) => {
        const value = at(row);
        if (!value) return null;
        const text = format.date(value, "dateTime");
        return time ? <time dateTime={value}>{text}</time> : text;
      },
    }),
    [format],
  );
}
