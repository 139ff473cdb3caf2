import { Table, type TableProps } from "@parley/ui/components/Table";

/**
 * A billing history table (`.payments-table`, more classes after it) in its wrap, which the
 * billing page's styles turn into small cards on phones.
 */
export function BillingTable<Row>({
  className,
  ...props
}: Omit<TableProps<Row>, "className"> & { className?: string }) {
  return (
    <div className="payments-table-wrap">
      <Table className={className ? `payments-table ${className}` : "payments-table"} {...props} />
    </div>
  );
}
